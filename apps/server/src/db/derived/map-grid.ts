import { derived, fn, tableContent, trigger } from './define';

/**
 * The map's pre-aggregated grid (ADR 0054): per grid level 3..15 (zoom 0..12, cells of 64 px),
 * cell and marker group, the number of points, the exact sums of their lat and lng (millionths of
 * a degree) and of their signed ids (+property_id, −scheme_id). Points are the units of match_units
 * with a position and the live schemes at their address; emptied cells are deleted.
 */
export const mapGrid = derived({
  name: 'map_grid',
  kind: 'table',
  what: 'Per grid level, cell and marker group: the number of units and schemes in it, the sums of their positions and of their signed ids.',
  sources: {
    match_units: ['lat', 'lng', 'grp'],
    schemes: ['type', 'address_id', 'archived_at'],
    addresses: ['lat', 'lng'],
  },
  functions: [
    // One point leaves (o_…) and/or arrives (n_…; either side null = none): every level's cell of
    // each side, the two netted per cell (a move inside a cell changes only its sums), written in
    // (level, cx, cy, grp) order so concurrent writers lock rows in one order; emptied cells go.
    fn({
      name: 'map_grid_move',
      args: 'o_lat double precision, o_lng double precision, o_grp smallint, o_sid bigint, n_lat double precision, n_lng double precision, n_grp smallint, n_sid bigint',
      returns: 'void',
      language: 'sql',
      body: `
  INSERT INTO map_grid AS g (level, cx, cy, grp, n, sum_lat_e6, sum_lng_e6, id_sum)
  SELECT d.level, d.cx, d.cy, d.grp, sum(d.n), sum(d.slat), sum(d.slng), sum(d.sid)
  FROM (
    SELECT l.level, map_cell(map_mx(o_lng), l.level) AS cx, map_cell(map_my(o_lat), l.level) AS cy, o_grp AS grp, -1 AS n,
      -round(o_lat * 1e6)::bigint AS slat, -round(o_lng * 1e6)::bigint AS slng, -o_sid AS sid
    FROM generate_series(3, 15) AS l(level) WHERE o_lat IS NOT NULL AND o_lng IS NOT NULL
    UNION ALL
    SELECT l.level, map_cell(map_mx(n_lng), l.level), map_cell(map_my(n_lat), l.level), n_grp, 1,
      round(n_lat * 1e6)::bigint, round(n_lng * 1e6)::bigint, n_sid
    FROM generate_series(3, 15) AS l(level) WHERE n_lat IS NOT NULL AND n_lng IS NOT NULL
  ) d
  GROUP BY d.level, d.cx, d.cy, d.grp
  HAVING sum(d.n) <> 0 OR sum(d.slat) <> 0 OR sum(d.slng) <> 0 OR sum(d.sid) <> 0
  ORDER BY d.level, d.cx, d.cy, d.grp
  ON CONFLICT (level, cx, cy, grp) DO UPDATE SET n = g.n + EXCLUDED.n, sum_lat_e6 = g.sum_lat_e6 + EXCLUDED.sum_lat_e6,
    sum_lng_e6 = g.sum_lng_e6 + EXCLUDED.sum_lng_e6, id_sum = g.id_sum + EXCLUDED.id_sum;
  DELETE FROM map_grid g USING generate_series(3, 15) AS l(level)
  WHERE o_lat IS NOT NULL AND o_lng IS NOT NULL AND g.n = 0 AND g.level = l.level AND g.grp = o_grp
    AND g.cx = map_cell(map_mx(o_lng), l.level) AND g.cy = map_cell(map_my(o_lat), l.level);`,
    }),
    // A unit's point: inserted, deleted, or moved (position or group); match_units_rebuild pauses it.
    fn({
      name: 'map_grid_on_unit',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF current_setting('frontage.map_grid_paused', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM map_grid_move(NULL, NULL, NULL, NULL, NEW.lat, NEW.lng, NEW.grp, NEW.property_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM map_grid_move(OLD.lat, OLD.lng, OLD.grp, OLD.property_id, NULL, NULL, NULL, NULL);
  ELSE
    PERFORM map_grid_move(OLD.lat, OLD.lng, OLD.grp, OLD.property_id, NEW.lat, NEW.lng, NEW.grp, NEW.property_id);
  END IF;
  RETURN NULL;
END`,
    }),
    // A live scheme's point (its address's position, its type's group, id −scheme_id): an archived
    // scheme has none, so archiving takes it off and restoring puts it back (ADR 0078).
    fn({
      name: 'map_grid_on_scheme',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
DECLARE
  o_lat double precision; o_lng double precision; n_lat double precision; n_lng double precision;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id AND NEW.archived_at IS NULL;
    PERFORM map_grid_move(NULL, NULL, NULL, NULL, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id AND OLD.archived_at IS NULL;
    PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, NULL, NULL, NULL, NULL);
  ELSE
    SELECT lat, lng INTO o_lat, o_lng FROM addresses WHERE id = OLD.address_id AND OLD.archived_at IS NULL;
    SELECT lat, lng INTO n_lat, n_lng FROM addresses WHERE id = NEW.address_id AND NEW.archived_at IS NULL;
    PERFORM map_grid_move(o_lat, o_lng, map_group_of(OLD.type), -OLD.id::bigint, n_lat, n_lng, map_group_of(NEW.type), -NEW.id::bigint);
  END IF;
  RETURN NULL;
END`,
    }),
    // A scheme's address moved (its units' addresses reach the grid through match_units).
    fn({
      name: 'map_grid_on_address',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
DECLARE
  s record;
BEGIN
  FOR s IN SELECT id, type FROM schemes WHERE address_id = NEW.id AND archived_at IS NULL ORDER BY id LOOP
    PERFORM map_grid_move(OLD.lat, OLD.lng, map_group_of(s.type), -s.id::bigint, NEW.lat, NEW.lng, map_group_of(s.type), -s.id::bigint);
  END LOOP;
  RETURN NULL;
END`,
    }),
    // The whole grid again from match_units and schemes, one level at a time.
    fn({
      name: 'map_grid_rebuild',
      returns: 'void',
      language: 'plpgsql',
      body: `
BEGIN
  TRUNCATE map_grid;
  FOR lvl IN 3..15 LOOP
    INSERT INTO map_grid (level, cx, cy, grp, n, sum_lat_e6, sum_lng_e6, id_sum)
    SELECT lvl, map_cell(map_mx(p.lng), lvl), map_cell(map_my(p.lat), lvl), p.grp, count(*),
      sum(round(p.lat * 1e6)::bigint), sum(round(p.lng * 1e6)::bigint), sum(p.sid)
    FROM (
      SELECT u.lat, u.lng, u.grp, u.property_id::bigint AS sid FROM match_units u WHERE u.lat IS NOT NULL AND u.lng IS NOT NULL
      UNION ALL
      SELECT a.lat, a.lng, map_group_of(s.type), -s.id::bigint FROM schemes s JOIN addresses a ON a.id = s.address_id
      WHERE a.lat IS NOT NULL AND a.lng IS NOT NULL AND s.archived_at IS NULL
    ) p
    GROUP BY 2, 3, 4;
  END LOOP;
END`,
    }),
  ],
  triggers: [
    trigger({
      name: 'map_grid_on_unit_insert',
      table: 'match_units',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'ROW',
      // A unit with no position is no point (an imported unit, until geocoded: ADR 0103).
      when: 'NEW.lat IS NOT NULL AND NEW.lng IS NOT NULL',
      function: 'map_grid_on_unit',
    }),
    trigger({
      name: 'map_grid_on_unit_delete',
      table: 'match_units',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'ROW',
      function: 'map_grid_on_unit',
    }),
    trigger({
      name: 'map_grid_on_unit_move',
      table: 'match_units',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['lat', 'lng', 'grp'],
      forEach: 'ROW',
      when: 'OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng OR OLD.grp IS DISTINCT FROM NEW.grp',
      function: 'map_grid_on_unit',
    }),
    trigger({
      name: 'map_grid_on_scheme_insert',
      table: 'schemes',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'ROW',
      function: 'map_grid_on_scheme',
    }),
    trigger({
      name: 'map_grid_on_scheme_delete',
      table: 'schemes',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'ROW',
      function: 'map_grid_on_scheme',
    }),
    trigger({
      name: 'map_grid_on_scheme_change',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['type', 'address_id', 'archived_at'],
      forEach: 'ROW',
      when: 'OLD.type IS DISTINCT FROM NEW.type OR OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.archived_at IS DISTINCT FROM NEW.archived_at',
      function: 'map_grid_on_scheme',
    }),
    trigger({
      name: 'map_grid_on_address',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['lat', 'lng'],
      forEach: 'ROW',
      when: 'OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng',
      function: 'map_grid_on_address',
    }),
  ],
  rebuild: 'map_grid_rebuild',
  content: tableContent('map_grid'),
  readers: [
    'modules/map/map.repository.ts, map-points.repository.ts, map.service.ts: GET /api/map/clusters (only groups asked), the points count',
  ],
  adrs: ['0054', '0078'],
  migrations: ['0016', '0026', '0042'],
});
