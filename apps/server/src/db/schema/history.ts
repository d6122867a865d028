import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp } from './columns';
import { users } from './users';

/**
 * Every change of a property, scheme or address field: who, when, old and new value (JSON: a
 * scalar, or a list of ids for party lists), where it came from, and whether it is verified.
 * Changes by admins are verified at once; others stay unverified until an admin verifies them.
 */
export const fieldHistory = pgTable(
  'field_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'property' | 'scheme' | 'address' */
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    field: text('field').notNull(),
    old_value: jsonb('old_value'),
    new_value: jsonb('new_value'),
    /** 'create' | 'update' | 'areas' | 'address' | 'deal' | 'set_me_as_contact' … */
    source: text('source').notNull(),
    /**
     * The deal that made the change (source 'deal'; ADR 0043), or whose correction or void did
     * ('deal_correction', 'deal_void'). No foreign key: a voided deal leaves `deals` for
     * `voided_deals` under the same id and keeps its history (ADR 0077).
     */
    deal_id: integer('deal_id'),
    /** The import whose apply or revert made the change (ADR 0094); no foreign key, as for deals. */
    import_id: integer('import_id'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    verified: boolean('verified').notNull().default(false),
    verified_by: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verified_at: stamp('verified_at'),
    /**
     * An admin rejected the change: the previous value was restored (itself a 'reject' row). A
     * rejected change is also marked verified (reviewed), so it leaves every unverified count.
     */
    rejected_by: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejected_at: stamp('rejected_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('field_history_entity_idx').on(t.entity_type, t.entity_id, t.created_at.desc(), t.id.desc()),
    index('field_history_unverified_idx')
      .on(t.entity_type, t.entity_id, t.field)
      .where(sql`not ${t.verified}`),
    // The verification queue reads the waiting changes oldest first.
    index('field_history_queue_idx')
      .on(t.created_at, t.id)
      .where(sql`not ${t.verified}`),
    index('field_history_deal_idx')
      .on(t.deal_id)
      .where(sql`${t.deal_id} is not null`),
  ],
);
