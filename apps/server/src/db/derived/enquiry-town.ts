import { derived, fn, trigger } from './define';

/**
 * enquiries.town_key (ADR 0050): the town of the enquiry's property, else of its scheme, filled on
 * insert and kept when an enquiry's subject, a place's address or an address's city changes, so the
 * town filter is one index range, not a join.
 */
export const enquiryTown = derived({
  name: 'enquiries.town_key',
  kind: 'column',
  what: "lower(city) of the enquiry's property's address, else of its scheme's.",
  sources: {
    enquiries: ['property_id', 'scheme_id'],
    properties: ['address_id'],
    schemes: ['address_id'],
    addresses: ['city'],
  },
  functions: [
    fn({
      name: 'enquiry_town',
      args: 'pid integer, sid integer',
      returns: 'text',
      language: 'sql',
      volatility: 'STABLE',
      body: `
  SELECT coalesce(
    (SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = pid),
    (SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = sid)
  )`,
    }),
    fn({
      name: 'enquiry_town_fill',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  NEW.town_key := enquiry_town(NEW.property_id, NEW.scheme_id);
  RETURN NEW;
END`,
    }),
    // A property or scheme moved to another address: its enquiries take that address's town.
    fn({
      name: 'enquiry_town_of_place',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  IF TG_TABLE_NAME = 'properties' THEN
    UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) WHERE e.property_id = NEW.id;
  ELSE
    UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) WHERE e.scheme_id = NEW.id;
  END IF;
  RETURN NULL;
END`,
    }),
    // An address's town edited: the enquiries on every property and scheme at it (each found by index).
    fn({
      name: 'enquiry_town_of_address',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) FROM properties p
  WHERE p.address_id = NEW.id AND e.property_id = p.id;
  UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) FROM schemes s
  WHERE s.address_id = NEW.id AND e.scheme_id = s.id;
  RETURN NULL;
END`,
    }),
    // Every enquiry's town again; only the enquiries whose town differs are written.
    fn({
      name: 'enquiry_town_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id)
  WHERE e.town_key IS DISTINCT FROM enquiry_town(e.property_id, e.scheme_id);`,
    }),
  ],
  triggers: [
    trigger({
      name: 'enquiries_town_fill',
      table: 'enquiries',
      timing: 'BEFORE',
      events: ['INSERT', 'UPDATE'],
      columns: ['property_id', 'scheme_id'],
      forEach: 'ROW',
      function: 'enquiry_town_fill',
    }),
    trigger({
      name: 'properties_enquiry_town',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['address_id'],
      forEach: 'ROW',
      when: 'OLD.address_id IS DISTINCT FROM NEW.address_id',
      function: 'enquiry_town_of_place',
    }),
    trigger({
      name: 'schemes_enquiry_town',
      table: 'schemes',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['address_id'],
      forEach: 'ROW',
      when: 'OLD.address_id IS DISTINCT FROM NEW.address_id',
      function: 'enquiry_town_of_place',
    }),
    trigger({
      name: 'addresses_enquiry_town',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['city'],
      forEach: 'ROW',
      when: 'lower(OLD.city) IS DISTINCT FROM lower(NEW.city)',
      function: 'enquiry_town_of_address',
    }),
  ],
  rebuild: 'enquiry_town_rebuild',
  content: `SELECT id || ' ' || coalesce(quote_literal(town_key), 'null') AS r FROM enquiries ORDER BY 1`,
  readers: ['modules/enquiries/enquiries-list.repository.ts: GET /api/enquiries?town=, its export'],
  adrs: ['0050'],
  migrations: ['0014', '0024'],
});
