/**
 * Webhooks (ADR 0098): endpoints, the outbox every change writes in its own transaction
 * (`recordWebhookEvent`), the delivery log and replays. Sending is webhooks.delivery.ts's, on the
 * job layer (webhooks.jobs.ts).
 */
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_ROTATION_HOURS,
  type Page,
  type Webhook,
  type WebhookCreate,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookReplayRange,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import { newSecret } from './webhooks.delivery';
import { urlProblem } from './webhooks.http';
import { presentDelivery, presentEndpoint } from './webhooks.presenter';
import * as repo from './webhooks.repository';

/** The save-time check (names resolved now, ADR 0111); every attempt checks again. */
const checkUrl = async (deps: ServiceDeps, url: string): Promise<void> => {
  const problem = await urlProblem(url, deps.config.webhooks);
  if (problem) throw ValidationError.field('url', WEBHOOK_MESSAGES[problem]);
};

const found = <T>(row: T | undefined): T => {
  if (!row) throw new NotFoundError();
  return row;
};

export const listEndpoints = async (deps: ServiceDeps): Promise<Webhook[]> =>
  (await repo.listEndpoints(deps.db)).map(presentEndpoint);

export const getEndpoint = async (deps: ServiceDeps, id: number): Promise<Webhook> =>
  presentEndpoint(found(await repo.findEndpoint(deps.db, id)));

export const createEndpoint = async (
  deps: ServiceDeps,
  actorId: number,
  b: Required<Pick<WebhookCreate, 'url' | 'events'>> & { description: string },
): Promise<WebhookWithSecret> => {
  await checkUrl(deps, b.url);
  const secret = newSecret();
  const now = deps.now();
  const row = await repo.insertEndpoint(deps.db, {
    url: b.url,
    events: b.events,
    description: b.description,
    secret,
    created_by: actorId,
    created_at: now,
    updated_at: now,
  });
  return { ...presentEndpoint(row), secret };
};

export const updateEndpoint = async (
  deps: ServiceDeps,
  id: number,
  b: Omit<WebhookUpdate, 'events'> & { events?: string[] | undefined },
): Promise<Webhook> => {
  if (b.url !== undefined) await checkUrl(deps, b.url);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = found(await repo.findEndpoint(tx, id, true));
    // Enabling again starts afresh: the failures that disabled it are forgotten.
    const toggle =
      b.enabled === undefined || b.enabled === current.enabled
        ? {}
        : b.enabled
          ? { enabled: true, disabled_reason: null, failing_since: null }
          : { enabled: false, disabled_reason: null };
    return repo.updateEndpoint(tx, id, {
      ...(b.url !== undefined ? { url: b.url } : {}),
      ...(b.events !== undefined ? { events: b.events } : {}),
      ...(b.description !== undefined ? { description: b.description } : {}),
      ...toggle,
      updated_at: now,
    });
  });
  return presentEndpoint(found(row));
};

export const deleteEndpoint = async (deps: ServiceDeps, id: number): Promise<void> => {
  if (!(await repo.deleteEndpoint(deps.db, id))) throw new NotFoundError();
};

/** A new secret, answered once; the old one signs beside it for 24 hours. */
export const rotateSecret = async (deps: ServiceDeps, id: number): Promise<WebhookWithSecret> => {
  const now = deps.now();
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    const current = found(await repo.findEndpoint(tx, id, true));
    return repo.updateEndpoint(tx, id, {
      secret,
      previous_secret: current.secret,
      previous_secret_expires_at: new Date(now.getTime() + WEBHOOK_ROTATION_HOURS * 3_600_000),
      updated_at: now,
    });
  });
  return { ...presentEndpoint(found(row)), secret };
};

/** `yyyy-mm-dd` as the range's bound: from the day's start, to its end (UTC). */
const boundOf = (v: string | undefined, end: boolean): Date | undefined => {
  if (v === undefined) return undefined;
  const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  return end && v.length === 10 ? new Date(d.getTime() + 86_400_000) : end ? new Date(d.getTime() + 1) : d;
};

const rangeOf = (from: string | undefined, to: string | undefined) => {
  const range = { from: boundOf(from, false), to: boundOf(to, true) };
  if (range.from && range.to && range.to <= range.from)
    throw ValidationError.field('to', WEBHOOK_MESSAGES.rangeOrder);
  return range;
};

export const listDeliveries = async (
  deps: ServiceDeps,
  endpointId: number,
  q: WebhookDeliveriesQuery,
): Promise<Page<WebhookDelivery>> => {
  found(await repo.findEndpoint(deps.db, endpointId));
  const filter = { endpointId, status: q.status, ...rangeOf(q.from, q.to) };
  const { rows, total, attempts } = await repo.inOneSnapshot(deps.db, async (db) => {
    const page = await repo.listDeliveries(db, filter, q.per_page, offsetOf(q.page, q.per_page));
    return {
      rows: page,
      total: await repo.countDeliveries(db, filter),
      attempts: await repo.attemptsOf(
        db,
        page.map((r) => r.delivery.id),
      ),
    };
  });
  return toPage(
    rows.map((r) => presentDelivery(r, attempts)),
    { total, page: q.page, perPage: q.per_page },
  );
};

/**
 * The endpoint, locked until the replay is written, when it may be sent to: a disabled endpoint's
 * delivery would fail without an attempt, so replaying one is refused until it is enabled again
 * (ADR 0111).
 */
const replayable = async (tx: Db, endpointId: number): Promise<void> => {
  const endpoint = found(await repo.findEndpoint(tx, endpointId, true));
  if (!endpoint.enabled) throw new AppError(409, 'conflict', WEBHOOK_MESSAGES.replayDisabled);
};

export const replayDelivery = async (
  deps: ServiceDeps,
  endpointId: number,
  deliveryId: number,
): Promise<void> => {
  await deps.db.transaction(async (tx) => {
    await replayable(tx, endpointId);
    const n = await repo.requeue(tx, { endpointId, ids: [deliveryId] });
    if (!n) throw new NotFoundError();
  });
};

/** Every failed delivery of the endpoint created in the range goes again; answers how many. */
export const replayFailed = async (
  deps: ServiceDeps,
  endpointId: number,
  b: WebhookReplayRange,
): Promise<number> => {
  return deps.db.transaction(async (tx) => {
    await replayable(tx, endpointId);
    return repo.requeue(tx, { endpointId, status: 'failed', ...rangeOf(b.from, b.to) });
  });
};
