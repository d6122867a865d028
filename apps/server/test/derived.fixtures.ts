import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client';
import type { Derived } from '../src/db/derived';

/**
 * The derived-data walk (test/derived-rebuild.test.ts): a small world of every source table, the
 * scripted update of each source column the inventory names, and the comparison of a derived
 * table's content with its rebuild's.
 */

const one = async (db: Db, query: SQL): Promise<number> =>
  (await queryRows<{ id: number }>(db, query))[0]!.id;

/** Addresses (one shared by a scheme and a unit, one without a position, one without a town), schemes of three groups, units, companies, contacts, deals, enquiries. */
export const buildWorld = async (db: Db) => {
  const address = (
    street: string,
    city: string | null,
    post: string | null,
    lat: number | null,
    lng: number | null,
  ) =>
    one(
      db,
      sql`insert into addresses (street, city, post_code, lat, lng) values (${street}, ${city}, ${post}, ${lat}, ${lng}) returning id`,
    );
  const a1 = await address('1 Briggate', 'Leeds', 'LS1 6HD', 53.797, -1.543);
  const a2 = await address('Trinity Walk', 'Leeds', 'LS1 5AT', 53.796, -1.544);
  const a3 = await address('Cabot Circus', 'Bristol', 'BS1 3BX', 51.459, -2.584);
  const a4 = await address('Park Street', 'Bristol', 'bs1 5hx', null, null);
  const a5 = await address('Clifton Moor Retail Park', 'York', 'YO30 4XZ', 53.98, -1.11);
  const a6 = await address('High Street', null, null, 52.2, 0.12);
  const scheme = (name: string, type: string, addressId: number) =>
    one(
      db,
      sql`insert into schemes (name, type, address_id) values (${name}, ${type}, ${addressId}) returning id`,
    );
  const s1 = await scheme('Trinity Leeds', 'Shopping centres', a2);
  const s2 = await scheme('Cabot Circus', 'Leisure', a3);
  const s3 = await scheme('Clifton Moor', 'Out of town', a5);
  const company = (name: string, domain: string | null) =>
    one(db, sql`insert into companies (name, domain) values (${name}, ${domain}) returning id`);
  const c1 = await company('Boots', null);
  const c2 = await company('Greggs', 'greggs.example');
  const c3 = await company('Next Retail', 'next.example');
  const c4 = await company('Boots UK Ltd', 'bootsuk.example');
  const user = (name: string, email: string, companyId: number) =>
    one(
      db,
      sql`insert into users (name, email, company_id) values (${name}, ${email}, ${companyId}) returning id`,
    );
  const u1 = await user('Olive Tenant', 'olive@boots.example', c1);
  const u2 = await user('Nina Ross', 'nina@greggs.example', c2);
  const unit = (values: SQL) =>
    one(
      db,
      sql`insert into properties (building_num, address_id, scheme_id, tenant_id, rent_pa, currency, area_size_type, nia_sqrt, itza_area, ground_floor_area, lease_end_date, break_date)
          values ${values} returning id`,
    );
  const p1 = await unit(
    sql`('12', ${a1}, null, ${c1}, 40000, 'GBP', 'sqft', 1200, 500, 900, '2027-03-24', '2025-06-01')`,
  );
  const p2 = await unit(sql`('3A', ${a4}, null, null, null, 'GBP', 'sqm', 100, 40, null, null, null)`);
  const p3 = await unit(
    sql`('Unit 5', ${a2}, ${s1}, ${c2}, 30000, 'GBP', 'sqft', 800, 300, 700, '2028-01-01', null)`,
  );
  const p4 = await unit(
    sql`('Unit 9', ${a3}, ${s2}, ${c4}, 55000, 'EUR', 'sqm', 250, 90, 200, '2030-01-01', '2027-01-01')`,
  );
  const p5 = await unit(
    sql`(null, ${a5}, ${s3}, ${c3}, 120000, 'GBP', 'sqft', 10000, null, 9000, null, null)`,
  );
  const p6 = await unit(sql`('7', ${a6}, null, null, null, 'GBP', 'sqft', null, null, null, null, null)`);
  // Landlords (their names are words of the unit: ADR 0083) and an agent (not searched).
  await db.execute(sql`insert into property_parties (property_id, role, company_id) values
    (${p1}, 'landlord', ${c3}), (${p3}, 'landlord', ${c4}), (${p3}, 'tenant_agent', ${c1})`);
  const deal = (values: SQL) =>
    one(
      db,
      sql`insert into deals (deal_type, property_id, scheme_id, effective_date, rent_pa, rent_sqft, sale_price, currency) values ${values} returning id`,
    );
  const d1 = await deal(sql`('new_letting', ${p1}, null, '2024-01-01', 40000, null, null, 'GBP')`);
  const d2 = await deal(sql`('rent_review', ${p1}, null, '2025-02-01', 42000, null, null, null)`);
  const d3 = await deal(sql`('new_letting', ${p3}, null, null, 30000, null, null, 'GBP')`);
  const d4 = await deal(sql`('sale', null, ${s1}, '2023-06-01', null, null, 25000000, 'GBP')`);
  const d5 = await deal(sql`('lease_renewal', ${p4}, null, '2024-05-05', null, 25, null, 'EUR')`);
  const d6 = await deal(sql`('new_letting', ${p5}, null, '2022-01-01', null, null, null, null)`);
  const enquiry = (propertyId: number | null, schemeId: number | null, stage: string) =>
    one(
      db,
      sql`insert into enquiries (property_id, scheme_id, received_at, stage) values (${propertyId}, ${schemeId}, '2026-01-05', ${stage}) returning id`,
    );
  const e1 = await enquiry(p1, null, 'interest');
  const e2 = await enquiry(null, s2, 'under_offer');
  const e3 = await enquiry(p3, s1, 'completed');
  const e4 = await enquiry(p6, null, 'withdrawn');
  const places = { a1, a2, a3, a4, a5, a6, s1, s2, s3, p1, p2, p3, p4, p5, p6 };
  return { ...places, c1, c2, c3, c4, u1, u2, d1, d2, d3, d4, d5, d6, e1, e2, e3, e4 };
};
export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * One scripted update of every source column (`table.column`) the inventory names: a change of
 * value, to and from null where the column allows it, on rows that other derived data hangs from.
 */
export const UPDATES: Record<string, (w: World) => SQL[]> = {
  'properties.building_num': (w) => [
    sql`update properties set building_num = coalesce(building_num, '') || ' 9B' where id in (${w.p1}, ${w.p5})`,
  ],
  'properties.address_id': (w) => [
    sql`update properties set address_id = case id when ${w.p1} then ${w.a4}::integer else ${w.a1}::integer end where id in (${w.p1}, ${w.p2})`,
  ],
  'properties.scheme_id': (w) => [
    sql`update properties set scheme_id = case id when ${w.p6} then ${w.s2}::integer else null end where id in (${w.p6}, ${w.p3})`,
  ],
  'properties.updated_at': (w) => [
    sql`update properties set updated_at = updated_at - interval '2 days' where id in (${w.p2}, ${w.p3})`,
    sql`update properties set updated_at = updated_at + interval '1 hour' where id = ${w.p5}`,
  ],
  'properties.currency': (w) => [sql`update properties set currency = 'EUR' where id in (${w.p1}, ${w.p5})`],
  'properties.area_size_type': (w) => [
    sql`update properties set area_size_type = case area_size_type when 'sqm' then 'sqft' else 'sqm' end where id in (${w.p1}, ${w.p4})`,
  ],
  'properties.nia_sqrt': (w) => [
    sql`update properties set nia_sqrt = case id when ${w.p1} then 999.5 else null end where id in (${w.p1}, ${w.p4})`,
  ],
  'properties.itza_area': (w) => [sql`update properties set itza_area = 321 where id in (${w.p1}, ${w.p5})`],
  'properties.ground_floor_area': (w) => [
    sql`update properties set ground_floor_area = 450 where id = ${w.p1}`,
  ],
  'properties.tenant_id': (w) => [
    sql`update properties set tenant_id = case id when ${w.p1} then ${w.c2}::integer when ${w.p2} then ${w.c3}::integer else null end
        where id in (${w.p1}, ${w.p2}, ${w.p3})`,
  ],
  'properties.lease_end_date': (w) => [
    sql`update properties set lease_end_date = lease_end_date + 365 where id = ${w.p1}`,
    sql`update properties set lease_end_date = '2026-09-29' where id = ${w.p2}`,
  ],
  'properties.break_date': (w) => [
    sql`update properties set break_date = case id when ${w.p1} then null else date '2026-01-01' end where id in (${w.p1}, ${w.p2})`,
  ],
  'properties.lease_start_date': (w) => [
    sql`update properties set lease_start_date = case id when ${w.p1} then date '2022-03-25' else date '2021-01-31' end where id in (${w.p1}, ${w.p5})`,
  ],
  'properties.review_interval_years': (w) => [
    // Reviews from the start (p1, before its end), an open-ended lease's 25 (p5), then one fewer.
    sql`update properties set review_interval_years = case id when ${w.p1} then 1 else 3 end where id in (${w.p1}, ${w.p5}, ${w.p4})`,
    sql`update properties set review_interval_years = null where id = ${w.p4}`,
  ],
  'properties.next_review_date': (w) => [
    sql`update properties set next_review_date = case id when ${w.p5} then date '2026-02-28' else date '2029-08-31' end where id in (${w.p5}, ${w.p4})`,
  ],
  'properties.break_notice_months': (w) => [
    sql`update properties set break_notice_months = case id when ${w.p4} then 6 else 0 end where id in (${w.p1}, ${w.p4})`,
  ],
  'properties.security_of_tenure': (w) => [
    sql`update properties set security_of_tenure = case id when ${w.p3} then 'contracted_out' else 'inside_act' end where id in (${w.p3}, ${w.p4})`,
  ],
  'lease_event_settings.regear_prompt_months': () => [
    // The row the server writes at start-up (the tests' reset empties it), then a change.
    sql`insert into lease_event_settings (regear_prompt_months) values (30) on conflict (id) do update set regear_prompt_months = 30`,
    sql`update lease_event_settings set regear_prompt_months = 18`,
  ],
  'properties.rent_pa': (w) => [
    sql`update properties set rent_pa = case id when ${w.p1} then 41000 else null end where id in (${w.p1}, ${w.p3})`,
  ],
  'properties.archived_at': (w) => [
    // Archived (a unit with deals, a standalone one), then one of them restored (ADR 0078).
    sql`update properties set archived_at = now() where id in (${w.p1}, ${w.p6})`,
    sql`update properties set archived_at = null where id = ${w.p6}`,
  ],
  'schemes.archived_at': (w) => [
    sql`update schemes set archived_at = now() where id in (${w.s1}, ${w.s2})`,
    sql`update schemes set archived_at = null where id = ${w.s2}`,
  ],
  'addresses.street': (w) => [
    sql`update addresses set street = 'Trinity Leeds, Albion Street' where id = ${w.a2}`,
  ],
  'addresses.street2': (w) => [sql`update addresses set street2 = 'Upper level' where id = ${w.a1}`],
  'addresses.city': (w) => [
    // A scheme's and a unit's address, then a change of case alone (the same town).
    sql`update addresses set city = 'Wakefield' where id = ${w.a2}`,
    sql`update addresses set city = 'BRISTOL' where id = ${w.a4}`,
    sql`update addresses set city = 'Cambridge' where id = ${w.a6}`,
  ],
  'addresses.region': (w) => [sql`update addresses set region = 'Avon' where id = ${w.a3}`],
  'addresses.post_code': (w) => [
    sql`update addresses set post_code = case id when ${w.a1} then 'LS2 7HY' else null end where id in (${w.a1}, ${w.a3})`,
  ],
  'addresses.lat': (w) => [
    sql`update addresses set lat = case id when ${w.a1} then 53.81 else 51.45 end where id in (${w.a1}, ${w.a4})`,
  ],
  'addresses.lng': (w) => [
    sql`update addresses set lng = case id when ${w.a4} then -2.6 else null end where id in (${w.a4}, ${w.a3})`,
  ],
  'companies.name': (w) => [
    sql`update companies set name = 'Boots the Chemist' where id = ${w.c1}`,
    // A landlord's and a tenant's renamed.
    sql`update companies set name = 'NEXT plc' where id = ${w.c3}`,
    sql`update companies set name = 'Greggs Bakers' where id = ${w.c2}`,
  ],
  'properties.legal_tenant_id': (w) => [
    sql`update properties set legal_tenant_id = case id when ${w.p1} then ${w.c4}::integer else null end where id in (${w.p1}, ${w.p4})`,
  ],
  'property_parties.property_id': (w) => [
    sql`update property_parties set property_id = ${w.p2} where property_id = ${w.p1} and role = 'landlord'`,
  ],
  'property_parties.role': (w) => [
    sql`update property_parties set role = case role when 'landlord' then 'landlord_agent' else 'landlord' end where property_id = ${w.p3}`,
  ],
  'property_parties.company_id': (w) => [
    sql`update property_parties set company_id = ${w.c2} where property_id = ${w.p2} and role = 'landlord'`,
  ],
  'schemes.name': (w) => [sql`update schemes set name = 'Trinity Kirkgate' where id = ${w.s1}`],
  'companies.domain': (w) => [
    sql`update companies set domain = case id when ${w.c1} then 'boots.example' else null end where id in (${w.c1}, ${w.c2})`,
  ],
  'users.name': (w) => [sql`update users set name = 'Olive May Tenant' where id = ${w.u1}`],
  'users.email': (w) => [sql`update users set email = 'nina@ross.example' where id = ${w.u2}`],
  'deals.effective_date': (w) => [
    sql`update deals set effective_date = case id when ${w.d3} then date '2024-07-01' else null end where id in (${w.d3}, ${w.d1})`,
  ],
  'deals.property_id': (w) => [sql`update deals set property_id = ${w.p2} where id = ${w.d2}`],
  'deals.scheme_id': (w) => [sql`update deals set scheme_id = ${w.s2} where id = ${w.d4}`],
  'deals.deal_type': (w) => [sql`update deals set deal_type = 'rent_review' where id = ${w.d5}`],
  'deals.currency': (w) => [
    sql`update deals set currency = case id when ${w.d5} then 'USD' else null end where id in (${w.d5}, ${w.d3})`,
  ],
  'deals.rent_pa': (w) => [sql`update deals set rent_pa = 20000 where id = ${w.d6}`],
  'deals.rent_sqft': (w) => [sql`update deals set rent_sqft = null where id = ${w.d5}`],
  'schemes.type': (w) => [sql`update schemes set type = 'Leisure' where id = ${w.s1}`],
  'schemes.address_id': (w) => [sql`update schemes set address_id = ${w.a4} where id = ${w.s2}`],
  'enquiries.stage': (w) => [
    sql`update enquiries set stage = case id when ${w.e1} then 'under_offer' else 'interest' end where id in (${w.e1}, ${w.e4})`,
  ],
  'enquiries.property_id': (w) => [sql`update enquiries set property_id = ${w.p2} where id = ${w.e2}`],
  'enquiries.scheme_id': (w) => [sql`update enquiries set scheme_id = null where id = ${w.e3}`],
};

/** The tables a recorded deal writes (recordDealIn and the triggers of store events). */
export const DEAL_WRITES = [
  'deals',
  'deal_parties',
  'deal_links',
  'properties',
  'property_parties',
  'addresses',
  'schemes',
  'scheme_parties',
  'field_history',
  'store_events',
  'idempotency_keys',
];

/** Every derived row the triggers kept that the rebuild does not make, and the reverse. */
export interface Mismatch {
  derived: string;
  onlyKept: string[];
  onlyRebuilt: string[];
}

class Rollback extends Error {}

/** The rows of `a` not matched one for one in `b` (the first ten). */
const missingFrom = (a: string[], b: string[]): string[] => {
  const left = new Map<string, number>();
  for (const r of b) left.set(r, (left.get(r) ?? 0) + 1);
  const out: string[] = [];
  for (const r of a) {
    const n = left.get(r) ?? 0;
    if (n > 0) left.set(r, n - 1);
    else out.push(r);
  }
  return out.slice(0, 10);
};

export const contentOf = async (db: Db, d: Derived): Promise<string[]> =>
  (await queryRows<{ r: string }>(db, sql.raw(d.content))).map((x) => x.r);

/**
 * The derived table's content as the triggers kept it against its rebuild's, read in one
 * transaction that is rolled back (the database is left as it was): null when they are equal.
 */
export const compareWithRebuild = async (db: Db, d: Derived): Promise<Mismatch | null> => {
  let kept: string[] = [];
  let rebuilt: string[] = [];
  await db
    .transaction(async (tx) => {
      kept = await contentOf(tx, d);
      await tx.execute(sql.raw(`select ${d.rebuild}()`));
      rebuilt = await contentOf(tx, d);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  const onlyKept = missingFrom(kept, rebuilt);
  const onlyRebuilt = missingFrom(rebuilt, kept);
  return onlyKept.length || onlyRebuilt.length ? { derived: d.name, onlyKept, onlyRebuilt } : null;
};

/** A stamp column's and its stamped column's values per row id, and the database's clock now. */
export const stampsOf = async (db: Db, d: Derived) => {
  const [table, column] = d.name.split('.') as [string, string];
  const stamped = d.stamps!.split('.')[1]!;
  const rows = await queryRows<{ id: number; value: string | null; stamp: number | null }>(
    db,
    sql.raw(
      `select id, ${stamped}::text as value, extract(epoch from ${column})::float8 as stamp from ${table}`,
    ),
  );
  const [{ now }] = (await queryRows<{ now: number }>(
    db,
    sql.raw('select extract(epoch from clock_timestamp())::float8 as now'),
  )) as [{ now: number }];
  return { rows: new Map(rows.map((r) => [r.id, r])), now };
};
