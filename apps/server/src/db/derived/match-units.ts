import { derived, fn, tableContent, trigger } from './define';

const COLUMNS =
  'property_id, town, scheme_id, lat, lng, vacant, lease_end_date, break_date, nia_sqft, itza_sqft, ground_sqft, rent_pa, currency, tenant_id, grp, mx, my, full_address, rent_sqft';

/** The live units (archived ones leave, ADR 0078) derived from properties, addresses and schemes (sq m → sq ft). */
const units = (where: string) => `
  INSERT INTO match_units (${COLUMNS})
  SELECT u.*, CASE WHEN u.rent_pa IS NOT NULL AND u.nia_sqft >= 1 THEN round(u.rent_pa / u.nia_sqft, 2) END
  FROM (
    SELECT p.id, lower(a.city) AS town, p.scheme_id, a.lat, a.lng, p.tenant_id IS NULL, p.lease_end_date, p.break_date,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia_sqft,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.ground_floor_area * 10.7639104, 2) ELSE p.ground_floor_area END,
      p.rent_pa, p.currency, p.tenant_id, coalesce(map_group_of(s.type), 3::smallint),
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_mx(a.lng) END,
      CASE WHEN a.lat IS NOT NULL AND a.lng IS NOT NULL THEN map_my(a.lat) END,
      coalesce(a.full_address, '')
    FROM properties p JOIN addresses a ON a.id = p.address_id LEFT JOIN schemes s ON s.id = p.scheme_id
    WHERE p.archived_at IS NULL${where}`;

/**
 * What matching and the map read of every unit (ADR 0053, 0054): availability, town, scheme,
 * position and marker group, the three measures in sq ft, the rent, the tenant and the full
 * address — so a busy town's available units are a few index ranges of one table. Rows go with
 * their property (ON DELETE CASCADE); their inserts, deletes and moves keep map_grid.
 */
export const matchUnits = derived({
  name: 'match_units',
  kind: 'table',
  what: "Every live (not archived) unit's availability (vacant, lease end, break), town, scheme, map position and group, sq ft measures, rent, tenant and full address.",
  sources: {
    properties: [
      'address_id',
      'scheme_id',
      'tenant_id',
      'lease_end_date',
      'break_date',
      'area_size_type',
      'nia_sqrt',
      'itza_area',
      'ground_floor_area',
      'rent_pa',
      'currency',
      'archived_at',
    ],
    addresses: ['street', 'street2', 'city', 'region', 'post_code', 'lat', 'lng'],
    schemes: ['type'],
  },
  functions: [
    // The rows of these properties, written in place: an unchanged position and group leave
    // map_grid alone (its update trigger's WHEN). An archived property's row leaves (its delete
    // takes its point off the grid).
    fn({
      name: 'match_units_refresh',
      args: 'ids integer[]',
      returns: 'void',
      language: 'sql',
      body: `
  DELETE FROM match_units m USING properties p
  WHERE m.property_id = ANY(ids) AND p.id = m.property_id AND p.archived_at IS NOT NULL;${units(`
      AND p.id = ANY(ids)
    ORDER BY p.id`)}
  ) u
  ON CONFLICT (property_id) DO UPDATE SET
    town = EXCLUDED.town, scheme_id = EXCLUDED.scheme_id, lat = EXCLUDED.lat, lng = EXCLUDED.lng, vacant = EXCLUDED.vacant,
    lease_end_date = EXCLUDED.lease_end_date, break_date = EXCLUDED.break_date, nia_sqft = EXCLUDED.nia_sqft,
    itza_sqft = EXCLUDED.itza_sqft, ground_sqft = EXCLUDED.ground_sqft, rent_pa = EXCLUDED.rent_pa,
    currency = EXCLUDED.currency, tenant_id = EXCLUDED.tenant_id, grp = EXCLUDED.grp, mx = EXCLUDED.mx,
    my = EXCLUDED.my, full_address = EXCLUDED.full_address, rent_sqft = EXCLUDED.rent_sqft;`,
    }),
    fn({
      name: 'match_units_on_change',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    PERFORM match_units_refresh(ARRAY[NEW.id]);
  ELSE
    PERFORM match_units_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
  END IF;
  RETURN NULL;
END`,
    }),
    // A statement's new units at once (an import's batch is one multi-row insert, ADR 0103): one
    // refresh, planned once, instead of one per row.
    fn({
      name: 'match_units_on_property_rows',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  PERFORM match_units_refresh(ARRAY(SELECT id FROM new_rows ORDER BY id));
  RETURN NULL;
END`,
    }),
    // A scheme's type is its units' group.
    fn({
      name: 'match_units_on_scheme_type',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  UPDATE match_units SET grp = map_group_of(NEW.type) WHERE scheme_id = NEW.id AND grp <> map_group_of(NEW.type);
  RETURN NULL;
END`,
    }),
    // Every row again, in the town indexes' order (a town's rows share heap pages), then the grid
    // and the places' summary: their per-row triggers are paused for the bulk insert (a truncate
    // fires none), one rebuild of each being far cheaper.
    fn({
      name: 'match_units_rebuild',
      returns: 'void',
      language: 'plpgsql',
      body: `
BEGIN
  PERFORM set_config('frontage.map_grid_paused', 'on', true);
  PERFORM set_config('frontage.place_summary_paused', 'on', true);
  TRUNCATE match_units;${units('')}
  ) u
  ORDER BY u.town, u.id;
  PERFORM set_config('frontage.map_grid_paused', 'off', true);
  PERFORM set_config('frontage.place_summary_paused', 'off', true);
  PERFORM map_grid_rebuild();
  PERFORM place_summary_rebuild();
END`,
    }),
  ],
  triggers: [
    trigger({
      name: 'match_units_on_property_insert',
      table: 'properties',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'new_rows',
      function: 'match_units_on_property_rows',
    }),
    trigger({
      name: 'match_units_on_property',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: [
        'address_id',
        'scheme_id',
        'tenant_id',
        'lease_end_date',
        'break_date',
        'area_size_type',
        'nia_sqrt',
        'itza_area',
        'ground_floor_area',
        'rent_pa',
        'currency',
        'archived_at',
      ],
      forEach: 'ROW',
      when: `OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id
    OR OLD.lease_end_date IS DISTINCT FROM NEW.lease_end_date OR OLD.break_date IS DISTINCT FROM NEW.break_date
    OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt
    OR OLD.itza_area IS DISTINCT FROM NEW.itza_area OR OLD.ground_floor_area IS DISTINCT FROM NEW.ground_floor_area
    OR OLD.rent_pa IS DISTINCT FROM NEW.rent_pa OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at`,
      function: 'match_units_on_change',
    }),
    // Every change of its address that a list shows or sorts by, not only its town and position.
    trigger({
      name: 'match_units_on_address',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['street', 'street2', 'city', 'region', 'post_code', 'lat', 'lng'],
      forEach: 'ROW',
      when: 'OLD.full_address IS DISTINCT FROM NEW.full_address OR OLD.city IS DISTINCT FROM NEW.city OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng',
      function: 'match_units_on_change',
    }),
    trigger({
      name: 'match_units_on_scheme_type',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['type'],
      forEach: 'ROW',
      when: 'OLD.type IS DISTINCT FROM NEW.type',
      function: 'match_units_on_scheme_type',
    }),
  ],
  rebuild: 'match_units_rebuild',
  content: tableContent('match_units'),
  readers: [
    'modules/enquiry-matches/enquiry-matches.repository.ts: GET /api/enquiries/{id}/matches, GET /api/properties/{id}/enquiry-matches',
    'modules/map/map.repository.ts, map-points.repository.ts: GET /api/map/clusters (filtered), /api/map/points, /api/map/heat',
    'modules/reports/gap-analysis.repository.ts: GET /api/reports/gap-analysis',
  ],
  adrs: ['0053', '0054', '0058', '0078'],
  migrations: ['0015', '0016', '0024', '0026', '0038', '0042'],
});
