/**
 * Saved areas of the map (ADR 0054): each user saves named polygons and circles
 * with their filters, lists their own newest first, deletes their own; another user's is not found
 * (404) and stays; at MAP_SEARCHES_MAX a save is refused.
 */
import { MAP_MESSAGES, MAP_SEARCHES_MAX } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mapSearches } from '../src/db/schema';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, testDb, type TestApp } from './helpers';
import { NOW } from './map.fixtures';

const PW = 'map-searches-password-1';
let t: TestApp;
let mine: string;
let theirs: string;
let me: { id: number };
let clock = NOW;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = NOW;
  await resetData();
  me = await buildUser({ email: 'me@searches.test', password: PW });
  await buildUser({ email: 'them@searches.test', password: PW });
  mine = await sessionCookie(t.app, 'me@searches.test');
  theirs = await sessionCookie(t.app, 'them@searches.test');
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const polygon = {
  name: '  Briggate and around ',
  area: {
    type: 'polygon',
    coordinates: [
      [-1.545, 53.797],
      [-1.54, 53.797],
      [-1.54, 53.8],
    ],
  },
  filters: { groups: 'shops,leisure', vacant: 'true', tenant_id: '12' },
};
const circle = { name: 'Leeds centre', area: { type: 'circle', center: [-1.5447, 53.7965], radius_m: 800 } };

describe('/api/map/searches', () => {
  it('saves, lists newest first and deletes the user’s own areas', async () => {
    const first = await call('POST', '/api/map/searches', mine, polygon);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.any(Number),
      name: 'Briggate and around',
      area: polygon.area,
      filters: polygon.filters,
      created_at: NOW.toISOString(),
    });
    clock = new Date(NOW.getTime() + 60_000);
    const second = (await call('POST', '/api/map/searches', mine, circle)).json().data;
    expect(second).toMatchObject({ name: 'Leeds centre', area: circle.area, filters: {} });
    await call('POST', '/api/map/searches', theirs, { ...circle, name: 'Not yours' });

    const list = await call('GET', '/api/map/searches', mine);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { name: string }) => s.name)).toEqual([
      'Leeds centre',
      'Briggate and around',
    ]);

    const gone = await call('DELETE', `/api/map/searches/${second.id}`, mine);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ status: 'success', msg: MAP_MESSAGES.searchDeleted, data: null });
    expect((await call('GET', '/api/map/searches', mine)).json().data).toHaveLength(1);
    expect((await call('DELETE', `/api/map/searches/${second.id}`, mine)).statusCode).toBe(404);
  });

  it("answers 404 for another user's area and leaves it alone", async () => {
    const saved = (await call('POST', '/api/map/searches', mine, circle)).json().data;
    const res = await call('DELETE', `/api/map/searches/${saved.id}`, theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: expect.any(String) });
    expect((await call('GET', '/api/map/searches', theirs)).json().data).toEqual([]);
    expect(
      (await call('GET', '/api/map/searches', mine)).json().data.map((s: { id: number }) => s.id),
    ).toEqual([saved.id]);
  });

  it('refuses a nameless or malformed area, and one more than the user may keep (422)', async () => {
    const bad = async (payload: object, field: string, message?: string) => {
      const res = await call('POST', '/api/map/searches', mine, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    };
    await bad({ ...circle, name: '   ' }, 'name', MAP_MESSAGES.searchName);
    await bad(
      { ...circle, area: { type: 'circle', center: [-1.5, 53.8], radius_m: 200_000 } },
      'area.radius_m',
    );
    await bad({ ...circle, area: { type: 'polygon', coordinates: [[0, 0]] } }, 'area.coordinates');
    await bad({ ...circle, area: { type: 'square' } }, 'area.type');
    await bad({ ...circle, filters: { q: 'x'.repeat(201) } }, 'filters.q');
    const db = await testDb();
    await db.insert(mapSearches).values(
      Array.from({ length: MAP_SEARCHES_MAX }, (_, i) => ({
        user_id: me.id,
        name: `Area ${i}`,
        area: circle.area,
      })),
    );
    await bad(circle, 'name', MAP_MESSAGES.searchesFull);
    expect((await call('POST', '/api/map/searches', theirs, circle)).statusCode).toBe(201);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/map/searches', headers: XHR })).statusCode).toBe(
      401,
    );
  });
});
