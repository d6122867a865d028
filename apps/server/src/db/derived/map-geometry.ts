import { fn, type SqlFunction } from './define';

/**
 * The map's geometry (ADR 0054), shared by match_units and map_grid: Web-Mercator x and y in 0..1
 * (latitude clamped to ±85.0511°), the cell of a grid level, and a scheme type's marker group
 * (MAP_GROUP_OF_SCHEME_TYPE: 0 out_of_town, 1 leisure, 2 shopping_centres, 3 shops).
 */
export const mapGeometry: readonly SqlFunction[] = [
  fn({
    name: 'map_mx',
    args: 'lng double precision',
    returns: 'double precision',
    language: 'sql',
    volatility: 'IMMUTABLE',
    parallelSafe: true,
    body: `
  SELECT (lng + 180) / 360`,
  }),
  fn({
    name: 'map_my',
    args: 'lat double precision',
    returns: 'double precision',
    language: 'sql',
    volatility: 'IMMUTABLE',
    parallelSafe: true,
    body: `
  SELECT (1 - ln(tan(radians(least(greatest(lat, -85.0511), 85.0511))) + 1 / cos(radians(least(greatest(lat, -85.0511), 85.0511)))) / pi()) / 2`,
  }),
  fn({
    name: 'map_cell',
    args: 'v double precision, level integer',
    returns: 'integer',
    language: 'sql',
    volatility: 'IMMUTABLE',
    parallelSafe: true,
    body: `
  SELECT least(greatest(floor(v * (1 << level)), 0), (1 << level) - 1)::integer`,
  }),
  fn({
    name: 'map_group_of',
    args: 'scheme_type text',
    returns: 'smallint',
    language: 'sql',
    volatility: 'IMMUTABLE',
    parallelSafe: true,
    body: `
  SELECT (CASE scheme_type WHEN 'Out of town' THEN 0 WHEN 'Leisure' THEN 1 WHEN 'Shopping centres' THEN 2 ELSE 3 END)::smallint`,
  }),
];
