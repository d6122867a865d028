import { bigserial, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { companies } from './companies';
import { properties } from './properties';

/**
 * A tracked retailer's store opening or closing: written only by the trigger on
 * properties when a unit's tenant changes (migration 0018), so every path — a deal, an edit, an
 * import — records it. `on_date` is the transaction's `frontage.event_date` (a deal's effective
 * date) else the day of the change; `deal_id` the transaction's `frontage.deal_id`. A store whose
 * address changes is not an event (the unit is the store).
 */
export const storeEvents = pgTable(
  'store_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'opening' | 'closure' (STORE_EVENT_KINDS). */
    kind: text('kind').notNull(),
    on_date: date('on_date', { mode: 'string' }).notNull(),
    /** No foreign key: a voided deal keeps its id in voided_deals (ADR 0077). */
    deal_id: integer('deal_id'),
    created_at: createdAt(),
  },
  (t) => [
    check('store_events_kind', sql`${t.kind} in ('opening', 'closure')`),
    index('store_events_company_date_idx').on(t.company_id, t.on_date.desc()),
    index('store_events_property_idx').on(t.property_id),
  ],
);
