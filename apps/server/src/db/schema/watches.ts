import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companies } from './companies';
import { schemes } from './places';
import { properties } from './properties';
import { users } from './users';

/**
 * A user's watch of one unit, scheme or company (ADR 0095): exactly one of the three ids, each a
 * real foreign key so a removed record takes its watches with it. `created_at` is the first day a
 * watch's reminders count from (no catch-up before it, as for a new event).
 */
export const watches = pgTable(
  'watches',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    property_id: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    scheme_id: integer('scheme_id').references(() => schemes.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    check('watches_one_record', sql`num_nonnulls(${t.property_id}, ${t.scheme_id}, ${t.company_id}) = 1`),
    uniqueIndex('watches_user_property_unique').on(t.user_id, t.property_id),
    uniqueIndex('watches_user_scheme_unique').on(t.user_id, t.scheme_id),
    uniqueIndex('watches_user_company_unique').on(t.user_id, t.company_id),
    index('watches_property_idx').on(t.property_id),
    index('watches_scheme_idx').on(t.scheme_id),
    index('watches_company_idx').on(t.company_id),
    index('watches_user_idx').on(t.user_id, t.created_at),
  ],
);
