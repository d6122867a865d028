/**
 * The map's clusters (ADR 0054): GET /api/map/clusters over units and schemes
 * scattered around Leeds (and a few in London, one with no position) — the markers add up to the
 * points in view at every zoom, the groups and each filter change them, a single point names its
 * property or scheme, writes show in the next answer (the grid is kept in the writing
 * transaction), a tenant or rent change leaves the grid alone, and the kept grid always equals
 * map_grid_rebuild()'s.
 */
import { MAP_MESSAGES, type MapClustersResponse } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { properties } from '../src/db/schema';
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
import {
  LEEDS,
  LONDON,
  NOW,
  buildMapScheme,
  buildMapUnit,
  gridRows,
  keptAndRebuiltGrid,
  prng,
} from './map.fixtures';

const PW = 'map-password-2026';
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData();
  const user = await buildUser({ email: 'agent@map.test', password: PW });
  cookie = await sessionCookie(t.app, user);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

/** Yorkshire at county zooms; Leeds (±0.12°) at street zooms. */
const YORKSHIRE = '-3,53,0,55';
const LEEDS_BOX = '-1.67,53.67,-1.42,53.92';
const around = (p: { lat: number; lng: number }, d = 0.0005) =>
  `${p.lng - d},${p.lat - d},${p.lng + d},${p.lat + d}`;

const clusters = async (query: string): Promise<MapClustersResponse> => {
  const res = await call('GET', `/api/map/clusters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const countOf = (r: MapClustersResponse) => r.data.reduce((n, c) => n + c.count, 0);

/** Points inside a bbox counted straight from the tables (units with a position, and schemes). */
const directCount = async (bbox: string, unitWhere = sql`true`, withSchemes = true) => {
  const [w, s, e, n] = bbox.split(',').map(Number);
  const [row] = await queryRows<{ n: number }>(
    await testDb(),
    sql`select ((select count(*) from match_units u
                  where u.lat between ${s} and ${n} and u.lng between ${w} and ${e} and ${unitWhere})
              + case when ${withSchemes} then (select count(*) from schemes s join addresses a on a.id = s.address_id
                  where a.lat between ${s} and ${n} and a.lng between ${w} and ${e}) else 0 end)::int as n`,
  );
  return row!.n;
};

/** 60 units around Leeds (a third let, with rents, areas and lease dates), three schemes with units, London, one unplaced. */
const scatter = async () => {
  const rand = prng(15);
  const boots = await buildCompany({ name: 'Boots' });
  const landlord = await buildCompany({ name: 'Land Securities' });
  const near = () => ({ lat: LEEDS.lat + (rand() - 0.5) * 0.2, lng: LEEDS.lng + (rand() - 0.5) * 0.2 });
  const units = [];
  for (let i = 0; i < 60; i++) {
    const let_ = i % 3 === 0;
    units.push(
      await buildMapUnit({
        ...near(),
        tenant_id: let_ ? boots.id : null,
        rent_pa: i % 2 === 0 ? String(10_000 + i * 1000) : null,
        nia_sqrt: i % 2 === 0 ? '1000' : i % 5 === 0 ? '500' : null,
        lease_end_date: let_ ? (i % 2 === 0 ? '2026-12-01' : '2030-01-01') : null,
        landlordId: i < 10 ? landlord.id : undefined,
      }),
    );
  }
  const centre = await buildMapScheme('Shopping centres', near(), 'Trinity Leeds');
  const park = await buildMapScheme('Out of town', near(), 'Crown Point');
  const leisure = await buildMapScheme('Leisure', near(), 'Leeds Dock');
  for (let i = 0; i < 5; i++) await buildMapUnit({ ...near(), scheme_id: centre.id });
  for (let i = 0; i < 3; i++) await buildMapUnit({ ...near(), scheme_id: park.id });
  for (let i = 0; i < 2; i++) await buildMapUnit({ ...near(), scheme_id: leisure.id });
  for (let i = 0; i < 5; i++) await buildMapUnit({ lat: LONDON.lat + i * 0.01, lng: LONDON.lng });
  await buildMapUnit({ lat: null, lng: null });
  return { boots, landlord, centre, park, leisure, units };
};

describe('GET /api/map/clusters', () => {
  it('adds up to the points in view at every zoom, grid and live alike, with totals per group', async () => {
    await scatter();
    // 60 standalone + 10 scheme units + 3 schemes in Leeds; London and the unplaced unit are not.
    expect(await directCount(YORKSHIRE)).toBe(73);
    for (const [zoom, bbox] of [
      [5, YORKSHIRE],
      [6.5, YORKSHIRE],
      [8, YORKSHIRE],
      [10, YORKSHIRE],
      [11, LEEDS_BOX],
      [12, LEEDS_BOX],
    ] as const) {
      const r = await clusters(`bbox=${bbox}&zoom=${zoom}`);
      expect(r.meta.level).toBe(Math.floor(zoom) + 3);
      expect(countOf(r), `zoom ${zoom}`).toBe(73);
      // shops, then the out-of-town park (+3 units), leisure (+2), the centre (+5).
      expect(r.meta.totals).toEqual([4, 3, 6, 60]);
      for (const c of r.data) expect(c.groups.reduce((a, b) => a + b, 0)).toBe(c.count);
    }
    for (const zoom of [13, 14]) {
      const r = await clusters(`bbox=${LEEDS_BOX}&zoom=${zoom}`);
      expect(countOf(r), `zoom ${zoom}`).toBe(await directCount(LEEDS_BOX));
      expect(r.meta.totals).toEqual([4, 3, 6, 60]);
    }
    // Clustering thins out as the zoom grows.
    const far = await clusters(`bbox=${YORKSHIRE}&zoom=6`);
    const near = await clusters(`bbox=${LEEDS_BOX}&zoom=14`);
    expect(far.data.length).toBeLessThan(near.data.length);
  });

  it('answers the same from the grid and from the points (a filter that keeps everything)', async () => {
    const { units } = await scatter();
    const db = await testDb();
    // Every unit gets the same landlord, so the landlord filter keeps every unit (but no scheme).
    const owner = await buildCompany({ name: 'Everyone Estates' });
    await db.execute(
      sql`insert into property_parties (property_id, role, company_id) select id, 'landlord', ${owner.id} from properties`,
    );
    for (const zoom of [7, 9, 10]) {
      const grid = await clusters(`bbox=${YORKSHIRE}&zoom=${zoom}&groups=shops`);
      const live = await clusters(`bbox=${YORKSHIRE}&zoom=${zoom}&groups=shops&landlord_id=${owner.id}`);
      expect(live.meta).toEqual(grid.meta);
      expect(live.data.map((c) => [c.count, c.kind, c.id])).toEqual(
        grid.data.map((c) => [c.count, c.kind, c.id]),
      );
      for (const [i, c] of live.data.entries()) {
        expect(c.lat).toBeCloseTo(grid.data[i]!.lat, 5);
        expect(c.lng).toBeCloseTo(grid.data[i]!.lng, 5);
      }
    }
    expect(units.length).toBe(60);
  });

  it('groups and each filter change them; a unit filter leaves the schemes out, the scheme filter keeps its scheme', async () => {
    const { boots, landlord, centre } = await scatter();
    const at = (q: string) => clusters(`bbox=${YORKSHIRE}&zoom=9&${q}`);
    expect(countOf(await at('groups=shops'))).toBe(60);
    expect((await at('groups=shops')).meta.totals).toEqual([0, 0, 0, 60]);
    expect(countOf(await at('groups=shopping_centres,leisure'))).toBe(6 + 3);
    expect(countOf(await at('groups[]=out_of_town&groups[]=leisure'))).toBe(4 + 3);
    expect(countOf(await at('groups='))).toBe(0);
    // i % 3 === 0 → let to Boots: 20 of the 60.
    expect(countOf(await at(`tenant_id=${boots.id}`))).toBe(20);
    expect(countOf(await at(`landlord_id=${landlord.id}`))).toBe(10);
    // Vacant: 40 standalone + 10 scheme units (schemes themselves are not units).
    expect(countOf(await at('vacant=true'))).toBe(50);
    expect(countOf(await at('vacant=1&groups=shops'))).toBe(40);
    expect(countOf(await at('vacant=false'))).toBe(73);
    // Let with i even → lease ends 2026-12-01, within 12 months of 2026-06-15: i in 0, 6, …, 54.
    expect(countOf(await at('lease_event=true'))).toBe(10);
    expect(countOf(await at('lease_end_from=2027-01-01&lease_end_to=2031-01-01'))).toBe(10);
    // Even i: rent 10,000 + 1,000 i over 1,000 sq ft → 10 + i per sq ft.
    expect(countOf(await at('rent_sqft_min=20&rent_sqft_max=30'))).toBe(6);
    expect(countOf(await at('area_min=400&area_max=600'))).toBe(6);
    expect(countOf(await at(`scheme_id=${centre.id}`))).toBe(6);
    expect((await at(`scheme_id=${centre.id}`)).meta.totals).toEqual([0, 0, 6, 0]);
    expect(countOf(await at(`scheme_id=${centre.id}&vacant=true`))).toBe(5);
    // The same filters through the live path of a street zoom.
    expect(countOf(await clusters(`bbox=${LEEDS_BOX}&zoom=13&tenant_id=${boots.id}`))).toBe(20);
  });

  it('names a single property or scheme; from zoom 17 merges only points at the same place', async () => {
    const lone = await buildMapUnit({ lat: 54.5, lng: -2.5 });
    const scheme = await buildMapScheme('Leisure', { lat: 54.0, lng: -1.0 });
    const r = await clusters(`bbox=${YORKSHIRE}&zoom=8`);
    expect(r.data).toEqual(
      expect.arrayContaining([
        { lat: 54.5, lng: -2.5, count: 1, groups: [0, 0, 0, 1], kind: 'property', id: lone.id },
        { lat: 54, lng: -1, count: 1, groups: [0, 1, 0, 0], kind: 'scheme', id: scheme.id },
      ]),
    );
    const twinA = await buildMapUnit({ lat: 53.8, lng: -1.55 });
    const twinB = await buildMapUnit({ lat: 53.8, lng: -1.55 });
    const neighbour = await buildMapUnit({ lat: 53.80001, lng: -1.55 });
    const street = await clusters(`bbox=${around({ lat: 53.8, lng: -1.55 })}&zoom=18`);
    expect(street.meta.level).toBeNull();
    expect(street.data).toEqual([
      { lat: 53.8, lng: -1.55, count: 2, groups: [0, 0, 0, 2] },
      { lat: 53.80001, lng: -1.55, count: 1, groups: [0, 0, 0, 1], kind: 'property', id: neighbour.id },
    ]);
    expect([twinA.id, twinB.id]).toHaveLength(2);
  });

  it('shows a new property, a moved address and a deleted unit in the very next answer', async () => {
    const tenant = await buildCompany({ name: 'Greggs' });
    const here = { lat: 53.9, lng: -1.2 };
    const created = await call('POST', '/api/properties', {
      building_num: '7',
      company_id: tenant.id,
      address: { street: 'Kirkgate', city: 'Leeds', latitude: here.lat, longitude: here.lng },
    });
    expect(created.statusCode, created.body).toBe(201);
    const property = created.json().data;
    for (const zoom of [10, 14]) {
      const r = await clusters(`bbox=${around(here, 0.01)}&zoom=${zoom}`);
      expect(r.data.map((c) => [c.count, c.kind, c.id])).toEqual([[1, 'property', property.id]]);
    }
    const there = { lat: 54.2, lng: -1.9 };
    const moved = await call('PUT', `/api/addresses/${property.address_id}`, {
      latitude: there.lat,
      longitude: there.lng,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const zoom of [10, 14]) {
      expect((await clusters(`bbox=${around(here, 0.01)}&zoom=${zoom}`)).data).toEqual([]);
      const r = await clusters(`bbox=${around(there, 0.01)}&zoom=${zoom}`);
      expect(r.data).toEqual([
        { lat: there.lat, lng: there.lng, count: 1, groups: [0, 0, 0, 1], kind: 'property', id: property.id },
      ]);
    }
    const db = await testDb();
    await db.execute(sql`delete from properties where id = ${property.id}`);
    expect((await clusters(`bbox=${around(there, 0.01)}&zoom=10`)).data).toEqual([]);
    expect(await gridRows()).toEqual([]);
  });

  it('a tenant, rent or lease change leaves the grid alone, and the vacant filter sees it at once', async () => {
    const tenant = await buildCompany({ name: 'WHSmith' });
    const unit = await buildMapUnit({ tenant_id: tenant.id, rent_pa: '20000', nia_sqrt: '1000' });
    const before = await gridRows();
    expect(before.length).toBeGreaterThan(0);
    const res = await call('PUT', `/api/properties/${unit.id}`, {
      tenant_id: null,
      rent_pa: '25000',
      lease_end_date: '2027-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gridRows()).toEqual(before);
    const view = `bbox=${around(LEEDS, 0.01)}&zoom=12`;
    expect(countOf(await clusters(`${view}&vacant=true`))).toBe(1);
    expect(countOf(await clusters(`${view}&rent_sqft_min=25&rent_sqft_max=25`))).toBe(1);
    expect(countOf(await clusters(`${view}&tenant_id=${tenant.id}`))).toBe(0);
  });

  it("counts schemes in their type's group, and moves a scheme and its units when the type changes", async () => {
    const scheme = await buildMapScheme('Shopping centres', LEEDS);
    await buildMapUnit({ scheme_id: scheme.id });
    await buildMapUnit({ scheme_id: scheme.id });
    const view = `bbox=${around(LEEDS, 0.01)}&zoom=9`;
    expect((await clusters(view)).meta.totals).toEqual([0, 0, 3, 0]);
    const db = await testDb();
    await db.execute(sql`update schemes set type = 'Out of town' where id = ${scheme.id}`);
    expect((await clusters(view)).meta.totals).toEqual([3, 0, 0, 0]);
    // A unit leaving the scheme becomes a Shop.
    await db.execute(sql`update properties set scheme_id = null where id = (select min(id) from properties)`);
    expect((await clusters(view)).meta.totals).toEqual([2, 0, 0, 1]);
    await db.execute(sql`delete from schemes where id = ${scheme.id}`);
    expect((await clusters(view)).meta.totals).toEqual([0, 0, 0, 2]);
  });

  it('keeps the grid equal to map_grid_rebuild() through a series of writes', async () => {
    const { centre, units } = await scatter();
    const db = await testDb();
    const check = async () => {
      const { kept, rebuilt } = await keptAndRebuiltGrid();
      expect(kept).toEqual(rebuilt);
    };
    await check();
    await db
      .update(properties)
      .set({ scheme_id: centre.id })
      .where(sql`id = ${units[0]!.id}`);
    await db.execute(
      sql`update addresses set lat = lat + 0.05 where id in (select address_id from properties where id % 4 = 0)`,
    );
    await db.execute(
      sql`update addresses set lat = null where id = (select address_id from properties where id = ${units[1]!.id})`,
    );
    await db.execute(sql`update addresses set lng = lng - 0.3 where id = ${centre.address_id}`);
    await db.execute(sql`update schemes set type = 'Leisure' where id = ${centre.id}`);
    await db.execute(sql`delete from properties where id % 7 = 0`);
    await db.execute(sql`update properties set rent_pa = 1, tenant_id = null where id % 5 = 0`);
    await check();
    await db.execute(sql`delete from schemes`);
    await db.execute(sql`delete from properties`);
    await check();
    expect(await gridRows()).toEqual([]);
  });

  it('refuses a bad bbox, zoom, range or a bbox far too large for the zoom (422 on the field)', async () => {
    const bad = async (query: string, field: string, message?: string) => {
      const res = await call('GET', `/api/map/clusters?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe('The given data was invalid.');
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    };
    await bad('bbox=1,2,3&zoom=5', 'bbox', MAP_MESSAGES.bbox);
    await bad('bbox=3,50,1,52&zoom=5', 'bbox', MAP_MESSAGES.bbox);
    await bad('bbox=-200,50,1,52&zoom=5', 'bbox', MAP_MESSAGES.bbox);
    await bad('bbox=a,b,c,d&zoom=5', 'bbox', MAP_MESSAGES.bbox);
    await bad('zoom=5', 'bbox');
    await bad(`bbox=${YORKSHIRE}&zoom=23`, 'zoom', MAP_MESSAGES.zoom);
    await bad(`bbox=${YORKSHIRE}&zoom=-1`, 'zoom', MAP_MESSAGES.zoom);
    await bad(`bbox=${YORKSHIRE}&zoom=x`, 'zoom');
    await bad(`bbox=${YORKSHIRE}`, 'zoom');
    await bad(`bbox=${YORKSHIRE}&zoom=5&groups=parks`, 'groups.0');
    await bad(
      `bbox=${YORKSHIRE}&zoom=5&rent_sqft_min=30&rent_sqft_max=20`,
      'rent_sqft_max',
      MAP_MESSAGES.range,
    );
    await bad(`bbox=${YORKSHIRE}&zoom=5&area_min=-1`, 'area_min');
    await bad(
      `bbox=${YORKSHIRE}&zoom=5&lease_end_from=2027-01-01&lease_end_to=2026-01-01`,
      'lease_end_to',
      MAP_MESSAGES.range,
    );
    await bad(`bbox=${YORKSHIRE}&zoom=5&lease_end_from=2027-02-30`, 'lease_end_from');
    await bad(`bbox=${YORKSHIRE}&zoom=5&tenant_id=0`, 'tenant_id');
    // The whole world at street level: millions of cells.
    await bad('bbox=-180,-85,180,85&zoom=16', 'bbox', MAP_MESSAGES.bboxTooLarge);
    await bad(`bbox=${YORKSHIRE}&zoom=12`, 'bbox', MAP_MESSAGES.bboxTooLarge);
    // A screen's worth at the same zoom is fine.
    expect((await call('GET', `/api/map/clusters?bbox=${LEEDS_BOX}&zoom=12`)).statusCode).toBe(200);
    expect((await call('GET', '/api/map/clusters?bbox=-180,-85,180,85&zoom=0')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/map/clusters?bbox=${YORKSHIRE}&zoom=5`,
      headers: XHR,
    });
    expect(res.statusCode).toBe(401);
  });
});
