import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, properties, propertyParties, schemeParties, schemes } from '../src/db/schema';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  testDb,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'export-password-1';
let agent: string;
let agency: { id: number };
let retailer: { id: number; name: string };
let landlordA: { id: number };
let trinity: number;

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });

/** The CSV's lines without the byte order mark. */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

beforeEach(async () => {
  await resetData();
  agency = await buildCompany({ name: 'Savills', domain: 'savills.co.uk' });
  retailer = await buildCompany({ name: 'Boots', domain: 'boots.com' });
  landlordA = await buildCompany({ name: 'Landsec' });
  const landlordB = await buildCompany({ name: '=HYPERLINK("x")' });
  await buildUser({ name: 'Jamie Agent', email: 'agent@example.com', password: PW, company_id: agency.id });
  agent = await sessionCookie(t.app, 'agent@example.com');

  const db = await testDb();
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({
      name: 'Trinity Leeds',
      type: 'Shopping centres',
      address_id: sa!.id,
      opened_at: 2013,
      car_spaces: 800,
      is_under_construction: false,
    })
    .returning();
  trinity = scheme!.id;
  await db.insert(schemeParties).values([
    { scheme_id: trinity, role: 'landlord', company_id: landlordA.id, position: 1 },
    { scheme_id: trinity, role: 'landlord', company_id: landlordB.id, position: 0 },
  ]);
  const [ya] = await db
    .insert(addresses)
    .values({ street: 'Coney Street', city: 'York', post_code: 'YO1 9QL' })
    .returning();
  await db
    .insert(schemes)
    .values({ name: 'Vangarde', type: 'Out of town', address_id: ya!.id, is_under_construction: true });

  const [pa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' })
    .returning();
  const [unit] = await db
    .insert(properties)
    .values({
      building_num: 'SU1',
      address_id: pa!.id,
      scheme_id: trinity,
      tenant_id: retailer.id,
      legal_tenant_id: agency.id,
      rent_pa: '125000',
      rent_sqft: '42.5',
      lease_start_date: '2020-03-25',
      lease_end_date: '2030-03-24',
      break_date: '2025-03-25',
      area_size_type: 'sqm',
      nia_sqrt: '1200',
    })
    .returning();
  await db.insert(propertyParties).values([
    { property_id: unit!.id, role: 'landlord', company_id: landlordA.id, position: 1 },
    { property_id: unit!.id, role: 'landlord', company_id: landlordB.id, position: 0 },
  ]);
  const [ba] = await db
    .insert(addresses)
    .values({ street: 'Briggate', city: 'Leeds', post_code: 'LS1 6HD' })
    .returning();
  await db.insert(properties).values({ building_num: '@12', address_id: ba!.id, rent_pa: '9000' });
});

describe('GET /api/properties/export', () => {
  it('streams the matching properties as CSV with the total up front, formulas defused', async () => {
    const res = await get('/api/properties/export?sort=-rent_pa', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="properties-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      'id,unit,address,town,post_code,scheme,tenant,legal_tenant,landlords,currency,rent_pa,rent_per_sq_ft,rateable_value,service_charge,lease_start,lease_end,next_review,break_date,area_unit,nia,itza,updated,security_of_tenure,break_party,break_kind,break_notice_months,review_interval_years,review_basis,lease_notes',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\d+,SU1,"Albion Street, Leeds, LS1 5AT",Leeds,LS1 5AT,Trinity Leeds,Boots,Savills,"'=HYPERLINK\(""x""\); Landsec",GBP,125000\.00,42\.50,,,25\/03\/2020,24\/03\/2030,,25\/03\/2025,sq m,1200\.00,,\d{2}\/\d{2}\/\d{4},,,,,,,$/,
    );
    expect(lines[2]).toMatch(/^\d+,'@12,"Briggate, Leeds, LS1 6HD",Leeds,/);
  });

  it('honours the list filters', async () => {
    const scheme = linesOf((await get(`/api/properties/export?scheme_id=${trinity}`, agent)).body);
    expect(scheme.slice(1).map((l) => l.split(',')[1])).toEqual(['SU1']);
    const vacant = await get('/api/properties/export?vacant=1&q=briggate', agent);
    expect(vacant.headers['x-total-count']).toBe('1');
    expect(
      linesOf(vacant.body)
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(["'@12"]);
    const landlord = await get(
      `/api/properties/export?landlord_id=${landlordA.id}&lease_end_from=2030-01-01`,
      agent,
    );
    expect(linesOf(landlord.body)).toHaveLength(2);
    const none = await get('/api/properties/export?town=York', agent);
    expect(none.headers['x-total-count']).toBe('0');
    expect(linesOf(none.body)).toHaveLength(1);
    expect((await get('/api/properties/export?sort=nonsense', agent)).statusCode).toBe(422);
  });

  it('streams every row across batches of 1,000, in the list order, each once', async () => {
    const db = await testDb();
    await db.execute(sql`with a as (
        insert into addresses (street, city) select 'Bulk Road ' || g, 'Hull' from generate_series(1, 1203) g returning id, street)
      insert into properties (building_num, address_id, rent_pa)
        select split_part(a.street, ' ', 3), a.id, case when split_part(a.street, ' ', 3)::int % 3 = 0 then null else (split_part(a.street, ' ', 3)::int % 7) * 1000 end from a`);
    for (const sort of ['-updated_at', 'rent_pa', '-rent_pa', 'street']) {
      const res = await get(`/api/properties/export?town=hull&sort=${sort}`, agent);
      expect(res.headers['x-total-count']).toBe('1203');
      const units = linesOf(res.body)
        .slice(1)
        .map((l) => l.split(',')[1]);
      expect(units).toHaveLength(1203);
      expect(new Set(units).size).toBe(1203);
      const list = await get(`/api/properties?town=hull&sort=${sort}&per_page=100&page=11`, agent);
      expect(units.slice(1000, 1100)).toEqual(
        list.json().data.map((p: { building_num: string }) => p.building_num),
      );
    }
  });

  it('needs a session', async () => {
    expect((await get('/api/properties/export')).statusCode).toBe(401);
  });
});

describe('GET /api/schemes/export', () => {
  it('streams the matching schemes as CSV', async () => {
    const res = await get('/api/schemes/export', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="schemes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('2');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe('id,name,type,town,post_code,opened,car_spaces,under_construction,landlords,units');
    expect(lines[1]).toMatch(
      /^\d+,Trinity Leeds,Shopping centres,Leeds,LS1 5AT,2013,800,No,"'=HYPERLINK\(""x""\); Landsec",1$/,
    );
    expect(lines[2]).toMatch(/^\d+,Vangarde,Out of town,York,YO1 9QL,,,Yes,,0$/);
  });

  it('honours the list filters and order', async () => {
    const york = await get('/api/schemes/export?town=york', agent);
    expect(york.headers['x-total-count']).toBe('1');
    expect(
      linesOf(york.body)
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['Vangarde']);
    const landlord = linesOf(
      (await get(`/api/schemes/export?landlord_id=${landlordA.id}&type=Shopping centres`, agent)).body,
    );
    expect(landlord.slice(1).map((l) => l.split(',')[1])).toEqual(['Trinity Leeds']);
    const desc = linesOf((await get('/api/schemes/export?sort=-name', agent)).body);
    expect(desc.slice(1).map((l) => l.split(',')[1])).toEqual(['Vangarde', 'Trinity Leeds']);
  });

  it('needs a session', async () => {
    expect((await get('/api/schemes/export')).statusCode).toBe(401);
  });
});
