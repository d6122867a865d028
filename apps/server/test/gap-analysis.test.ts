/**
 * Gap Analysis (Beta), spec A §3 (ADR 0058): GET /api/reports/gap-analysis and its export on a
 * hand-built market — a fashion retailer (Next) in Leeds, its fashion peers in York, Bath, Derby
 * and Hull (and Leeds), a food retailer in York and Bath; vacant units, leases ending and breaks
 * inside and outside the 12 months; two schemes.
 */
import { GAP_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyCategories, companyCategory } from '../src/db/schema';
import { LEEDS, MILE, NOW, buildMatchScheme, buildUnit } from './enquiry-matches.fixtures';
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

const PW = 'gap-analysis-password-1';
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW }); // today 2026-06-15: the window runs to 2027-06-15
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });

interface Market {
  next: number;
  nobody: number;
  fashion: number;
  food: number;
  york: { vacant: number; breaks: number; ends: number };
  hull: { vacant: number[] };
  trinity: number;
  hullCentre: number;
}
let m: Market;

const category = async (name: string, companyIds: number[]) => {
  const db = await testDb();
  const [row] = await db.insert(companyCategories).values({ name }).returning();
  if (companyIds.length)
    await db
      .insert(companyCategory)
      .values(companyIds.map((company_id) => ({ company_id, category_id: row!.id })));
  return row!.id;
};

const LET = { lease_end_date: '2030-01-01' };

beforeEach(async () => {
  await resetData();
  // An ordinary user (an agent), not an admin: the report is for everyone.
  const user = await buildUser({ email: 'agent@gap.test', password: PW, type: 'user' });
  cookie = await sessionCookie(t.app, user);

  const next = (await buildCompany({ name: 'Next' })).id;
  const arket = (await buildCompany({ name: 'Arket' })).id;
  const boden = (await buildCompany({ name: 'Boden' })).id;
  const cos = (await buildCompany({ name: 'Cos' })).id;
  const dune = (await buildCompany({ name: 'Dune' })).id; // fashion, trades nowhere
  const greggs = (await buildCompany({ name: 'Greggs' })).id;
  const nobody = (await buildCompany({ name: 'Nobody' })).id;
  const fashion = await category('Fashion', [next, arket, boden, cos, dune]);
  const food = await category('Food', [greggs]);

  const trinity = (await buildMatchScheme('Trinity York')).id;
  const hullCentre = (await buildMatchScheme('Hull Centre')).id;
  const leedsArcade = (await buildMatchScheme('Leeds Arcade')).id;

  // Leeds: Next trades here, so no peer makes it a gap.
  await buildUnit({ tenant_id: next, ...LET });
  await buildUnit({ tenant_id: arket, ...LET });
  await buildUnit({ tenant_id: boden, ...LET });
  await buildUnit({ tenant_id: cos, ...LET });
  await buildUnit({});
  await buildUnit({ tenant_id: next, scheme_id: leedsArcade, ...LET });
  await buildUnit({ tenant_id: arket, scheme_id: leedsArcade, ...LET });

  // York: three fashion peers (two in Trinity York), one vacant unit, a break and a lease end
  // inside the window, a lease end outside it; 7 units.
  const york = { city: 'York' };
  await buildUnit({ ...york, tenant_id: arket, scheme_id: trinity, ...LET });
  await buildUnit({ ...york, tenant_id: boden, scheme_id: trinity, ...LET });
  const vacant = (await buildUnit({ ...york, nia_sqrt: '1500', rent_pa: '30000', north: 20 })).id;
  const ends = (await buildUnit({ ...york, tenant_id: greggs, lease_end_date: '2026-09-01' })).id;
  const breaks = (
    await buildUnit({ ...york, tenant_id: greggs, lease_end_date: '2032-01-01', break_date: '2026-08-01' })
  ).id;
  await buildUnit({ ...york, tenant_id: greggs, lease_end_date: '2028-01-01' });
  await buildUnit({ city: 'YORK', tenant_id: cos, ...LET });

  // Bath: two peers, six units, nothing available (Greggs' leases run to 2031).
  await buildUnit({ city: 'Bath', tenant_id: arket, ...LET });
  await buildUnit({ city: 'Bath', tenant_id: boden, ...LET });
  for (let i = 0; i < 4; i++)
    await buildUnit({ city: 'Bath', tenant_id: greggs, lease_end_date: '2031-01-01' });

  // Derby: two peers, two units.
  await buildUnit({ city: 'Derby', tenant_id: boden, ...LET });
  await buildUnit({ city: 'Derby', tenant_id: cos, ...LET });

  // Hull: one peer (in Hull Centre) and two vacant units.
  await buildUnit({ city: 'Hull', tenant_id: arket, scheme_id: hullCentre, north: 10, ...LET });
  const hullVacant = [
    (await buildUnit({ city: 'Hull', north: 11 })).id,
    (await buildUnit({ city: 'Hull', north: 12 })).id,
  ];

  m = {
    next,
    nobody,
    fashion,
    food,
    york: { vacant, breaks, ends },
    hull: { vacant: hullVacant },
    trinity,
    hullCentre,
  };
});

interface Place {
  key: string;
  name: string;
  town: string | null;
  scheme_id: number | null;
  peers: number;
  peer_names: string[];
  units: number;
  vacant: number;
  available: number;
  lat: number | null;
  lng: number | null;
  available_units: Array<{ property_id: number; vacant: boolean } & Record<string, unknown>>;
}
const gap = async (query = '') => {
  const res = await get(`/api/reports/gap-analysis?company_id=${m.next}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    retailer: { id: number; name: string; stores: number };
    categories: Array<{ id: number; name: string }>;
    peer_count: number;
    data: Place[];
    meta: { pagination: Record<string, number> };
  };
};
const names = (r: { data: Place[] }) => r.data.map((p) => p.name);

describe('GET /api/reports/gap-analysis', () => {
  it('ranks the towns where its peers trade and it does not, by peers present', async () => {
    const r = await gap();
    expect(r.retailer).toEqual({ id: m.next, name: 'Next', stores: 2 });
    expect(r.categories).toEqual([{ id: m.fashion, name: 'Fashion' }]);
    expect(r.peer_count).toBe(3); // Arket, Boden, Cos (Dune has no store)
    expect(names(r)).toEqual(['York', 'Bath', 'Derby', 'Hull']);
    expect(r.meta.pagination).toEqual({ total: 4, count: 4, per_page: 15, current_page: 1, total_pages: 1 });
    const [york, bath, , hull] = r.data;
    expect(york).toMatchObject({
      key: 'town:york',
      level: 'town',
      name: 'York',
      town: 'York',
      scheme_id: null,
      peers: 3,
      peer_names: ['Arket', 'Boden', 'Cos'],
      units: 7,
      vacant: 1,
      available: 3,
    });
    // Vacant first, then the soonest lease event (the break before the lease end).
    expect(york!.available_units.map((u) => u.property_id)).toEqual([
      m.york.vacant,
      m.york.breaks,
      m.york.ends,
    ]);
    expect(york!.available_units[0]).toEqual({
      property_id: m.york.vacant,
      full_address: expect.stringContaining('York'),
      vacant: true,
      lease_end_date: null,
      break_date: null,
      size_sqft: '1500.00',
      rent_pa: '30000.00',
      currency: 'GBP',
      lat: expect.closeTo(LEEDS.lat + 20 * MILE, 6),
      lng: expect.closeTo(LEEDS.lng, 6),
    });
    expect(york!.available_units[1]).toMatchObject({ vacant: false, break_date: '2026-08-01' });
    expect(bath).toMatchObject({
      peers: 2,
      peer_names: ['Arket', 'Boden'],
      units: 6,
      vacant: 0,
      available: 0,
    });
    expect(bath!.available_units).toEqual([]);
    expect(hull).toMatchObject({ peers: 1, units: 3, vacant: 2, available: 2 });
    expect(hull!.available_units.map((u) => u.property_id)).toEqual(m.hull.vacant);
    // The centroid of its units (10, 11 and 12 miles north of Leeds).
    expect(hull!.lat).toBeCloseTo(LEEDS.lat + 11 * MILE, 6);
    expect(hull!.lng).toBeCloseTo(LEEDS.lng, 6);
  });

  it('sorts by size or by available units, ties by peers then name', async () => {
    const byPeers = await gap();
    const bySize = await gap('&sort=size');
    const byAvailable = await gap('&sort=available');
    expect(names(bySize)).toEqual(['York', 'Bath', 'Hull', 'Derby']);
    expect(names(byAvailable)).toEqual(['York', 'Hull', 'Bath', 'Derby']);
    // Each place is described alike whatever the order.
    const byKey = (r: { data: Place[] }) => Object.fromEntries(r.data.map((p) => [p.key, p]));
    expect(byKey(bySize)).toEqual(byKey(byPeers));
    expect(byKey(byAvailable)).toEqual(byKey(byPeers));
    // Vacant only: Hull's two vacant units outrank York's one.
    const vacantOnly = await gap('&sort=available&months=0');
    expect(vacantOnly.data.map((p) => [p.name, p.available])).toEqual([
      ['Hull', 2],
      ['York', 1],
      ['Bath', 0],
      ['Derby', 0],
    ]);
  });

  it('counts only vacant units as available when months is 0', async () => {
    const [york] = (await gap('&months=0')).data;
    expect(york).toMatchObject({ name: 'York', vacant: 1, available: 1 });
    expect(york!.available_units.map((u) => u.property_id)).toEqual([m.york.vacant]);
    // Two months: the break (1 August) is in, the lease end (1 September) is not.
    const [york2] = (await gap('&months=2')).data;
    expect(york2!.available_units.map((u) => u.property_id)).toEqual([m.york.vacant, m.york.breaks]);
  });

  it('keeps only places with at least min_peers peers', async () => {
    const r = await gap('&min_peers=2');
    expect(names(r)).toEqual(['York', 'Bath', 'Derby']);
    expect(r.meta.pagination.total).toBe(3);
    expect(names(await gap('&min_peers=4'))).toEqual([]);
  });

  it('compares with a chosen category instead of its own', async () => {
    const r = await gap(`&category_id=${m.food}`);
    expect(r.categories).toEqual([{ id: m.food, name: 'Food' }]);
    expect(r.peer_count).toBe(1);
    expect(r.data.map((p) => [p.name, p.peers, p.peer_names])).toEqual([
      ['Bath', 1, ['Greggs']],
      ['York', 1, ['Greggs']],
    ]);
  });

  it('takes its peers from every one of its own categories by default', async () => {
    await (await testDb()).insert(companyCategory).values({ company_id: m.next, category_id: m.food });
    const r = await gap();
    expect(r.categories).toEqual([
      { id: m.fashion, name: 'Fashion' },
      { id: m.food, name: 'Food' },
    ]);
    expect(r.peer_count).toBe(4);
    expect(r.data.map((p) => [p.name, p.peers, p.peer_names])).toEqual([
      ['York', 4, ['Arket', 'Boden', 'Cos', 'Greggs']],
      ['Bath', 3, ['Arket', 'Boden', 'Greggs']],
      ['Derby', 2, ['Boden', 'Cos']],
      ['Hull', 1, ['Arket']],
    ]);
  });

  it('pages the ranking', async () => {
    const r = await gap('&per_page=2&page=2');
    expect(names(r)).toEqual(['Derby', 'Hull']);
    expect(r.meta.pagination).toEqual({ total: 4, count: 2, per_page: 2, current_page: 2, total_pages: 2 });
    const past = await gap('&per_page=2&page=3');
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(4);
  });

  it('ranks schemes at level scheme', async () => {
    const r = await gap('&level=scheme');
    expect(r.peer_count).toBe(3); // peers trading anywhere, Cos in no scheme included
    expect(r.data.map((p) => [p.key, p.name, p.town, p.scheme_id, p.peers, p.peer_names, p.units])).toEqual([
      [`scheme:${m.trinity}`, 'Trinity York', 'York', m.trinity, 2, ['Arket', 'Boden'], 2],
      [`scheme:${m.hullCentre}`, 'Hull Centre', 'Hull', m.hullCentre, 1, ['Arket'], 1],
    ]);
    expect(r.data.every((p) => p.available_units.length === 0)).toBe(true);
  });

  it('asks for a category when the retailer has none (422 on company_id)', async () => {
    const res = await get(`/api/reports/gap-analysis?company_id=${m.nobody}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: [GAP_MESSAGES.noCategories] });
    const chosen = await get(`/api/reports/gap-analysis?company_id=${m.nobody}&category_id=${m.fashion}`);
    expect(chosen.statusCode).toBe(200);
    // Next is a peer then, and Leeds (where Nobody does not trade) is a gap too.
    expect(chosen.json().data.map((p: Place) => p.name)).toEqual(['Leeds', 'York', 'Bath', 'Derby', 'Hull']);
  });

  it('answers 404 for an unknown retailer and 422 for bad parameters', async () => {
    expect((await get('/api/reports/gap-analysis?company_id=99999')).statusCode).toBe(404);
    expect((await get(`/api/reports/gap-analysis?company_id=${m.next}&category_id=99999`)).statusCode).toBe(
      422,
    );
    for (const bad of [
      'company_id=abc',
      '',
      `company_id=${m.next}&level=city`,
      `company_id=${m.next}&months=61`,
    ])
      expect((await get(`/api/reports/gap-analysis?${bad}`)).statusCode, bad).toBe(422);
    expect((await get(`/api/reports/gap-analysis?company_id=1%00`)).statusCode).toBe(422);
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/gap-analysis?company_id=${m.next}`,
      headers: XHR,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/reports/gap-analysis/export', () => {
  it('downloads every place of the ranking as CSV', async () => {
    const res = await get(`/api/reports/gap-analysis/export?company_id=${m.next}&sort=available`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('gap-analysis-2026-06-15.csv');
    expect(res.headers['x-total-count']).toBe('4');
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual([
      'level,name,town,peers,peer_names,units,vacant,available',
      'town,York,York,3,Arket; Boden; Cos,7,1,3',
      'town,Hull,Hull,1,Arket,3,2,2',
      'town,Bath,Bath,2,Arket; Boden,6,0,0',
      'town,Derby,Derby,2,Boden; Cos,2,0,0',
    ]);
  });

  it('refuses a retailer without categories with the same 422', async () => {
    const res = await get(`/api/reports/gap-analysis/export?company_id=${m.nobody}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: [GAP_MESSAGES.noCategories] });
  });
});
