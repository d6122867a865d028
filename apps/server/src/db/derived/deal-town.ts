import { derived, fn, trigger } from './define';

/** lower(city) of a deal's place's address: the property's, else (a scheme sale) the scheme's. */
const townOf = (pid: string, sid: string) =>
  `CASE WHEN ${pid} IS NOT NULL
      THEN (SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = ${pid})
      ELSE (SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = ${sid}) END`;

/**
 * deals.town_key (ADR 0046): the town of the deal's place, filled on insert and kept when an
 * address's city or a place's address changes, so the deal list's town filter is one index range
 * instead of a join through addresses.
 */
export const dealTown = derived({
  name: 'deals.town_key',
  kind: 'column',
  what: "lower(city) of the deal's property's address, else of its scheme's.",
  sources: {
    deals: ['property_id', 'scheme_id'],
    properties: ['address_id'],
    schemes: ['address_id'],
    addresses: ['city'],
  },
  functions: [
    fn({
      name: 'deal_town_fill',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF NEW.property_id IS NOT NULL THEN
    NEW.town_key := (SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = NEW.property_id);
  ELSE
    NEW.town_key := (SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = NEW.scheme_id);
  END IF;
  RETURN NEW;
END`,
    }),
    // A property or scheme moved to another address: its deals take that address's town.
    fn({
      name: 'deal_town_of_place',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    UPDATE deals SET town_key = (SELECT lower(a.city) FROM addresses a WHERE a.id = NEW.address_id) WHERE property_id = NEW.id;
  ELSE
    UPDATE deals SET town_key = (SELECT lower(a.city) FROM addresses a WHERE a.id = NEW.address_id) WHERE scheme_id = NEW.id;
  END IF;
  RETURN NULL;
END`,
    }),
    // An address's town edited: the deals of every property and scheme at it (each found by index).
    fn({
      name: 'deal_town_of_address',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  UPDATE deals d SET town_key = lower(NEW.city) FROM properties p
  WHERE p.address_id = NEW.id AND d.property_id = p.id AND d.town_key IS DISTINCT FROM lower(NEW.city);
  UPDATE deals d SET town_key = lower(NEW.city) FROM schemes s
  WHERE s.address_id = NEW.id AND d.scheme_id = s.id AND d.town_key IS DISTINCT FROM lower(NEW.city);
  RETURN NULL;
END`,
    }),
    // Every deal's town again; only the deals whose town differs are written.
    fn({
      name: 'deal_town_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  UPDATE deals d SET town_key = t.town
  FROM (SELECT x.id, ${townOf('x.property_id', 'x.scheme_id')} AS town FROM deals x) t
  WHERE t.id = d.id AND d.town_key IS DISTINCT FROM t.town;`,
    }),
  ],
  triggers: [
    trigger({
      name: 'deals_town_fill',
      table: 'deals',
      timing: 'BEFORE',
      events: ['INSERT', 'UPDATE'],
      columns: ['property_id', 'scheme_id'],
      forEach: 'ROW',
      function: 'deal_town_fill',
    }),
    trigger({
      name: 'properties_deal_town',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['address_id'],
      forEach: 'ROW',
      when: 'OLD.address_id IS DISTINCT FROM NEW.address_id',
      function: 'deal_town_of_place',
    }),
    trigger({
      name: 'schemes_deal_town',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['address_id'],
      forEach: 'ROW',
      when: 'OLD.address_id IS DISTINCT FROM NEW.address_id',
      function: 'deal_town_of_place',
    }),
    trigger({
      name: 'addresses_deal_town',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['city'],
      forEach: 'ROW',
      when: 'lower(OLD.city) IS DISTINCT FROM lower(NEW.city)',
      function: 'deal_town_of_address',
    }),
  ],
  rebuild: 'deal_town_rebuild',
  content: `SELECT id || ' ' || coalesce(quote_literal(town_key), 'null') AS r FROM deals ORDER BY 1`,
  readers: ['modules/deals/deals-list.repository.ts: GET /api/deals?town=, its export'],
  adrs: ['0046'],
  migrations: ['0012', '0024'],
});
