/**
 * Webhook endpoints, the outbox of changes, their deliveries and every attempt (ADR 0098).
 */
import type { WebhookDeliveryStatus } from '@frontage/shared';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { newWebhookMessageId } from '../../db/webhook-message-id';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewEndpoint = typeof webhookEndpoints.$inferInsert;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/* ─────────────────────────── endpoints ─────────────────────────── */

export const insertEndpoint = async (db: Db, values: NewEndpoint): Promise<EndpointRow> =>
  (await db.insert(webhookEndpoints).values(values).returning())[0]!;

export const findEndpoint = async (db: Db, id: number, lock = false): Promise<EndpointRow | undefined> => {
  const q = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return (await (lock ? q.for('update') : q))[0];
};

export const listEndpoints = (db: Db): Promise<EndpointRow[]> =>
  db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);

export const updateEndpoint = async (
  db: Db,
  id: number,
  values: Partial<NewEndpoint>,
): Promise<EndpointRow | undefined> =>
  (await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning())[0];

export const deleteEndpoint = async (db: Db, id: number): Promise<boolean> =>
  (
    await db
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id })
  ).length > 0;

/* ───────────────────────────── outbox ───────────────────────────── */

/** Outbox rows in one statement, each with a new message id. */
export const insertEvents = async (
  db: Db,
  rows: Array<{ type: string; data: Record<string, unknown>; created_at: Date }>,
): Promise<void> => {
  if (!rows.length) return;
  await db.insert(webhookEvents).values(rows.map((r) => ({ ...r, message_id: newWebhookMessageId })));
};

/**
 * The relay's one pass, in the caller's transaction: up to `limit` undispatched changes, locked
 * (another process's pass skips them), fanned out to the enabled endpoints subscribed to their
 * type (one delivery per endpoint and change; a second pass over the same change adds none), then
 * marked dispatched. Answers how many changes it took.
 */
export const dispatchEvents = async (db: Db, limit: number, now: Date): Promise<number> => {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with taken as (
          select id, type from webhook_events where dispatched_at is null
          order by id limit ${limit} for update skip locked
        ), fanned as (
          insert into webhook_deliveries (endpoint_id, event_id, created_at)
          select e.id, t.id, ${now} from taken t join webhook_endpoints e on e.enabled and t.type = any (e.events)
          on conflict (endpoint_id, event_id) do nothing
        ), marked as (
          update webhook_events w set dispatched_at = ${now} from taken t where w.id = t.id returning 1
        )
        select count(*)::int as n from marked`,
  );
  return rows[0]?.n ?? 0;
};

/**
 * Deliveries waiting for a job (new, replayed, a retry now due), locked and cleared in the caller's transaction,
 * which also enqueues their jobs: a job exists exactly when the flag was cleared.
 */
export const takeQueued = (db: Db, limit: number, now: Date): Promise<Array<{ id: number; seq: number }>> =>
  queryRows<{ id: number; seq: number }>(
    db,
    sql`with taken as (
          select id from webhook_deliveries
          where queued and (next_attempt_at is null or next_attempt_at <= ${now})
          order by id limit ${limit} for update skip locked
        )
        update webhook_deliveries d set queued = false, seq = d.seq + 1
        from taken t where d.id = t.id returning d.id, d.seq`,
  );

/* ─────────────────────────── deliveries ─────────────────────────── */

export interface DeliveryContext {
  delivery: DeliveryRow;
  event: EventRow;
  endpoint: EndpointRow;
}

export const loadDelivery = async (
  db: Db,
  id: number,
  lock = false,
): Promise<DeliveryContext | undefined> => {
  const q = db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id))
    .where(eq(webhookDeliveries.id, id));
  return (await (lock ? q.for('update', { of: webhookDeliveries }) : q))[0];
};

export const updateDelivery = async (db: Db, id: number, values: Partial<DeliveryRow>): Promise<void> => {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
};

export const insertAttempt = async (db: Db, values: typeof webhookAttempts.$inferInsert): Promise<void> => {
  await db.insert(webhookAttempts).values(values);
};

export interface DeliveryFilter {
  endpointId: number;
  status?: WebhookDeliveryStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const deliveryWhere = (f: DeliveryFilter): SQL | undefined =>
  and(
    eq(webhookDeliveries.endpoint_id, f.endpointId),
    f.status ? eq(webhookDeliveries.status, f.status) : undefined,
    f.from ? gte(webhookDeliveries.created_at, f.from) : undefined,
    f.to ? lt(webhookDeliveries.created_at, f.to) : undefined,
  );

/**
 * Reads made in one snapshot (repeatable read, read only): a page of deliveries and their attempts
 * read one after the other could otherwise see an attempt recorded after its delivery row was read
 * (an attempt beside the delivery's state from before it).
 */
export const inOneSnapshot = <T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return read(tx as unknown as Db);
  });

export const listDeliveries = (db: Db, f: DeliveryFilter, limit: number, offset: number) =>
  db
    .select({
      delivery: webhookDeliveries,
      message_id: webhookEvents.message_id,
      type: webhookEvents.type,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
    .where(deliveryWhere(f))
    .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
    .limit(limit)
    .offset(offset);

export const countDeliveries = async (db: Db, f: DeliveryFilter): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(deliveryWhere(f))
  )[0]!.n;

export const attemptsOf = (db: Db, deliveryIds: number[]): Promise<AttemptRow[]> =>
  deliveryIds.length
    ? db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.delivery_id, deliveryIds))
        .orderBy(desc(webhookAttempts.attempted_at), desc(webhookAttempts.id))
    : Promise.resolve([]);

/** Sends deliveries again from the start of the schedule (the relay gives each a new job). */
export const requeue = async (db: Db, f: DeliveryFilter & { ids?: number[] }): Promise<number> =>
  (
    await db
      .update(webhookDeliveries)
      .set({ status: 'pending', step: 0, queued: true, next_attempt_at: null })
      .where(and(deliveryWhere(f), f.ids ? inArray(webhookDeliveries.id, f.ids) : undefined))
      .returning({ id: webhookDeliveries.id })
  ).length;

/** Attempts older than `before` go; so do settled deliveries and dispatched changes older than it. */
export const prune = async (db: Db, before: Date): Promise<number> => {
  const gone = await db
    .delete(webhookAttempts)
    .where(lt(webhookAttempts.attempted_at, before))
    .returning({ id: webhookAttempts.id });
  await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.created_at, before), sql`${webhookDeliveries.status} <> 'pending'`));
  await db.execute(
    sql`delete from webhook_events e where e.created_at < ${before} and e.dispatched_at is not null
        and not exists (select from webhook_deliveries d where d.event_id = e.id)`,
  );
  return gone.length;
};
