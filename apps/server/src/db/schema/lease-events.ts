import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { day, stamp } from './columns';
import { properties } from './properties';
import { users } from './users';

/**
 * Every let, live unit's lease events (migration 0030, ADR 0087): derived — kept by the triggers
 * declared in db/derived/lease-events.ts from the unit's lease terms; application code never
 * writes it. An event's API id is `${property_id}-${type}-${seq}`; `seq` numbers the rent reviews
 * by date (0 for every other type). The work list reads a date range through `(date,
 * property_id, type, seq)` (its total is an index-only count), a town's through `(town, date,
 * property_id)` — `town` is the unit's lower(city), kept with the events — and joins match_units
 * for the scheme and tenant filters.
 */
export const leaseEvents = pgTable(
  'lease_events',
  {
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** One of LEASE_EVENT_TYPES (packages/shared lease.schema.ts). */
    type: text('type').notNull(),
    seq: smallint('seq').notNull(),
    date: day('date').notNull(),
    hard: boolean('hard').notNull(),
    town: text('town'),
  },
  (t) => [
    primaryKey({ columns: [t.property_id, t.type, t.seq] }),
    index('lease_events_date_idx').on(t.date, t.property_id, t.type, t.seq),
    index('lease_events_town_idx').on(t.town, t.date, t.property_id),
  ],
);

/**
 * What every lease event has been (not derived: a history no rebuild could make again), written
 * by the lease_events refresh itself for real differences only. `sequence` starts at 0 and adds
 * one on every change of date or hardness and on a return after a removal; `removed_at` is set
 * while the event is gone. The calendar feed's SEQUENCE / CANCELLED and the reminders' "changed"
 * signal read it. `known_since` is when the event appeared (or came back after a removal): no
 * reminder is caught up for a day before it (ADR 0089).
 */
export const leaseEventLog = pgTable(
  'lease_event_log',
  {
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    seq: smallint('seq').notNull(),
    date: day('date').notNull(),
    hard: boolean('hard').notNull(),
    sequence: integer('sequence').notNull(),
    changed_at: stamp('changed_at').notNull(),
    removed_at: stamp('removed_at'),
    known_since: stamp('known_since').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.property_id, t.type, t.seq] }),
    index('lease_event_log_changed_idx').on(t.changed_at),
  ],
);

/**
 * A user's Done or Dismiss of a lease event (not derived). It counts only while the event keeps
 * the date it was taken on (`date`): a moved event is open again.
 */
export const leaseEventActions = pgTable(
  'lease_event_actions',
  {
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    seq: smallint('seq').notNull(),
    date: day('date').notNull(),
    /** 'done' | 'dismissed'. */
    status: text('status').notNull(),
    reason: text('reason'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.property_id, t.type, t.seq] }),
    check('lease_event_actions_status', sql`${t.status} in ('done', 'dismissed')`),
  ],
);

/**
 * The lease events' settings, one row (`id` is always true): the months before expiry the
 * re-gear prompt falls. Triggers cannot read the server's environment, so the server writes
 * REGEAR_PROMPT_MONTHS here at start-up; a change derives every prompt again.
 */
export const leaseEventSettings = pgTable(
  'lease_event_settings',
  {
    id: boolean('id').primaryKey().default(true),
    regear_prompt_months: smallint('regear_prompt_months').notNull().default(24),
  },
  (t) => [
    check('lease_event_settings_one_row', sql`${t.id}`),
    check('lease_event_settings_months', sql`${t.regear_prompt_months} between 1 and 120`),
  ],
);
