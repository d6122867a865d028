import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { area, createdAt, day, money, updatedAt } from './columns';
import { companies } from './companies';
import { properties } from './properties';
import { schemes } from './places';
import { users } from './users';

/** A retailer's interest in a unit or a scheme (spec A §3). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    property_id: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    scheme_id: integer('scheme_id').references(() => schemes.id, { onDelete: 'cascade' }),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    received_at: day('received_at').notNull(),
    size_from: area('size_from'),
    size_to: area('size_to'),
    rent_from: money('rent_from'),
    rent_to: money('rent_to'),
    /** interest | under_offer | completed | withdrawn */
    stage: text('stage').notNull(),
    /** unknown | new_store | relocation | upsize | downsize */
    reason: text('reason').notNull().default('unknown'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /**
     * lower(city) of the property's address, else the scheme's, kept by triggers (migration 0014,
     * ADR 0050) for GET /api/enquiries' town filter; never written by the application.
     */
    town_key: text('town_key'),
  },
  (t) => [
    check('enquiries_subject', sql`${t.property_id} is not null or ${t.scheme_id} is not null`),
    index('enquiries_property_idx').on(t.property_id),
    index('enquiries_scheme_idx').on(t.scheme_id),
    index('enquiries_company_idx').on(t.company_id),
    index('enquiries_user_idx').on(t.user_id),
    // GET /api/enquiries (migration 0014, ADR 0050): the /pipelines board reads each stage's
    // column newest-updated first, alone or within a town; `mine` / `my_company` go by author.
    index('enquiries_stage_updated_idx').on(t.stage, t.updated_at.desc(), t.id.desc()),
    index('enquiries_town_stage_updated_idx').on(t.town_key, t.stage, t.updated_at.desc(), t.id.desc()),
    index('enquiries_updated_idx').on(t.updated_at.desc(), t.id.desc()),
    index('enquiries_created_by_idx').on(t.created_by, t.updated_at.desc(), t.id.desc()),
    index('enquiries_received_idx').on(t.received_at.desc(), t.id.desc()),
  ],
);
