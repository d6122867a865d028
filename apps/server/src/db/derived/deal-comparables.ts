import { derived, fn, tableContent, trigger } from './define';

/** The rent evidence of deals, derived from deals, properties, addresses and schemes. */
const evidence = (where: string) => `
  INSERT INTO deal_comparables (deal_id, property_id, deal_type, currency, effective_date, town, district, scheme_type, nia_sqft, rent_sqft, zone_a)
  SELECT d.id, d.property_id, d.deal_type, coalesce(d.currency, p.currency), d.effective_date,
    lower(nullif(btrim(a.city), '')), postcode_district(a.post_code), s.type, x.nia,
    CASE WHEN x.derived IS NULL OR abs(d.rent_sqft - x.derived) <= greatest(x.derived * 0.01, 0.01)
      THEN coalesce(d.rent_sqft, x.derived) ELSE x.derived END,
    round(d.rent_pa / nullif(x.itza, 0), 2)
  FROM deals d
  JOIN properties p ON p.id = d.property_id
  JOIN addresses a ON a.id = p.address_id
  LEFT JOIN schemes s ON s.id = p.scheme_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.area_size_type = 'sqm' THEN round(p.nia_sqrt * 10.7639104, 2) ELSE p.nia_sqrt END AS nia,
      CASE WHEN p.area_size_type = 'sqm' THEN round(p.itza_area * 10.7639104, 2) ELSE p.itza_area END AS itza
  ) x0
  -- rent ÷ NIA, none when either is missing (or beyond what money holds).
  CROSS JOIN LATERAL (
    SELECT x0.nia, x0.itza,
      CASE WHEN d.rent_pa / nullif(x0.nia, 0) <= 10000000000 THEN round(d.rent_pa / nullif(x0.nia, 0), 2) END AS derived
  ) x
  WHERE p.archived_at IS NULL AND ${where}`;

/**
 * Comparable evidence (ADR 0047): each dated deal with a rent on a property, kept beside the deal
 * with the property's place and size, so GET /api/deals/comparables reads one covering index range
 * for a town or a post-code district. Areas in sq m are converted to sq ft; rent per sq ft is the
 * deal's when it agrees with rent pa ÷ NIA (within 1 % or a penny, as rentSqftConsistent) or when
 * nothing can be worked out, else rent pa ÷ NIA (ADR 0079); Zone A is rent pa ÷ ITZA. Rows go with their deal or property
 * (ON DELETE CASCADE).
 */
export const dealComparables = derived({
  name: 'deal_comparables',
  kind: 'table',
  what: "Each dated deal with a rent on a live (not archived) property, with the property's town, post-code district, scheme type, NIA in sq ft, rent per sq ft and Zone A.",
  sources: {
    deals: ['property_id', 'deal_type', 'currency', 'effective_date', 'rent_pa', 'rent_sqft'],
    properties: [
      'address_id',
      'scheme_id',
      'currency',
      'area_size_type',
      'nia_sqrt',
      'itza_area',
      'archived_at',
    ],
    addresses: ['city', 'post_code'],
    schemes: ['type'],
  },
  functions: [
    // The outward code of a UK post code, upper case (else the first word).
    fn({
      name: 'postcode_district',
      args: 'post_code text',
      returns: 'text',
      language: 'sql',
      volatility: 'IMMUTABLE',
      parallelSafe: true,
      body: String.raw`
  SELECT upper(coalesce(
    substring(post_code from '^\s*([A-Za-z]{1,2}[0-9][A-Za-z0-9]?)\s*[0-9][A-Za-z]{2}\s*$'),
    nullif(split_part(btrim(post_code), ' ', 1), '')
  ))`,
    }),
    // The rows of these properties' deals, derived again. Only dated deals with a rent are evidence.
    fn({
      name: 'deal_comparables_refresh',
      args: 'ids integer[]',
      returns: 'void',
      language: 'sql',
      body: `
  DELETE FROM deal_comparables WHERE property_id = ANY(ids);${evidence(
    'd.property_id = ANY(ids) AND d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL);',
  )}`,
    }),
    fn({
      name: 'deal_comparables_on_change',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF TG_TABLE_NAME = 'deals' THEN
    -- A deal moved to another property: the old property's rows first (the deal's own among them).
    IF TG_OP = 'UPDATE' AND OLD.property_id IS NOT NULL AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
      PERFORM deal_comparables_refresh(ARRAY[OLD.property_id]);
    END IF;
    IF NEW.property_id IS NOT NULL THEN PERFORM deal_comparables_refresh(ARRAY[NEW.property_id]); END IF;
  ELSIF TG_TABLE_NAME = 'properties' THEN
    IF EXISTS (SELECT 1 FROM deals WHERE property_id = NEW.id) THEN
      PERFORM deal_comparables_refresh(ARRAY[NEW.id]);
    END IF;
  ELSIF TG_TABLE_NAME = 'addresses' THEN
    PERFORM deal_comparables_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
  ELSE
    PERFORM deal_comparables_refresh(ARRAY(SELECT id FROM properties WHERE scheme_id = NEW.id));
  END IF;
  RETURN NULL;
END`,
    }),
    // Every row again, for bulk loaders that bypass triggers (the bench data).
    fn({
      name: 'deal_comparables_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  TRUNCATE deal_comparables;${evidence(
    `d.effective_date IS NOT NULL AND (d.rent_pa IS NOT NULL OR d.rent_sqft IS NOT NULL)
  -- In the town index's order: a town's rows share heap pages, so its range reads few of them
  -- even before a vacuum has marked the pages all-visible (index-only).
  ORDER BY 6, 5, 1;`,
  )}`,
    }),
  ],
  triggers: [
    trigger({
      name: 'deal_comparables_on_deal',
      table: 'deals',
      timing: 'AFTER',
      events: ['INSERT', 'UPDATE'],
      forEach: 'ROW',
      function: 'deal_comparables_on_change',
    }),
    trigger({
      name: 'deal_comparables_on_property',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      // currency: a deal without its own currency is in its property's. archived_at: an archived
      // property's deals leave the evidence, a restored one's come back (ADR 0078).
      columns: [
        'address_id',
        'scheme_id',
        'currency',
        'area_size_type',
        'nia_sqrt',
        'itza_area',
        'archived_at',
      ],
      forEach: 'ROW',
      when: `OLD.address_id IS DISTINCT FROM NEW.address_id OR OLD.scheme_id IS DISTINCT FROM NEW.scheme_id OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.area_size_type IS DISTINCT FROM NEW.area_size_type OR OLD.nia_sqrt IS DISTINCT FROM NEW.nia_sqrt OR OLD.itza_area IS DISTINCT FROM NEW.itza_area
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at`,
      function: 'deal_comparables_on_change',
    }),
    trigger({
      name: 'deal_comparables_on_address',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['city', 'post_code'],
      forEach: 'ROW',
      when: 'OLD.city IS DISTINCT FROM NEW.city OR OLD.post_code IS DISTINCT FROM NEW.post_code',
      function: 'deal_comparables_on_change',
    }),
    trigger({
      name: 'deal_comparables_on_scheme',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['type'],
      forEach: 'ROW',
      when: 'OLD.type IS DISTINCT FROM NEW.type',
      function: 'deal_comparables_on_change',
    }),
  ],
  rebuild: 'deal_comparables_rebuild',
  content: tableContent('deal_comparables'),
  readers: ['modules/deals/comparables.repository.ts: GET /api/deals/comparables, its export'],
  adrs: ['0047', '0078', '0079'],
  migrations: ['0013', '0024', '0026', '0027'],
});
