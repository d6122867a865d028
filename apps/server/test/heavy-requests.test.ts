/**
 * CSV exports and heavy reports at once (ADR 0069), over a real listening
 * server: a user may run EXPORT_MAX_PER_USER of them and everyone together EXPORT_MAX_PER_SERVER;
 * a further one — of any kind — is answered 429 with Retry-After in API.md's shape before any
 * query. An export holds its slot while it streams (here: a client that stops reading a 20 MB CSV)
 * and gives it back when it ends or when its client goes away.
 */
import http from 'node:http';
import { finished } from 'node:stream/promises';
import {
  HEAVY_REQUEST_MESSAGES,
  HEAVY_REQUEST_RETRY_AFTER_SECONDS,
  heavyRequestsPerUserMessage,
} from '@frontage/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heavyRequestsOf, type HeavyRequests } from '../src/lib/heavy-requests';
import { WAIT_MS, XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';
import { bulkProperties } from './fixtures/bulk-properties';

const PW = 'heavy-password-1';
let t: TestApp;
let port: number;
let limiter: HeavyRequests;
const users: Record<'a' | 'b' | 'c', { id: number; cookie: string }> = {} as never;

beforeAll(async () => {
  t = await buildTestApp({ env: { EXPORT_MAX_PER_USER: '2', EXPORT_MAX_PER_SERVER: '3' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  limiter = heavyRequestsOf(t.config);
  await resetData();
  for (const k of ['a', 'b', 'c'] as const) {
    const u = await buildUser({ email: `heavy-${k}@example.test`, password: PW });
    users[k] = { id: u.id, cookie: await sessionCookie(t.app, u) };
  }
  // 2,000 units with 10,000-character unit numbers: each properties CSV is about 20 MB, far more
  // than loopback sockets buffer, so an export whose client stops reading stays open.
  await bulkProperties(t.db, 2000, { addresses: 20, tenants: 5, unitWidth: 10_000 });
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** Starts a properties export and stops reading it once its headers are in (it stays open). */
const openExport = (cookie: string) =>
  new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/properties/export', headers: { ...XHR, cookie } },
      (res) => {
        res.pause();
        resolve({ req, res });
      },
    );
    req.on('error', reject);
  });

/** Every export route and the heavy report, each with a query it accepts. */
const HEAVY_URLS = [
  '/api/properties/export',
  '/api/schemes/export',
  '/api/companies/export',
  '/api/companies/1/portfolio/export?role=landlord',
  '/api/users/export',
  '/api/deals/export',
  '/api/deals/comparables/export?town=Leeds',
  '/api/enquiries/export',
  '/api/tracked-retailers/export',
  '/api/lease-events/export',
  '/api/lease-events/export?format=xlsx',
  '/api/map/points/export?bbox=-1.6,53.75,-1.5,53.85',
  '/api/reports/gap-analysis?company_id=1',
  '/api/reports/gap-analysis/export?company_id=1',
];

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });

describe('exports and heavy reports at once', () => {
  it('refuses a third of any kind with 429 and Retry-After; an ended or abandoned export frees its slot', async () => {
    const a1 = await openExport(users.a.cookie);
    const a2 = await openExport(users.a.cookie);
    expect(a1.res.statusCode).toBe(200);
    expect(a2.res.statusCode).toBe(200);
    expect(limiter.runningFor(users.a.id)).toBe(2);

    for (const url of HEAVY_URLS) {
      const res = await get(url, users.a.cookie);
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['retry-after'], url).toBe(String(HEAVY_REQUEST_RETRY_AFTER_SECONDS));
      expect(res.json(), url).toEqual({ msg: heavyRequestsPerUserMessage(2) });
    }

    // Another user may still run one: the server's third and last slot.
    const b1 = await openExport(users.b.cookie);
    expect(b1.res.statusCode).toBe(200);
    const full = await get('/api/companies/export', users.c.cookie);
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toBe(String(HEAVY_REQUEST_RETRY_AFTER_SECONDS));
    expect(full.json()).toEqual({ msg: HEAVY_REQUEST_MESSAGES.serverBusy });

    // The client of one export goes away mid-stream: its slot comes back.
    a1.req.destroy();
    await vi.waitFor(() => expect(limiter.runningFor(users.a.id)).toBe(1), { timeout: WAIT_MS });
    const small = await get('/api/companies/export', users.a.cookie);
    expect(small.statusCode).toBe(200);

    // The other is read to its end: its slot comes back too, with every row written.
    let bytes = 0;
    a2.res.on('data', (chunk: Buffer) => (bytes += chunk.length));
    a2.res.resume();
    await finished(a2.res);
    expect(bytes).toBeGreaterThan(2000 * 10_000);
    await vi.waitFor(() => expect(limiter.runningFor(users.a.id)).toBe(0), { timeout: WAIT_MS });

    b1.req.destroy();
    await vi.waitFor(() => expect(limiter.running).toBe(0), { timeout: WAIT_MS });
  });

  it('gives the slot back when the export fails or is refused after taking it', async () => {
    const bad = await get('/api/reports/gap-analysis?company_id=999999', users.c.cookie);
    expect(bad.statusCode).toBe(404);
    expect(limiter.running).toBe(0);
    // A query the schema refuses never takes one.
    expect((await get('/api/properties/export?sort=nonsense', users.c.cookie)).statusCode).toBe(422);
    expect(limiter.running).toBe(0);
  });
});
