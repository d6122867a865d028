/**
 * GET /api/deals/comparables and its export (ADR 0047) over deals recorded through
 * the engine (recordDeal) with known rents and areas. Quartiles are PostgreSQL's percentile_cont:
 * linear interpolation between the two nearest values at position p × (n − 1) of the sorted values
 * (for 20, 25, 30, 40: Q1 at 0.75 → 23.75, median at 1.5 → 27.50, Q3 at 2.25 → 32.50).
 */
import { API_MESSAGES, COMPARABLE_MESSAGES, EXPORT_TOTAL_HEADER } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, properties, schemes } from '../src/db/schema';
import { recordDeal } from '../src/modules/deals/deals.service';
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

const NOW = new Date('2026-06-15T12:00:00Z');
const PW = 'comparables-password-1';

let t: TestApp;
let cookie: string;
const ids: Record<string, number> = {};

interface Place {
  unit: string;
  city: string;
  post_code: string;
  nia?: number;
  itza?: number;
  sqm?: boolean;
  scheme?: number;
}
const place = async (p: Place): Promise<number> => {
  const db = await testDb();
  const [a] = await db
    .insert(addresses)
    .values({ street: 'High Street', city: p.city, post_code: p.post_code })
    .returning();
  const [row] = await db
    .insert(properties)
    .values({
      building_num: p.unit,
      address_id: a!.id,
      scheme_id: p.scheme ?? null,
      area_size_type: p.sqm ? 'sqm' : 'sqft',
      nia_sqrt: p.nia === undefined ? null : String(p.nia),
      itza_area: p.itza === undefined ? null : String(p.itza),
    })
    .returning();
  return row!.id;
};

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
  await resetData();
  const db = await testDb();
  const admin = await buildUser({ email: 'admin@comparables.test', password: PW, type: 'admin' });
  await buildUser({ email: 'user@comparables.test', password: PW });
  cookie = await sessionCookie(t.app, 'user@comparables.test');
  const greggs = await buildCompany({ name: 'Greggs' });
  ids.greggs = greggs.id;

  // LS1 (Leeds): 1,000 sq ft with a 400 sq ft ITZA; 2,000 sq ft without ITZA; 100 m² (1,076.39
  // sq ft) with a 40 m² ITZA (430.56 sq ft), its post code written without a space.
  ids.p1 = await place({ unit: '1', city: 'Leeds', post_code: 'LS1 1AA', nia: 1000, itza: 400 });
  ids.p2 = await place({ unit: '2', city: 'Leeds', post_code: 'LS1 2BB', nia: 2000 });
  ids.p3 = await place({ unit: '3', city: 'leeds ', post_code: 'ls16ab', nia: 100, itza: 40, sqm: true });
  ids.p4 = await place({ unit: '4', city: 'Leeds', post_code: 'LS2 7EE', nia: 1000 });
  ids.p5 = await place({ unit: '5', city: 'Manchester', post_code: 'M1 1AE', nia: 1000 });
  ids.p6 = await place({ unit: '6', city: 'Leeds', post_code: 'LS1 3CC', nia: 1000 });
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Albion Street', city: 'Leeds', post_code: 'LS3 1AA' })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name: 'Trinity Leeds', type: 'Shopping centres', address_id: sa!.id })
    .returning();
  ids.scheme = scheme!.id;
  ids.p7 = await place({ unit: 'SU7', city: 'Leeds', post_code: 'LS3 1AA', nia: 1000, scheme: scheme!.id });

  const deal = async (key: string, body: Record<string, unknown>) => {
    ids[key] = (await recordDeal(db, admin, body as never, { now: NOW })).id;
  };
  await deal('d1', {
    deal_type: 'rent_review',
    property_id: ids.p1,
    effective_date: '2024-01-10',
    rent_pa: '20000',
  });
  await deal('d2', {
    deal_type: 'new_letting',
    property_id: ids.p2,
    effective_date: '2023-05-01',
    rent_pa: '60000',
    rent_sqft: '25',
    tenant_id: greggs.id,
  });
  await deal('d3', {
    deal_type: 'lease_renewal',
    property_id: ids.p3,
    effective_date: '2022-03-25',
    rent_pa: '32291.70',
  });
  await deal('d4', {
    deal_type: 'subletting',
    property_id: ids.p1,
    effective_date: '2025-09-29',
    rent_pa: '40000',
  });
  await deal('d5', {
    deal_type: 'rent_review',
    property_id: ids.p6,
    effective_date: '2025-01-01',
    rent_pa: '50000',
    currency: 'EUR',
  });
  await deal('d6', {
    deal_type: 'rent_review',
    property_id: ids.p4,
    effective_date: '2024-06-24',
    rent_pa: '30000',
  });
  await deal('d7', {
    deal_type: 'rent_review',
    property_id: ids.p5,
    effective_date: '2024-06-24',
    rent_pa: '10000',
  });
  await deal('d8', {
    deal_type: 'rent_review',
    property_id: ids.p7,
    effective_date: '2024-02-01',
    rent_pa: '36000',
  });
  // Six years ago: outside the default five.
  await deal('old', {
    deal_type: 'rent_review',
    property_id: ids.p1,
    effective_date: '2020-01-10',
    rent_pa: '15000',
  });
});
afterAll(() => t.close());

const get = (url: string, c: string | null = cookie) =>
  t.app.inject({ method: 'GET', url, headers: c ? { ...XHR, cookie: c } : { ...XHR } });
const ok = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<Record<string, unknown>>;
    meta: {
      pagination: { total: number; count: number; total_pages: number };
      stats: { count: number; rent_sqft: Record<string, unknown>; zone_a: Record<string, unknown> };
      applied: Record<string, unknown>;
      series: Array<{ deal_id: number; effective_date: string; rent_sqft: string }>;
      series_total: number;
    };
  };
};
const dealIds = (b: { data: Array<Record<string, unknown>> }) => b.data.map((r) => r.deal_id);

describe('GET /api/deals/comparables', () => {
  it('gives the quartiles of rent per sq ft and Zone A over a post-code district (hand-computed)', async () => {
    const b = await ok('/api/deals/comparables?district=ls1');
    // Newest first; the EUR deal, Leeds LS2, Manchester and the six-year-old review are not in it.
    expect(dealIds(b)).toEqual([ids.d4, ids.d1, ids.d2, ids.d3]);
    expect(b.meta.stats).toEqual({
      count: 4,
      // 20 (20,000 ÷ 1,000), 30 (the deal's own 25 disagrees with 60,000 ÷ 2,000: not read, ADR
      // 0079), 30 (32,291.70 ÷ 1,076.39 sq ft), 40.
      rent_sqft: { count: 4, min: '20.00', q1: '27.50', median: '30.00', q3: '32.50', max: '40.00' },
      // Only where ITZA is known: 50 (20,000 ÷ 400), 75 (32,291.70 ÷ 430.56 sq ft), 100.
      zone_a: { count: 3, min: '50.00', q1: '62.50', median: '75.00', q3: '87.50', max: '100.00' },
    });
    expect(b.meta.applied).toMatchObject({
      basis: { kind: 'filter' },
      district: 'LS1',
      town: null,
      from: '2021-06-15',
      to: null,
      types: ['new_letting', 'subletting', 'lease_renewal', 'rent_review'],
      currency: 'GBP',
    });
    expect(b.meta.pagination).toMatchObject({ total: 4, count: 4 });
  });

  it('reads each row: rent per sq ft from the deal or the NIA, Zone A, areas in sq ft, the tenant', async () => {
    const b = await ok('/api/deals/comparables?district=LS1');
    const byId = new Map(b.data.map((r) => [r.deal_id, r]));
    expect(byId.get(ids.d3)).toMatchObject({
      deal_type: 'lease_renewal',
      effective_date: '2022-03-25',
      property: { id: ids.p3, building_num: '3' },
      district: 'LS1',
      currency: 'GBP',
      rent_pa: '32291.70',
      // Recorded without one, the deal keeps rent ÷ NIA as its own figure (ADR 0079).
      rent_sqft: '30.00',
      rent_sqft_source: 'deal',
      zone_a: '75.00',
      nia_sqft: 1076.39,
      itza_sqft: 430.56,
    });
    // Its own 25.00 disagrees with 60,000 ÷ 2,000 by more than 1 %: rent ÷ NIA is read instead.
    expect(byId.get(ids.d2)).toMatchObject({
      rent_sqft: '30.00',
      rent_sqft_source: 'nia',
      zone_a: null,
      itza_sqft: null,
      tenant: { id: ids.greggs, name: 'Greggs' },
    });
  });

  it('takes a town (any case), a scheme type, dates, types and the currency', async () => {
    const leeds = await ok('/api/deals/comparables?town=LEEDS');
    expect(leeds.meta.stats.rent_sqft).toEqual({
      count: 6,
      // 20, 30, 30, 30, 36, 40: Q1 at 1.25 → 30, median at 2.5 → 30, Q3 at 3.75 → 30 + 0.75 × 6
      min: '20.00',
      q1: '30.00',
      median: '30.00',
      q3: '34.50',
      max: '40.00',
    });
    const centres = await ok('/api/deals/comparables?town=Leeds&scheme_type=Shopping%20centres');
    expect(dealIds(centres)).toEqual([ids.d8]);
    const dated = await ok('/api/deals/comparables?district=LS1&from=2023-01-01&to=2024-12-31');
    expect(dealIds(dated)).toEqual([ids.d1, ids.d2]);
    const allTime = await ok('/api/deals/comparables?district=LS1&from=2000-01-01&types=rent_review');
    expect(dealIds(allTime)).toEqual([ids.d1, ids.old]);
    const euro = await ok('/api/deals/comparables?district=LS1&currency=eur');
    expect(dealIds(euro)).toEqual([ids.d5]);
    expect(euro.meta.stats.rent_sqft).toMatchObject({ count: 1, median: '50.00' });
    const sized = await ok('/api/deals/comparables?district=LS1&size_min=1500');
    expect(dealIds(sized)).toEqual([ids.d2]);
  });

  it('defaults from a property to its district, its NIA ± 50 % and the last five years', async () => {
    const b = await ok(`/api/deals/comparables?property_id=${ids.p1}`);
    expect(b.meta.applied).toMatchObject({
      basis: { kind: 'property', id: ids.p1, nia_sqft: 1000 },
      district: 'LS1',
      town: null,
      size_min: 500,
      size_max: 1500,
      from: '2021-06-15',
      currency: 'GBP',
    });
    // Its own deals count; the 2,000 sq ft unit does not.
    expect(dealIds(b)).toEqual([ids.d4, ids.d1, ids.d3]);
    expect(b.meta.stats.rent_sqft).toMatchObject({ count: 3, q1: '25.00', median: '30.00', q3: '35.00' });
    // An explicit filter overrides its default.
    const wider = await ok(`/api/deals/comparables?property_id=${ids.p1}&size_max=5000&town=Leeds`);
    expect(wider.meta.applied).toMatchObject({
      town: 'Leeds',
      district: null,
      size_min: 500,
      size_max: 5000,
    });
    expect(wider.meta.pagination.total).toBe(6);
  });

  it('defaults from a scheme to its district and its scheme type', async () => {
    const b = await ok(`/api/deals/comparables?scheme_id=${ids.scheme}`);
    expect(b.meta.applied).toMatchObject({
      basis: { kind: 'scheme', id: ids.scheme, label: 'Trinity Leeds' },
      district: 'LS3',
      scheme_type: 'Shopping centres',
    });
    expect(dealIds(b)).toEqual([ids.d8]);
  });

  it('pages the rows while the stats and the chart cover every match', async () => {
    const b = await ok('/api/deals/comparables?town=Leeds&per_page=2&page=2');
    expect(b.data).toHaveLength(2);
    expect(b.meta.pagination).toMatchObject({ total: 6, count: 2, total_pages: 3 });
    expect(b.meta.stats.count).toBe(6);
    expect(b.meta.series_total).toBe(6);
    expect(b.meta.series.map((p) => p.effective_date)).toEqual([
      '2022-03-25',
      '2023-05-01',
      '2024-01-10',
      '2024-02-01',
      '2024-06-24',
      '2025-09-29',
    ]);
    expect(b.meta.series[0]).toEqual({ deal_id: ids.d3, effective_date: '2022-03-25', rent_sqft: '30.00' });
  });

  it('follows a change of the property: new areas and a new address', async () => {
    const db = await testDb();
    await db.update(properties).set({ itza_area: '500' }).where(eq(properties.id, ids.p2!));
    const b = await ok('/api/deals/comparables?district=LS1');
    expect(b.data.find((r) => r.deal_id === ids.d2)).toMatchObject({ zone_a: '120.00', itza_sqft: 500 });
    const [p4] = await db.select().from(properties).where(eq(properties.id, ids.p4!));
    await db.update(addresses).set({ post_code: 'LS1 9ZZ' }).where(eq(addresses.id, p4!.address_id));
    expect(dealIds(await ok('/api/deals/comparables?district=LS1'))).toContain(ids.d6);
    await db.update(addresses).set({ post_code: 'LS2 7EE' }).where(eq(addresses.id, p4!.address_id));
    await db.update(properties).set({ itza_area: null }).where(eq(properties.id, ids.p2!));
    expect(dealIds(await ok('/api/deals/comparables?district=LS1'))).not.toContain(ids.d6);
  });

  it('is a static route: not taken for GET /api/deals/{id}', async () => {
    const b = await ok('/api/deals/comparables?district=M1');
    expect(dealIds(b)).toEqual([ids.d7]);
    expect((await get(`/api/deals/${ids.d7}`)).json().data.id).toBe(ids.d7);
  });

  it('answers 422 on bad input in API.md’s shape', async () => {
    const cases: Array<[string, Record<string, string[]>]> = [
      ['', { town: [COMPARABLE_MESSAGES.placeRequired] }],
      ['?district=SW1A%201AA', { district: [COMPARABLE_MESSAGES.districtInvalid] }],
      ['?town=Leeds&from=2024-01-01&to=2023-01-01', { to: [COMPARABLE_MESSAGES.dateOrder] }],
      ['?town=Leeds&size_min=900&size_max=100', { size_max: [COMPARABLE_MESSAGES.sizeOrder] }],
      ['?town=Leeds&currency=XYZ', { currency: [COMPARABLE_MESSAGES.currencyInvalid] }],
      ['?town=Leeds&size_min=big', { size_min: [COMPARABLE_MESSAGES.sizeInvalid] }],
      [`?property_id=${ids.p1}&scheme_id=${ids.scheme}`, { scheme_id: [COMPARABLE_MESSAGES.oneBasis] }],
      ['?property_id=999999', { property_id: [COMPARABLE_MESSAGES.propertyMissing] }],
      ['?scheme_id=999999', { scheme_id: [COMPARABLE_MESSAGES.schemeMissing] }],
    ];
    for (const [qs, errors] of cases) {
      const res = await get(`/api/deals/comparables${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json(), qs).toEqual({ message: API_MESSAGES.invalidData, errors });
    }
    for (const qs of [
      '?town=Leeds&types=lettings',
      '?town=Leeds&from=2024-02-30',
      '?town=Leeds&per_page=500',
    ]) {
      const res = await get(`/api/deals/comparables${qs}`);
      expect(res.statusCode, qs).toBe(422);
      expect(res.json().message, qs).toBe(API_MESSAGES.invalidData);
    }
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await get('/api/deals/comparables?town=Leeds', null)).statusCode).toBe(401);
    expect((await get('/api/deals/comparables/export?town=Leeds', null)).statusCode).toBe(401);
  });
});

describe('GET /api/deals/comparables/export', () => {
  it('streams every matching row as CSV, newest first, with the count up front', async () => {
    const res = await get('/api/deals/comparables/export?district=LS1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="comparables-2026-06-15.csv"');
    expect(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()]).toBe('4');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'deal_id,effective_date,deal_type,property_id,unit,address,town,district,scheme,tenant,currency,rent_pa,rent_per_sq_ft,rent_per_sq_ft_from,zone_a_per_sq_ft,nia_sq_ft,itza_sq_ft',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(new RegExp(`^${ids.d4},29/09/2025,Sub-letting/Assignment,${ids.p1},1,`));
    expect(lines[1]).toContain(',GBP,40000.00,40.00,deal,100.00,1000,400');
    expect(lines[3]).toContain(',Greggs,GBP,60000.00,30.00,rent pa ÷ NIA (sq ft),,2000,');
  });

  it('pages through every row in batches (keyset)', async () => {
    const { exportComparables } = await import('../src/modules/deals/comparables.service');
    const out = await exportComparables(
      { db: t.db, now: () => NOW } as never,
      { town: 'Leeds' },
      (err) => {
        throw err;
      },
      2,
    );
    let text = '';
    for await (const chunk of out.stream) text += String(chunk);
    const rows = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1);
    expect(out.total).toBe(6);
    expect(rows.map((r) => Number(r.split(',')[0]))).toEqual([
      ids.d4,
      ids.d6,
      ids.d8,
      ids.d1,
      ids.d2,
      ids.d3,
    ]);
  });

  it('answers 422 on bad filters', async () => {
    const res = await get('/api/deals/comparables/export');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: API_MESSAGES.invalidData,
      errors: { town: [COMPARABLE_MESSAGES.placeRequired] },
    });
  });
});
