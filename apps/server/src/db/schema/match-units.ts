import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { area, day, money } from './columns';
import { properties } from './properties';

/**
 * What matching reads of every unit (migration 0015, ADR 0053): the property's availability
 * (vacant, lease end, break), its town (lower(city)), scheme, map position, its three measures in
 * sq ft (sq m converted) and its rent — kept by triggers from properties and addresses, so an
 * enquiry's matches in a busy town are a few index ranges of one table instead of a join of tens
 * of thousands of addresses and properties. Application code never writes it. What Drizzle cannot
 * express stays in the migration: the triggers, the partial index of the vacant units per town,
 * and the point index.
 *
 * The map (migration 0016, ADR 0054) reads it too: the tenant, the marker group (`grp`, the index
 * in MAP_GROUPS: the scheme's type, else Shops), the Web-Mercator position (`mx`, `my` in 0..1;
 * null without a lat/lng) and the rent per sq ft (rent_pa / NIA sq ft when both are known). Its
 * inserts, deletes and moves (lat, lng, grp) keep `map_grid` by trigger; a change of anything else
 * (rent, tenant, lease) updates the row in place and leaves the grid alone. It also keeps the unit's
 * full address, so a list of a large area walks `(full_address, property_id)` in order.
 */
export const matchUnits = pgTable(
  'match_units',
  {
    property_id: integer('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** lower(city) of the property's address. */
    town: text('town'),
    scheme_id: integer('scheme_id'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    vacant: boolean('vacant').notNull(),
    lease_end_date: day('lease_end_date'),
    break_date: day('break_date'),
    nia_sqft: area('nia_sqft'),
    itza_sqft: area('itza_sqft'),
    ground_sqft: area('ground_sqft'),
    rent_pa: money('rent_pa'),
    currency: char('currency', { length: 3 }).notNull(),
    tenant_id: integer('tenant_id'),
    /** The marker group: 0 out_of_town, 1 leisure, 2 shopping_centres, 3 shops (MAP_GROUPS). */
    grp: smallint('grp').notNull().default(3),
    /** Web-Mercator x and y in 0..1 (null without a position). */
    mx: doublePrecision('mx'),
    my: doublePrecision('my'),
    rent_sqft: money('rent_sqft'),
    /** The address as lists show and sort it (addresses.full_address; '' when it has none). */
    full_address: text('full_address').notNull().default(''),
  },
  (t) => [
    index('match_units_town_lease_idx').on(t.town, t.lease_end_date),
    index('match_units_town_break_idx').on(t.town, t.break_date),
    index('match_units_town_vacant_idx')
      .on(t.town)
      .where(sql`${t.vacant}`),
    index('match_units_scheme_idx').on(t.scheme_id),
    index('match_units_tenant_idx').on(t.tenant_id),
    /** Gap Analysis (migration 0019): a peer's distinct towns and schemes, index-only. */
    index('match_units_tenant_place_idx').on(t.tenant_id, t.town, t.scheme_id),
    index('match_units_address_idx').on(t.full_address, t.property_id),
    index('match_units_point_idx').using('gist', sql`point(${t.lng}, ${t.lat})`),
  ],
);

/**
 * Gap Analysis's per-place summary (ADR 0101): one row per town (match_units.town) and one per
 * scheme holding units — their number, the sums of their positions (millionths of a degree, so a
 * sum stays exact under any order of additions and subtractions; lat and lng counted apart, as
 * avg() skips each one's nulls) and the lowest unit id (whose address names the place). Exactly
 * one of `town` and `scheme_id` is set. Kept by triggers on match_units' inserts, deletes and
 * moves (town, scheme, position) — never by a letting, so deals do not queue on a town's row.
 * Emptied places are deleted. Application code never writes it.
 */
export const placeSummary = pgTable(
  'place_summary',
  {
    town: text('town'),
    scheme_id: integer('scheme_id'),
    units: integer('units').notNull(),
    n_lat: integer('n_lat').notNull(),
    sum_lat_e6: bigint('sum_lat_e6', { mode: 'number' }).notNull(),
    n_lng: integer('n_lng').notNull(),
    sum_lng_e6: bigint('sum_lng_e6', { mode: 'number' }).notNull(),
    first_id: integer('first_id').notNull(),
  },
  (t) => [
    uniqueIndex('place_summary_town_key')
      .on(t.town)
      .where(sql`${t.town} is not null`),
    uniqueIndex('place_summary_scheme_key')
      .on(t.scheme_id)
      .where(sql`${t.scheme_id} is not null`),
  ],
);
