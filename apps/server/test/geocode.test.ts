import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addresses } from '../src/db/schema';
import { offsetPosition, SCHEME_POSITION_OFFSET_DEG } from '../src/modules/addresses/position-offset';
import { fromNominatim } from '../src/modules/geocode/nominatim.geocoder';
import { buildTownIndex } from '../src/modules/geocode/towns';
import {
  XHR,
  buildTestApp,
  buildUser,
  captureStream,
  resetData,
  sessionCookie,
  testDb,
  type TestApp,
} from './helpers';
import pino from 'pino';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/nominatim');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');
const PW = 'geocode-password-1';

/** A stand-in Nominatim on localhost answering recorded responses (no network). */
let mode: 'ok' | 'down' | 'garbage' = 'ok';
const requests: string[] = [];
const fake = http.createServer((req, res) => {
  requests.push(req.url ?? '');
  if (mode === 'down') return void res.writeHead(503).end('overloaded');
  res.setHeader('Content-Type', 'application/json');
  if (mode === 'garbage') return void res.end('<html>');
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/reverse') {
    const lat = Number(url.searchParams.get('lat'));
    return void res.end(
      fixture(lat > 54.2 ? 'reverse-village.json' : lat < 50 ? 'reverse-sea.json' : 'reverse-leeds.json'),
    );
  }
  return void res.end(fixture('search-briggate.json'));
});

let local: TestApp;
let nominatim: TestApp;
let cookie: string;
const logs = captureStream();

beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as AddressInfo).port;
  local = await buildTestApp({ env: { MAP_STYLE_URL: 'https://tiles.example/style.json' } });
  nominatim = await buildTestApp({
    env: { GEOCODER: 'nominatim', GEOCODER_URL: `http://127.0.0.1:${port}/` },
    logger: pino({ level: 'warn' }, logs.stream),
  });
});
afterAll(async () => {
  await local.close();
  await nominatim.close();
  await new Promise((r) => fake.close(r));
});
beforeEach(async () => {
  await resetData();
  mode = 'ok';
  await buildUser({ email: 'geo@example.com', password: PW });
  cookie = await sessionCookie(local.app, 'geo@example.com');
});

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });

describe('local geocoder', () => {
  it('answers the stored address nearest to a click within ~150 m', async () => {
    const db = await testDb();
    await db.insert(addresses).values([
      {
        street: '42 Briggate',
        city: 'Leeds',
        region: 'West Yorkshire',
        post_code: 'LS1 6HD',
        lat: 53.7976,
        lng: -1.5426,
      },
      {
        street: 'Boar Lane',
        city: 'Leeds',
        region: 'West Yorkshire',
        post_code: 'LS1 5DA',
        lat: 53.7955,
        lng: -1.5445,
      },
    ]);
    const res = await get(local, '/api/geocode/reverse?lat=53.7977&lng=-1.5427');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      line1: '42 Briggate',
      city: 'Leeds',
      state: 'West Yorkshire',
      zip: 'LS1 6HD',
      country: 'United Kingdom',
      lat: 53.7977,
      lng: -1.5427,
      label: '42 Briggate, Leeds, West Yorkshire, LS1 6HD',
    });
  });

  it('falls back to the nearest GeoNames town (no street, no post code) and answers null at sea', async () => {
    const town = (await get(local, '/api/geocode/reverse?lat=53.958&lng=-1.08')).json().data;
    expect(town).toMatchObject({ line1: null, zip: null, city: 'York', country: 'United Kingdom' });
    expect(town.state).toBeTruthy();
    expect((await get(local, '/api/geocode/reverse?lat=54.5&lng=-4.0')).json()).toEqual({ data: null }); // Irish Sea
    expect((await get(local, '/api/geocode/reverse?lat=48.85&lng=2.35')).json()).toEqual({ data: null }); // Paris
  });

  it('searches stored addresses, then towns', async () => {
    const db = await testDb();
    await db.insert(addresses).values({
      street: 'Briggate',
      city: 'Leeds',
      region: 'West Yorkshire',
      post_code: 'LS1 6HD',
      lat: 53.7976,
      lng: -1.5426,
    });
    const rows = (await get(local, '/api/geocode/search?q=leeds')).json().data;
    expect(rows[0]).toMatchObject({ line1: 'Briggate', city: 'Leeds', zip: 'LS1 6HD' });
    expect(
      rows.some((r: { line1: string | null; city: string }) => r.line1 === null && r.city === 'Leeds'),
    ).toBe(true);
    expect((await get(local, '/api/geocode/search?q=x')).statusCode).toBe(422);
    expect((await get(local, '/api/geocode/reverse?lat=91&lng=0')).statusCode).toBe(422);
  });

  it('finds the nearest town through the grid index', () => {
    const idx = buildTownIndex([
      { name: 'A', lat: 52, lng: -1, region: null, country: 'United Kingdom' },
      { name: 'B', lat: 52.05, lng: -1.05, region: null, country: 'United Kingdom' },
      { name: 'C', lat: 53, lng: -1, region: null, country: 'United Kingdom' },
    ]);
    expect(idx.nearest(52.04, -1.04, 15)?.town.name).toBe('B');
    expect(idx.nearest(52.5, -1, 15)).toBeNull();
    expect(idx.search('c', 5).map((t) => t.name)).toEqual(['C']);
  });
});

describe('nominatim geocoder (recorded responses)', () => {
  it('maps a reverse answer to the picker shape at the clicked point', async () => {
    const res = await get(nominatim, '/api/geocode/reverse?lat=53.7977&lng=-1.5427');
    expect(res.json().data).toEqual({
      line1: '42 Briggate',
      city: 'Leeds',
      state: 'West Yorkshire',
      zip: 'LS1 6HD',
      country: 'United Kingdom',
      lat: 53.7977,
      lng: -1.5427,
      label: '42 Briggate, Leeds, West Yorkshire, LS1 6HD',
    });
    expect(requests.at(-1)).toMatch(/^\/reverse\?format=jsonv2&addressdetails=1&lat=53.7977&lon=-1.5427/);
    const village = (await get(nominatim, '/api/geocode/reverse?lat=54.43&lng=-2.96')).json().data;
    expect(village).toMatchObject({ line1: null, city: 'Ambleside', state: 'Westmorland and Furness' });
    expect((await get(nominatim, '/api/geocode/reverse?lat=49.5&lng=-3')).json()).toEqual({ data: null });
  });

  it('maps search results', async () => {
    const rows = (await get(nominatim, '/api/geocode/search?q=briggate')).json().data;
    expect(rows.map((r: { line1: string; city: string; zip: string }) => [r.line1, r.city, r.zip])).toEqual([
      ['Briggate', 'Leeds', 'LS1 6HD'],
      ['Briggate', 'Shipley', 'BD17 7BT'],
    ]);
    expect(fromNominatim(JSON.parse(fixture('reverse-sea.json')))).toBeNull();
  });

  it('logs provider failures and answers no location, never a 500', async () => {
    mode = 'down';
    const down = await get(nominatim, '/api/geocode/reverse?lat=53.7977&lng=-1.5427');
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ data: null });
    mode = 'garbage';
    const garbage = await get(nominatim, '/api/geocode/search?q=briggate');
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json()).toEqual({ data: [] });
    expect(logs.text()).toMatch(/reverse geocoding failed/);
    expect(logs.text()).toMatch(/place search failed/);
  });
});

describe('scheme position offset', () => {
  it('moves a point by at most 0.0002° on each axis', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 0, max: 0.9999999, noNaN: true }),
        (lat, lng, r) => {
          const p = offsetPosition({ lat, lng }, () => r);
          expect(Math.abs(p.lat - lat)).toBeLessThanOrEqual(SCHEME_POSITION_OFFSET_DEG + 1e-12);
          expect(Math.abs(p.lng - lng)).toBeLessThanOrEqual(SCHEME_POSITION_OFFSET_DEG + 1e-12);
        },
      ),
    );
    expect(offsetPosition({ lat: 53, lng: -1 }, () => 0)).toEqual({ lat: 53 - 0.0002, lng: -1 - 0.0002 });
    const spread = new Set(Array.from({ length: 20 }, () => offsetPosition({ lat: 53, lng: -1 }).lat));
    expect(spread.size).toBeGreaterThan(1);
  });
});

describe('GET /api/config', () => {
  it('carries the map style URL (null = the offline basemap)', async () => {
    expect((await get(local, '/api/config')).json().data.map_style_url).toBe(
      'https://tiles.example/style.json',
    );
    expect((await get(nominatim, '/api/config')).json().data.map_style_url).toBeNull();
  });
});
