import { char, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { day, money } from './columns';
import { deals } from './deals';
import { properties } from './properties';

/**
 * The rent evidence of each dated deal on a property with a rent (migration 0013, ADR 0047), kept
 * by triggers beside the deal with the property's place (town lower-cased, post-code district),
 * scheme type and size, so GET /api/deals/comparables reads one covering index range. Areas are
 * in sq ft (sq m converted); rent_sqft is the deal's, else rent pa ÷ NIA; zone_a rent pa ÷ ITZA.
 * Application code never writes it. What Drizzle cannot express stays in the migration: the
 * triggers, `postcode_district(text)` and the covering indexes
 * `(town | district, effective_date, deal_id) INCLUDE (deal_type, currency, scheme_type, nia_sqft,
 * rent_sqft, zone_a)`.
 */
export const dealComparables = pgTable(
  'deal_comparables',
  {
    deal_id: integer('deal_id')
      .primaryKey()
      .references(() => deals.id, { onDelete: 'cascade' }),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    deal_type: text('deal_type').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    effective_date: day('effective_date').notNull(),
    /** lower(btrim(city)). */
    town: text('town'),
    /** postcode_district(post_code): the outward code, upper case. */
    district: text('district'),
    scheme_type: text('scheme_type'),
    nia_sqft: numeric('nia_sqft', { precision: 14, scale: 2 }),
    rent_sqft: money('rent_sqft'),
    zone_a: money('zone_a'),
  },
  (t) => [index('deal_comparables_property_idx').on(t.property_id)],
);
