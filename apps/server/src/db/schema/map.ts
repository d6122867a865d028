import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * The map's pre-aggregated grid (migration 0016, ADR 0054): for every grid level 3..15 (map zoom
 * 0..12; a cell is 64 px at zoom level − 3) and every cell and marker group, how many points are in
 * it, the sums of their lat and lng in millionths of a degree (integers, so a sum stays exact under
 * any order of additions and subtractions) and the sum of their signed ids (+property_id,
 * −scheme_id: a cell of one point names it). Kept by the triggers of migration 0016 from
 * match_units and schemes; rows with n = 0 are deleted. Application code never writes it.
 */
export const mapGrid = pgTable(
  'map_grid',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    grp: smallint('grp').notNull(),
    n: integer('n').notNull(),
    sum_lat_e6: bigint('sum_lat_e6', { mode: 'number' }).notNull(),
    sum_lng_e6: bigint('sum_lng_e6', { mode: 'number' }).notNull(),
    id_sum: bigint('id_sum', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.cx, t.cy, t.grp] })],
);

/** A user's named area of the map (area search → Save): a polygon or a circle, with the filters. */
export const mapSearches = pgTable(
  'map_searches',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    area: jsonb('area').$type<Record<string, unknown>>().notNull(),
    filters: jsonb('filters')
      .$type<Record<string, string | string[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    created_at: createdAt(),
  },
  (t) => [index('map_searches_user_idx').on(t.user_id, t.created_at.desc(), t.id.desc())],
);
