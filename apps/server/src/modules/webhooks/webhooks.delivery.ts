/**
 * Sending one delivery (ADR 0098): the Standard Webhooks headers and signature, a fresh timestamp
 * (and so a fresh signature) on every attempt, the retry schedule with jitter, 410, Retry-After,
 * and disabling an endpoint that has failed for 5 days. An attempt and what follows from it (the
 * next job, the endpoint's state, its owner's notification) are written in one transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_JITTER,
} from '@frontage/shared';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { publishNotificationChanges } from '../../events';
import { insertNotifications } from '../notifications/notifications.repository';
import { postOnce, type AttemptResult } from './webhooks.http';
import * as repo from './webhooks.repository';

export const WEBHOOK_DELIVER_QUEUE = 'webhooks-deliver';

export interface DeliverJob {
  id: number;
  seq: number;
}

/** A new secret in the specification's format: `whsec_` and 24 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** The signatures of one attempt: the current secret's, and the previous one's while it still signs. */
export const signatureHeader = (
  endpoint: Pick<repo.EndpointRow, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  messageId: string,
  at: Date,
  body: string,
): string => {
  const secrets = [endpoint.secret];
  if (
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > at
  )
    secrets.push(endpoint.previous_secret);
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
};

/** The body every attempt of a change sends: the same bytes each time. */
export const envelopeOf = (event: repo.EventRow): string =>
  JSON.stringify({ type: event.type, timestamp: event.created_at.toISOString(), data: event.data });

/** Seconds before attempt `step` (from 0), jittered; null when the schedule has no such attempt. */
export const delayBefore = (
  schedule: readonly number[],
  step: number,
  random = Math.random,
): number | null => {
  const base = schedule[step];
  if (base === undefined) return null;
  return base * (1 - WEBHOOK_RETRY_JITTER + 2 * WEBHOOK_RETRY_JITTER * random());
};

/** Retry-After as seconds (a number of seconds or an HTTP date); null when absent or unreadable. */
export const retryAfterSeconds = (value: string | null, now: Date): number | null => {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
};

/** The longest a Retry-After may push an attempt back: the schedule's longest step. */
const retryAfterCap = (schedule: readonly number[]) => Math.max(...schedule, 1);

const outcomeOf = (r: AttemptResult) => ({
  ok: r.status !== null && r.status >= 200 && r.status < 300,
  gone: r.status === 410,
  // 429 and 503 say when to come back; any other failure follows the schedule.
  wait: r.status === 429 || r.status === 503 ? r.retryAfter : null,
});

/** Makes one attempt of the delivery the job names, unless another job has taken its place. */
export const runDelivery = async (deps: ServiceDeps, job: DeliverJob): Promise<void> => {
  const ctx = await repo.loadDelivery(deps.db, job.id);
  if (!ctx || ctx.delivery.seq !== job.seq || ctx.delivery.status !== 'pending') return;
  const { delivery, event, endpoint } = ctx;
  const at = deps.now();
  if (!endpoint.enabled) {
    await repo.updateDelivery(deps.db, delivery.id, { status: 'failed', next_attempt_at: null });
    return;
  }
  const body = envelopeOf(event);
  const { config } = deps;
  const result = await postOnce(
    endpoint.url,
    {
      'content-type': 'application/json',
      'user-agent': 'Frontage-Webhooks/1',
      'webhook-id': event.message_id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatureHeader(endpoint, event.message_id, at, body),
    },
    body,
    {
      allowLoopback: config.webhooks.allowLoopback,
      allowHttp: config.webhooks.allowHttp,
      resolve: config.webhooks.resolve,
      timeoutMs: config.webhooks.timeoutMs,
      keepBytes: WEBHOOK_RESPONSE_KEEP_BYTES,
    },
  );
  await settle(deps, ctx, at, result);
};

const settle = async (
  deps: ServiceDeps,
  { delivery, endpoint }: repo.DeliveryContext,
  at: Date,
  result: AttemptResult,
): Promise<void> => {
  const outcome = outcomeOf(result);
  const schedule = deps.config.webhooks.retrySchedule;
  const notify: number[] = [];
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    // Locked and read again: a replay or an edit since the attempt began wins.
    const current = await repo.loadDelivery(tx, delivery.id, true);
    if (!current || current.delivery.seq !== delivery.seq) return;
    await repo.insertAttempt(tx, {
      delivery_id: delivery.id,
      attempted_at: at,
      status_code: result.status,
      duration_ms: result.durationMs,
      response_body: result.body,
      error: result.error ?? (outcome.ok ? null : statusError(result.status)),
    });
    const attempt_count = delivery.attempt_count + 1;
    if (outcome.ok) {
      await repo.updateDelivery(tx, delivery.id, {
        status: 'succeeded',
        attempt_count,
        next_attempt_at: null,
      });
      await repo.updateEndpoint(tx, endpoint.id, { failing_since: null });
      return;
    }
    const failingSince = current.endpoint.failing_since ?? at;
    const tooLong = now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000;
    const disable = outcome.gone
      ? WEBHOOK_MESSAGES.disabledGone
      : tooLong && current.endpoint.enabled
        ? WEBHOOK_MESSAGES.disabledFailing
        : null;
    await repo.updateEndpoint(tx, endpoint.id, {
      failing_since: failingSince,
      ...(disable ? { enabled: false, disabled_reason: disable, updated_at: now } : {}),
    });
    if (disable === WEBHOOK_MESSAGES.disabledFailing && endpoint.created_by !== null) {
      await tellOwner(tx, endpoint, now);
      notify.push(endpoint.created_by);
    }
    const step = delivery.step + 1;
    const waited = outcome.wait !== null ? retryAfterSeconds(outcome.wait, now) : null;
    const scheduled = delayBefore(schedule, step);
    const delay =
      scheduled === null ? null : waited !== null ? Math.min(waited, retryAfterCap(schedule)) : scheduled;
    if (disable || delay === null) {
      await repo.updateDelivery(tx, delivery.id, {
        status: 'failed',
        attempt_count,
        step,
        next_attempt_at: null,
      });
      return;
    }
    // The relay gives it a job once it is due (a job's own start time cannot be set inside a
    // transaction on our executor), so the retry exists exactly when this attempt is recorded.
    await repo.updateDelivery(tx, delivery.id, {
      attempt_count,
      step,
      queued: true,
      next_attempt_at: new Date(now.getTime() + delay * 1000),
    });
  });
  if (notify.length) await publishNotificationChanges(deps.db, notify);
};

const statusError = (status: number | null): string | null =>
  status === null
    ? null
    : status >= 300 && status < 400
      ? `redirect (${status}) not followed`
      : `HTTP ${status}`;

const tellOwner = async (tx: Db, endpoint: repo.EndpointRow, now: Date): Promise<void> => {
  await insertNotifications(tx, [
    {
      user_id: endpoint.created_by!,
      type: 'webhook_disabled',
      message: WEBHOOK_MESSAGES.disabledNotice(endpoint.url),
      url: '/webhooks',
      data: { webhook_id: endpoint.id },
      created_at: now,
    },
  ]);
};
