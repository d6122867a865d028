/**
 * The webhooks' outbox (ADR 0098): the one function every change calls in its own transaction.
 * Kept apart from the endpoints' service so the modules that record changes import only this.
 */
import type { WebhookEventData, WebhookEventType } from '@frontage/shared';
import type { Db } from '../../db/client';
import * as repo from './webhooks.repository';

/**
 * The outbox: records a change in the caller's transaction, so it is sent if and only if the change
 * commits. The relay fans it out to the subscribed endpoints after the commit.
 */
export const recordWebhookEvent = async <T extends WebhookEventType>(
  tx: Db,
  type: T,
  data: WebhookEventData<T>,
  now: Date,
): Promise<void> => recordWebhookEvents(tx, type, [data], now);

/** Several changes of one type (each its own event and message id), in one statement. */
export const recordWebhookEvents = async <T extends WebhookEventType>(
  tx: Db,
  type: T,
  data: Array<WebhookEventData<T>>,
  now: Date,
): Promise<void> =>
  repo.insertEvents(
    tx,
    data.map((d) => ({ type, data: d as Record<string, unknown>, created_at: now })),
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A property's fields changed (an edit, a deal, a deal undone): `property.updated` naming the
 * fields that differ, and `property.tenant_changed` when the tenant is one of them.
 */
export const recordPropertyChange = async (
  tx: Db,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  now: Date,
): Promise<void> => {
  const fields = Object.keys(after).filter((k) => !same(before[k], after[k]));
  if (!fields.length) return;
  await recordWebhookEvent(tx, 'property.updated', { id, fields }, now);
  if (fields.includes('tenant_id'))
    await recordWebhookEvent(
      tx,
      'property.tenant_changed',
      {
        id,
        from_tenant_id: (before.tenant_id as number | null) ?? null,
        to_tenant_id: (after.tenant_id as number | null) ?? null,
      },
      now,
    );
};

/** The fields of `after` whose value differs from `before`'s. */
export const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>): string[] =>
  Object.keys(after).filter((k) => after[k] !== undefined && !same(before[k], after[k]));

/** A company's fields changed: `company.updated` naming those that differ; nothing when none does. */
export const recordCompanyChange = async (
  tx: Db,
  id: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  now: Date,
): Promise<void> => {
  const fields = changedFields(before, after);
  if (fields.length) await recordWebhookEvent(tx, 'company.updated', { id, fields }, now);
};
