import { derived, fn, tableContent, trigger } from './define';

/** A place's row as its units make it, for one key (`town` or `scheme_id`). */
const summaryOf = (key: 'town' | 'scheme_id') => `
    SELECT ${key === 'town' ? 'u.town, NULL::integer' : 'NULL::text, u.scheme_id'}, count(*)::integer,
      count(u.lat)::integer, coalesce(sum(round(u.lat * 1e6)::bigint), 0), count(u.lng)::integer,
      coalesce(sum(round(u.lng * 1e6)::bigint), 0), min(u.property_id)
    FROM match_units u WHERE u.${key} IS NOT NULL GROUP BY u.${key}`;

/**
 * One unit joins (d = 1) or leaves (d = −1) a place. A place's sums move by the unit's position;
 * its lowest id is the least on a join and is looked up again only when that very unit leaves;
 * an emptied place is deleted. Row triggers run after their whole statement: when one DELETE
 * takes every unit of a place, the first unit's trigger finds none left, so the id stays until the
 * last one's trigger deletes the place. The town and the scheme of a unit are two places.
 */
const move = (key: 'town' | 'scheme_id', type: string) =>
  fn({
    name: `place_summary_${key === 'town' ? 'town' : 'scheme'}`,
    args: `p_key ${type}, d integer, p_lat double precision, p_lng double precision, p_id integer`,
    returns: 'void',
    language: 'plpgsql',
    body: `
DECLARE
  left_units integer; left_first integer;
BEGIN
  IF p_key IS NULL THEN RETURN; END IF;
  IF d > 0 THEN
    INSERT INTO place_summary AS s (${key}, units, n_lat, sum_lat_e6, n_lng, sum_lng_e6, first_id)
    VALUES (p_key, 1, (p_lat IS NOT NULL)::integer, coalesce(round(p_lat * 1e6)::bigint, 0),
      (p_lng IS NOT NULL)::integer, coalesce(round(p_lng * 1e6)::bigint, 0), p_id)
    ON CONFLICT (${key}) WHERE ${key} IS NOT NULL DO UPDATE SET units = s.units + 1,
      n_lat = s.n_lat + EXCLUDED.n_lat, sum_lat_e6 = s.sum_lat_e6 + EXCLUDED.sum_lat_e6,
      n_lng = s.n_lng + EXCLUDED.n_lng, sum_lng_e6 = s.sum_lng_e6 + EXCLUDED.sum_lng_e6,
      first_id = least(s.first_id, EXCLUDED.first_id);
    RETURN;
  END IF;
  UPDATE place_summary s SET units = s.units - 1,
    n_lat = s.n_lat - (p_lat IS NOT NULL)::integer, sum_lat_e6 = s.sum_lat_e6 - coalesce(round(p_lat * 1e6)::bigint, 0),
    n_lng = s.n_lng - (p_lng IS NOT NULL)::integer, sum_lng_e6 = s.sum_lng_e6 - coalesce(round(p_lng * 1e6)::bigint, 0)
  WHERE s.${key} = p_key
  RETURNING s.units, s.first_id INTO left_units, left_first;
  IF left_units = 0 THEN
    DELETE FROM place_summary s WHERE s.${key} = p_key;
  ELSIF left_first = p_id THEN
    UPDATE place_summary s
    SET first_id = coalesce((SELECT min(u.property_id) FROM match_units u WHERE u.${key} = p_key), s.first_id)
    WHERE s.${key} = p_key;
  END IF;
END`,
  });

/**
 * Gap Analysis's per-place summary (ADR 0101): per town and per scheme, its units, the sums of
 * their positions and its lowest unit id — so a ranked page reads each place's size, centroid and
 * name from one row instead of counting and sampling its units (ADR 0058's suggestion). Kept only
 * by what moves a unit between places or on the map (insert, delete, town, scheme, lat, lng): a
 * letting or a lease change never writes it, so concurrent deals in one town do not queue on it.
 */
export const placeSummary = derived({
  name: 'place_summary',
  kind: 'table',
  what: 'Per town and per scheme holding live units: the number of units, the sums of their lat and lng (millionths of a degree, each with its count) and the lowest unit id.',
  sources: {
    match_units: ['town', 'scheme_id', 'lat', 'lng'],
  },
  functions: [
    move('town', 'text'),
    move('scheme_id', 'integer'),
    // A unit's places: it leaves its old town and scheme and joins its new ones (an update that
    // keeps them moves its position); match_units_rebuild pauses it and rebuilds the summary.
    fn({
      name: 'place_summary_on_unit',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF current_setting('frontage.place_summary_paused', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM place_summary_town(OLD.town, -1, OLD.lat, OLD.lng, OLD.property_id);
    PERFORM place_summary_scheme(OLD.scheme_id, -1, OLD.lat, OLD.lng, OLD.property_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM place_summary_town(NEW.town, 1, NEW.lat, NEW.lng, NEW.property_id);
    PERFORM place_summary_scheme(NEW.scheme_id, 1, NEW.lat, NEW.lng, NEW.property_id);
  END IF;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'place_summary_rebuild',
      returns: 'void',
      language: 'plpgsql',
      body: `
BEGIN
  TRUNCATE place_summary;
  INSERT INTO place_summary (town, scheme_id, units, n_lat, sum_lat_e6, n_lng, sum_lng_e6, first_id)${summaryOf('town')}
    UNION ALL${summaryOf('scheme_id')};
END`,
    }),
  ],
  triggers: [
    trigger({
      name: 'place_summary_on_unit_insert',
      table: 'match_units',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'ROW',
      function: 'place_summary_on_unit',
    }),
    trigger({
      name: 'place_summary_on_unit_delete',
      table: 'match_units',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'ROW',
      function: 'place_summary_on_unit',
    }),
    trigger({
      name: 'place_summary_on_unit_move',
      table: 'match_units',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['town', 'scheme_id', 'lat', 'lng'],
      forEach: 'ROW',
      when: 'OLD.town IS DISTINCT FROM NEW.town OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng',
      function: 'place_summary_on_unit',
    }),
  ],
  rebuild: 'place_summary_rebuild',
  content: tableContent('place_summary'),
  readers: ['modules/reports/gap-analysis.repository.ts: GET /api/reports/gap-analysis, its export'],
  adrs: ['0101'],
  migrations: ['0038'],
});
