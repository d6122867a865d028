import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, stamp, updatedAt } from './columns';
import { users } from './users';

/**
 * A webhook endpoint (ADR 0098). The secret signs deliveries, so it is kept as issued
 * (`whsec_…`), never sent again after the create or rotate answer; after a rotation the previous
 * one signs beside it until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabled_reason: text('disabled_reason'),
  secret: text('secret').notNull(),
  previous_secret: text('previous_secret'),
  previous_secret_expires_at: stamp('previous_secret_expires_at'),
  failing_since: stamp('failing_since'),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * The outbox: one row per change, written in the change's own transaction. The relay fans an
 * undispatched row out to the endpoints subscribed to its type (`dispatched_at` then set).
 * `message_id` is the `webhook-id` of every delivery of it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message_id: text('message_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
    dispatched_at: stamp('dispatched_at'),
  },
  (t) => [
    uniqueIndex('webhook_events_message_id_key').on(t.message_id),
    index('webhook_events_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatched_at} is null`),
    index('webhook_events_created_idx').on(t.created_at),
  ],
);

/**
 * One delivery per (endpoint, event). `seq` names the one job that may attempt it now (a replay
 * or a retry bumps it, so an older job finds itself stale); `queued` asks the relay to put a job
 * for it on the job layer; `step` is its place in the retry schedule.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    step: integer('step').notNull().default(0),
    seq: integer('seq').notNull().default(0),
    queued: boolean('queued').notNull().default(true),
    attempt_count: integer('attempt_count').notNull().default(0),
    next_attempt_at: stamp('next_attempt_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpoint_id, t.event_id),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpoint_id, t.created_at.desc(), t.id.desc()),
    index('webhook_deliveries_queued_idx')
      .on(t.id)
      .where(sql`${t.queued}`),
  ],
);

/** Every attempt of a delivery, kept WEBHOOK_LOG_DAYS days. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    delivery_id: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempted_at: stamp('attempted_at').notNull(),
    status_code: integer('status_code'),
    duration_ms: integer('duration_ms').notNull(),
    response_body: text('response_body').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.delivery_id, t.attempted_at.desc()),
    index('webhook_attempts_at_idx').on(t.attempted_at),
  ],
);
