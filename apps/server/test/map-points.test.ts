/**
 * The points of an area (ADR 0054): GET /api/map/points in a bbox, a polygon and
 * a circle — paged with the exact total, in each sort's order, schemes only without a unit filter —
 * its CSV (GET /api/map/points/export) and the heat layer (GET /api/map/heat, cached a minute).
 */
import { MAP_MESSAGES, type MapPoint } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema';
import { countPoints, pointPage } from '../src/modules/map/map-points.repository';
import { exportPoints } from '../src/modules/map/map-points.service';
import { mapFilterOf, type MapArea } from '../src/modules/map/map-filter';
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
import { LEEDS, LONDON, NOW, buildMapScheme, buildMapUnit } from './map.fixtures';

const PW = 'map-points-password-1';
let t: TestApp;
let cookie: string;
let clock = NOW;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = NOW;
  await resetData();
  const user = await buildUser({ email: 'agent@points.test', password: PW });
  cookie = await sessionCookie(t.app, user);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
const page = async (query: string) => {
  const res = await get(`/api/map/points?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: MapPoint[]; meta: { pagination: { total: number; count: number } } };
};
const keys = (rows: MapPoint[]) => rows.map((r) => `${r.kind}:${r.id}`);

const LEEDS_BOX = '-1.6,53.75,-1.5,53.85';
/** Metres north of LEEDS as degrees of latitude. */
const north = (m: number) => LEEDS.lat + m / 111_320;

/** Six units on Leeds streets (rents, areas, leases, one let to a verified tenant), a centre with a unit, and London. */
const leeds = async () => {
  const boots = await buildCompany({ name: 'Boots' });
  const a = await buildMapUnit({
    street: 'Albion Street',
    lat: north(100),
    tenant_id: boots.id,
    rent_pa: '30000.00',
    nia_sqrt: '1000',
    lease_end_date: '2027-03-24',
    break_date: '2026-09-29',
  });
  // Verified after its store opened (a store change after verification turns it orange, ADR 0056).
  await (await testDb()).update(companies).set({ is_verified: true }).where(eq(companies.id, boots.id));
  const b = await buildMapUnit({ street: 'Boar Lane', lat: north(200), rent_pa: '10000', nia_sqrt: '500' });
  const c = await buildMapUnit({
    street: 'Call Lane',
    lat: north(300),
    nia_sqrt: '200',
    area_size_type: 'sqm',
  });
  const d = await buildMapUnit({ street: 'Duncan Street', lat: north(400), lease_end_date: '2029-01-01' });
  const e = await buildMapUnit({ street: 'Eastgate', lat: north(2000), rent_pa: '5000', nia_sqrt: '1000' });
  const f = await buildMapUnit({ street: 'Fish Street', lat: north(5000) });
  const centre = await buildMapScheme(
    'Shopping centres',
    { lat: north(600), lng: LEEDS.lng },
    'Trinity Leeds',
  );
  const g = await buildMapUnit({ street: 'Briggate', lat: north(650), scheme_id: centre.id });
  const london = await buildMapUnit({ street: 'Oxford Street', city: 'London', ...LONDON });
  return { boots, a, b, c, d, e, f, g, centre, london };
};

describe('GET /api/map/points', () => {
  it('pages the points of a bbox in address order with the exact total, and shows each row', async () => {
    const w = await leeds();
    const all = await page(`bbox=${LEEDS_BOX}&per_page=100`);
    expect(all.meta.pagination.total).toBe(8);
    const addresses = all.data.map((r) => r.full_address!);
    expect(addresses).toEqual([...addresses].sort());
    const paged: MapPoint[] = [];
    for (let p = 1; p <= 3; p++) {
      const r = await page(`bbox=${LEEDS_BOX}&per_page=3&page=${p}`);
      expect(r.meta.pagination).toMatchObject({ total: 8, current_page: p, per_page: 3, total_pages: 3 });
      paged.push(...r.data);
    }
    expect(keys(paged)).toEqual(keys(all.data));
    expect(all.data.find((r) => r.id === w.a.id && r.kind === 'property')).toEqual({
      kind: 'property',
      id: w.a.id,
      group: 'shops',
      name: w.a.building_num,
      full_address: 'Albion Street, Leeds, LS1 1AA',
      town: 'Leeds',
      scheme: null,
      tenant: { id: w.boots.id, name: 'Boots', is_verified: true },
      vacant: false,
      rent_pa: '30000.00',
      currency: 'GBP',
      rent_sqft: '30.00',
      area: 1000,
      lease_end_date: '2027-03-24',
      break_date: '2026-09-29',
      lat: north(100),
      lng: LEEDS.lng,
    });
    expect(all.data.find((r) => r.kind === 'scheme')).toMatchObject({
      id: w.centre.id,
      group: 'shopping_centres',
      name: 'Trinity Leeds',
      scheme: null,
      tenant: null,
      vacant: false,
      rent_pa: null,
      currency: null,
      area: null,
    });
    expect(all.data.find((r) => r.id === w.g.id && r.kind === 'property')).toMatchObject({
      group: 'shopping_centres',
      scheme: { id: w.centre.id, name: 'Trinity Leeds' },
      vacant: true,
    });
    // 200 sq m → 2,152.78 sq ft.
    expect(all.data.find((r) => r.kind === 'property' && r.id === w.c.id)?.area).toBe(2152.78);
    expect(keys(all.data)).not.toContain(`property:${w.london.id}`);
    const past = await page(`bbox=${LEEDS_BOX}&per_page=3&page=9`);
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(8);
  });

  it('sorts by rent per sq ft, lease end and area both ways, empty values last', async () => {
    const w = await leeds();
    const ids = async (sort: string) =>
      (await page(`bbox=${LEEDS_BOX}&sort=${sort}&vacant=0&groups=shops`)).data.map((r) => r.id);
    const rest = (...first: Array<{ id: number }>) => {
      const head = first.map((u) => u.id);
      const others = [w.a, w.b, w.c, w.d, w.e, w.f].map((u) => u.id).filter((id) => !head.includes(id));
      return [...head, ...others];
    };
    // rent per sq ft: e 5, b 20, a 30; the rest none (by id).
    expect(await ids('rent_sqft')).toEqual(rest(w.e, w.b, w.a));
    expect(await ids('-rent_sqft')).toEqual([w.a.id, w.b.id, w.e.id, w.f.id, w.d.id, w.c.id]);
    expect(await ids('lease_end_date')).toEqual(rest(w.a, w.d));
    expect(await ids('area')).toEqual([w.b.id, w.a.id, w.e.id, w.c.id, w.d.id, w.f.id]);
    expect(await ids('-address')).toEqual([w.f.id, w.e.id, w.d.id, w.c.id, w.b.id, w.a.id]);
  });

  it('lists only units while a unit filter is on; the scheme filter keeps its scheme', async () => {
    const w = await leeds();
    const vacant = await page(`bbox=${LEEDS_BOX}&vacant=true&per_page=100`);
    expect(vacant.data.every((r) => r.kind === 'property' && r.vacant)).toBe(true);
    expect(vacant.meta.pagination.total).toBe(6);
    const scheme = await page(`bbox=${LEEDS_BOX}&scheme_id=${w.centre.id}`);
    expect(keys(scheme.data).sort()).toEqual([`property:${w.g.id}`, `scheme:${w.centre.id}`].sort());
    expect((await page(`bbox=${LEEDS_BOX}&tenant_id=${w.boots.id}`)).data.map((r) => r.id)).toEqual([w.a.id]);
    expect((await page(`bbox=${LEEDS_BOX}&lease_event=1`)).data.map((r) => r.id)).toEqual([w.a.id]);
    expect((await page(`bbox=${LEEDS_BOX}&groups=`)).meta.pagination.total).toBe(0);
  });

  it('finds the points inside a polygon (not merely its bounds) and a circle', async () => {
    const w = await leeds();
    const lng = LEEDS.lng;
    // Inside the polygon's bounds, outside the polygon.
    const h = await buildMapUnit({ street: 'Headrow', lat: north(1000), lng: lng + 0.005 });
    // An L: up the west side to 2.5 km north, but only 450 m north on the east side.
    const polygon = [
      [lng - 0.01, north(0)],
      [lng + 0.01, north(0)],
      [lng + 0.01, north(450)],
      [lng + 0.0001, north(450)],
      [lng + 0.0001, north(2500)],
      [lng - 0.01, north(2500)],
    ]
      .map(([x, y]) => `${x},${y}`)
      .join(';');
    const inside = await page(`polygon=${polygon}&per_page=100`);
    // Every Leeds point but f (5 km north); the units sit on lng, just inside the west arm.
    expect(keys(inside.data).sort()).toEqual(
      [w.a, w.b, w.c, w.d, w.e, w.g]
        .map((u) => `property:${u.id}`)
        .concat(`scheme:${w.centre.id}`)
        .sort(),
    );
    const eastArm = [
      [lng + 0.00005, north(0)],
      [lng + 0.01, north(0)],
      [lng + 0.01, north(450)],
      [lng + 0.00005, north(450)],
    ]
      .map(([x, y]) => `${x},${y}`)
      .join(';');
    expect((await page(`polygon=${eastArm}`)).data).toEqual([]);
    expect(keys(inside.data)).not.toContain(`property:${h.id}`);
    const circle = await page(`center=${lng},${LEEDS.lat}&radius_m=450`);
    expect(circle.data.map((r) => r.id).sort()).toEqual([w.a.id, w.b.id, w.c.id, w.d.id].sort());
    const wide = await page(`center=${lng},${LEEDS.lat}&radius_m=2100&sort=-address`);
    expect(wide.meta.pagination.total).toBe(8);
    expect(keys(wide.data)).toContain(`property:${h.id}`);
  });

  it('follows an address edit at once (the list sorts by the new address)', async () => {
    const w = await leeds();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${w.a.address_id}`,
      headers: { ...XHR, cookie },
      payload: { street: 'Zetland Street' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = await page(`bbox=${LEEDS_BOX}&groups=shops&sort=-address`);
    expect(list.data[0]).toMatchObject({ id: w.a.id, full_address: 'Zetland Street, Leeds, LS1 1AA' });
  });

  it('reads a large area (plain ranges, sequential or in address order) exactly as a small one', async () => {
    const w = await leeds();
    const db = await testDb();
    const areas: MapArea[] = [
      { kind: 'bbox', bbox: [-1.6, 53.75, -1.5, 53.85] },
      { kind: 'circle', center: [LEEDS.lng, LEEDS.lat], radiusM: 2100 },
      {
        kind: 'polygon',
        points: [
          [LEEDS.lng - 0.01, north(0)],
          [LEEDS.lng + 0.01, north(0)],
          [LEEDS.lng + 0.01, north(450)],
        ],
      },
    ];
    for (const area of areas)
      for (const filters of [{}, { vacant: true }, { scheme_id: w.centre.id }])
        for (const sort of ['address', '-address', 'rent_sqft', '-lease_end_date', 'area'] as const) {
          const f = mapFilterOf(filters, '2026-06-15');
          const index = await pointPage(db, f, area, sort, 'index', 100, 0);
          const scan = await pointPage(db, f, area, sort, 'scan', 100, 0);
          expect(scan, `${area.kind} ${sort}`).toEqual(index);
          expect(await countPoints(db, f, area, 'scan')).toBe(index.length);
          expect(await countPoints(db, f, area, 'index')).toBe(index.length);
        }
  });

  it('refuses a missing, doubled or malformed area and bad paging (422)', async () => {
    const bad = async (query: string, field: string, message?: string) => {
      const res = await get(`/api/map/points?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    };
    await bad('', 'bbox', MAP_MESSAGES.area);
    await bad(`bbox=${LEEDS_BOX}&center=-1.5,53.8&radius_m=100`, 'bbox', MAP_MESSAGES.area);
    await bad('center=-1.5,53.8', 'bbox', MAP_MESSAGES.area);
    await bad('center=-1.5&radius_m=100', 'center', MAP_MESSAGES.center);
    await bad('center=-1.5,53.8&radius_m=100001', 'radius_m', MAP_MESSAGES.radius);
    await bad('polygon=-1.5,53.8;-1.4,53.8', 'polygon', MAP_MESSAGES.polygon);
    await bad('polygon=-1.5,53.8;-1.4,53.8;x,y', 'polygon', MAP_MESSAGES.polygon);
    await bad(`bbox=${LEEDS_BOX}&per_page=101`, 'per_page');
    await bad(`bbox=${LEEDS_BOX}&sort=name`, 'sort');
    await bad(`bbox=${LEEDS_BOX}&area_min=10&area_max=5`, 'area_max', MAP_MESSAGES.range);
  });
});

/** The CSV's lines without the byte order mark. */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('GET /api/map/points/export', () => {
  it('downloads the points of the area as CSV in the list order, with the count and UK dates', async () => {
    const w = await leeds();
    const res = await get(`/api/map/points/export?bbox=${LEEDS_BOX}&sort=-rent_sqft`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="map-points-2026-06-15.csv"');
    expect(res.headers['x-total-count']).toBe('8');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(
      'Type,Name,Address,Town,Scheme,Tenant,Vacant,Rent pa,Currency,Rent per sq ft,NIA sq ft,Lease end,Break,Latitude,Longitude',
    );
    expect(lines).toHaveLength(9);
    expect(lines[1]).toBe(
      `Property,${w.a.building_num},"Albion Street, Leeds, LS1 1AA",Leeds,,Boots,No,30000.00,GBP,30.00,1000,24/03/2027,29/09/2026,${north(100)},${LEEDS.lng}`,
    );
    expect(lines.find((l) => l.startsWith('Scheme,'))).toMatch(
      /^Scheme,Trinity Leeds,"[^"]+",Leeds,,,,,,,,,,/,
    );
    const list = await page(`bbox=${LEEDS_BOX}&sort=-rent_sqft&per_page=100`);
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(list.data.map((r) => r.name));
    const vacant = await get(`/api/map/points/export?center=${LEEDS.lng},${LEEDS.lat}&radius_m=450&vacant=1`);
    expect(vacant.headers['x-total-count']).toBe('3');
    expect(linesOf(vacant.body)).toHaveLength(4);
    expect((await get('/api/map/points/export')).statusCode).toBe(422);
  });

  it('reads batch after batch in the same order whatever the sort (keyset over empty values too)', async () => {
    await leeds();
    for (const sort of [
      'address',
      '-address',
      'rent_sqft',
      '-rent_sqft',
      'lease_end_date',
      '-area',
    ] as const) {
      const list = await page(`bbox=${LEEDS_BOX}&sort=${sort}&per_page=100`);
      const out = await exportPoints(
        t.app.services,
        { bbox: [-1.6, 53.75, -1.5, 53.85], sort },
        (err) => {
          throw err;
        },
        2,
      );
      let text = '';
      for await (const chunk of out.stream) text += String(chunk);
      expect(out.total).toBe(8);
      expect(
        linesOf(text)
          .slice(1)
          .map((l) => l.split(',')[1]),
        sort,
      ).toEqual(list.data.map((r) => r.name));
    }
  });
});

describe('GET /api/map/heat', () => {
  it('averages rent per sq ft (GBP) per cell, and answers from its cache for a minute', async () => {
    await buildMapUnit({ rent_pa: '20000', nia_sqrt: '1000' });
    await buildMapUnit({ rent_pa: '40000', nia_sqrt: '1000', lat: LEEDS.lat + 0.0001 });
    await buildMapUnit({ rent_pa: '90000', nia_sqrt: '1000', currency: 'EUR' });
    await buildMapUnit({ nia_sqrt: '1000' });
    const london = await buildMapUnit({ ...LONDON, rent_pa: '100000', nia_sqrt: '1000' });
    const url = '/api/map/heat?bbox=-3,50,1,55&zoom=6';
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    const cells = first.json().data as Array<{ lat: number; lng: number; rent_sqft: number; count: number }>;
    expect(cells.map((c) => [c.rent_sqft, c.count]).sort()).toEqual([
      [100, 1],
      [30, 2],
    ]);
    const db = await testDb();
    await db.execute(sql`update properties set rent_pa = 200000 where id = ${london.id}`);
    expect((await get(url)).json()).toEqual(first.json());
    clock = new Date(NOW.getTime() + 61_000);
    expect(
      ((await get(url)).json().data as Array<{ rent_sqft: number }>).map((c) => c.rent_sqft).sort(),
    ).toEqual([200, 30]);
    expect((await get('/api/map/heat?bbox=-3,50,1,55&zoom=6&groups=shopping_centres')).json().data).toEqual(
      [],
    );
    expect((await get('/api/map/heat?bbox=-180,-85,180,85&zoom=14')).statusCode).toBe(422);
  });
});
