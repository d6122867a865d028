import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsItems, users } from '../src/db/schema';
import {
  XHR,
  buildTestApp,
  buildUser,
  captureStream,
  login,
  resetData,
  tableFingerprint,
  testDb,
  type TestApp,
} from './helpers';

const PW = 'news-password-1';
const DAY = 86_400_000;
/** The tests' clock: 12:00 UTC on 20 November 2026 (GMT, so UK day starts at 00:00Z). */
const NOON = new Date('2026-11-20T12:00:00Z');
let clock = NOON;
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData();
  clock = NOON;
  await buildUser({ email: 'admin@example.com', password: PW, type: 'admin' });
  adminCookie = await login(t.app, 'admin@example.com', PW);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

/** An item stored directly, published `daysAgo` days before the clock (negative = in the future). */
const storedItem = async (title: string, daysAgo: number) => {
  const db = await testDb();
  const [row] = await db
    .insert(newsItems)
    .values({
      title,
      published_at: new Date(clock.getTime() - daysAgo * DAY),
      description: `${title} d`,
      body: '<p>b</p>',
    })
    .returning();
  return row!;
};

/** An agent whose last activity was `daysAgo` days before the clock. */
const agent = async (daysAgo: number | null) => {
  const email = `agent${Math.random().toString(36).slice(2, 8)}@example.com`;
  await buildUser({
    email,
    password: PW,
    last_activity: daysAgo === null ? null : new Date(clock.getTime() - daysAgo * DAY),
  });
  return email;
};

const titles = async (cookie: string) => {
  const res = await call('GET', '/api/news/whats-new', cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ title: string }> }).data.map((i) => i.title);
};

const lastActivity = async (email: string) => {
  const db = await testDb();
  const [u] = await db
    .select({ at: users.last_activity })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  return u!.at;
};

describe('admin news items', () => {
  it('creates, lists newest first, edits and deletes', async () => {
    const older = await call('POST', '/api/core/news', adminCookie, {
      title: 'Older',
      published_on: '2026-11-01',
      description: 'First',
      body: '<p>One</p>',
    });
    expect(older.statusCode, older.body).toBe(200);
    const created = older.json().data;
    // A past day is stored as its start in UK time (GMT in November).
    expect(created).toMatchObject({
      title: 'Older',
      published_on: '2026-11-01',
      published_at: '2026-11-01T00:00:00.000Z',
      description: 'First',
      body: '<p>One</p>',
      created_by: { name: expect.any(String) },
    });
    // Today is the moment of saving, so it is newer than a visit earlier today.
    const today = (
      await call('POST', '/api/core/news', adminCookie, { title: 'Today', published_on: '2026-11-20' })
    ).json().data;
    expect(today.published_at).toBe(NOON.toISOString());

    const list = (await call('GET', '/api/core/news', adminCookie)).json();
    expect(list.data.map((i: { title: string }) => i.title)).toEqual(['Today', 'Older']);
    expect(list.meta.pagination.total).toBe(2);

    const edited = await call('PUT', `/api/core/news/${created.id}`, adminCookie, {
      title: 'Older, edited',
      published_on: '2026-11-02',
      description: '',
      body: 'Plain text',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Older, edited',
      published_at: '2026-11-02T00:00:00.000Z',
      body: '<p>Plain text</p>',
    });
    // An edit that keeps the day keeps the instant.
    clock = new Date(NOON.getTime() + 3600_000);
    const kept = await call('PUT', `/api/core/news/${today.id}`, adminCookie, {
      title: 'Today!',
      published_on: '2026-11-20',
    });
    expect(kept.json().data.published_at).toBe(NOON.toISOString());

    expect((await call('DELETE', `/api/core/news/${created.id}`, adminCookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/core/news/${created.id}`, adminCookie)).statusCode).toBe(404);
    const after = (await call('GET', '/api/core/news', adminCookie)).json();
    expect(after.data.map((i: { title: string }) => i.title)).toEqual(['Today!']);
  });

  it('answers 422 for a missing title or an impossible date', async () => {
    const res = await call('POST', '/api/core/news', adminCookie, { title: ' ', published_on: '2026-02-30' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['published_on', 'title']);
  });

  it('refuses an agent with 403 and writes nothing, whatever the body', async () => {
    const item = await storedItem('Kept', 1);
    const cookie = await login(t.app, await agent(0), PW);
    const before = await tableFingerprint();
    const good = { title: 'Agent news', published_on: '2026-11-20' };
    const tries = [
      call('GET', '/api/core/news', cookie),
      call('POST', '/api/core/news', cookie, good),
      call('POST', '/api/core/news', cookie, { title: '' }),
      call('PUT', `/api/core/news/${item.id}`, cookie, good),
      call('DELETE', `/api/core/news/${item.id}`, cookie),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('sanitizes the body: no script, no event handler, plain text becomes paragraphs', async () => {
    const res = await call('POST', '/api/core/news', adminCookie, {
      title: 'Hostile',
      published_on: '2026-11-19',
      body: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    });
    const { id, body } = res.json().data;
    expect(body).toBe('<p>Hi there</p>');
    const stored = (await call('GET', '/api/core/news', adminCookie)).json().data[0];
    expect(stored.id).toBe(id);
    expect(stored.body).not.toMatch(/script|onerror|onclick|javascript/i);

    const plain = await call('POST', '/api/core/news', adminCookie, {
      title: 'Plain',
      published_on: '2026-11-19',
      body: 'Line one\nline two\n\nrent < 5 & > 2',
    });
    expect(plain.json().data.body).toBe('<p>Line one<br />line two</p><p>rent &lt; 5 &amp; &gt; 2</p>');
  });
});

describe("What's New", () => {
  it('lists the items newer than the last activity, newest first, never a future one', async () => {
    await storedItem('Long ago', 10);
    await storedItem('Three days', 3);
    await storedItem('Yesterday', 1);
    await storedItem('Tomorrow', -1);
    const cookie = await login(t.app, await agent(5), PW);
    expect(await titles(cookie)).toEqual(['Yesterday', 'Three days']);
    // Signing in moved last_activity to now, but this visit still answers from before it.
    expect(await titles(cookie)).toEqual(['Yesterday', 'Three days']);
  });

  it('shows every published item to a user who has never been active', async () => {
    await storedItem('Long ago', 100);
    await storedItem('Tomorrow', -1);
    const cookie = await login(t.app, await agent(null), PW);
    expect(await titles(cookie)).toEqual(['Long ago']);
  });

  it('is empty after seen, on this visit and on a new sign-in, until newer news is written', async () => {
    await storedItem('Yesterday', 1);
    const email = await agent(5);
    const cookie = await login(t.app, email, PW);
    const other = await login(t.app, email, PW);
    expect(await titles(cookie)).toEqual(['Yesterday']);

    clock = new Date(NOON.getTime() + 60_000);
    const seen = await call('POST', '/api/news/seen', cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.last_activity).toBe(clock.toISOString());
    expect(await lastActivity(email)).toEqual(clock);
    expect(await titles(cookie)).toEqual([]);
    // The user's other open session has seen them too.
    expect(await titles(other)).toEqual([]);

    clock = new Date(clock.getTime() + 60_000);
    expect(await titles(await login(t.app, email, PW))).toEqual([]);

    clock = new Date(clock.getTime() + 60_000);
    await call('POST', '/api/core/news', adminCookie, { title: 'Written today', published_on: '2026-11-20' });
    clock = new Date(clock.getTime() + 60_000);
    expect(await titles(await login(t.app, email, PW))).toEqual(['Written today']);
    // Not to its author, though: writing it was reading it.
    expect(await titles(await login(t.app, 'admin@example.com', PW))).toEqual([]);
  });

  it('keeps last_activity current while the app is used, at most every five minutes', async () => {
    const email = await agent(5);
    const cookie = await login(t.app, email, PW);
    expect(await lastActivity(email)).toEqual(NOON);

    clock = new Date(NOON.getTime() + 4 * 60_000);
    expect((await call('GET', '/api/auth/me', cookie)).statusCode).toBe(200);
    expect(await lastActivity(email)).toEqual(NOON);

    clock = new Date(NOON.getTime() + 5 * 60_000);
    expect((await call('GET', '/api/auth/me', cookie)).statusCode).toBe(200);
    expect(await lastActivity(email)).toEqual(clock);

    // So a later sign-in counts from the last use, not from the last sign-in.
    await storedItem('Between', 0.001);
    clock = new Date(clock.getTime() + 60 * 60_000);
    await storedItem('After use', 0.01);
    expect(await titles(await login(t.app, email, PW))).toEqual(['After use']);
  });
});

/** The marketing site's content query, answering its recorded response (no network). */
const FIXTURE = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/news/content-query.json'),
  'utf8',
);
let mode: 'ok' | 'error' | 'garbage' = 'ok';
let feedRequests = 0;
const site = http.createServer((_req, res) => {
  feedRequests += 1;
  if (mode === 'error') return void res.writeHead(500).end('broken');
  res.setHeader('Content-Type', 'application/json');
  res.end(mode === 'garbage' ? '{"items": [' : FIXTURE);
});

describe("What's New with the marketing site's feed", () => {
  let sitePort = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    sitePort = (site.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => site.close(r)));
  beforeEach(() => {
    mode = 'ok';
    feedRequests = 0;
  });

  const withFeed = async (url: string) => {
    const logs = captureStream();
    const app = await buildTestApp({
      env: { NEWS_FEED_URL: url },
      now: () => clock,
      logger: pino({ level: 'warn' }, logs.stream),
    });
    return { app, logs };
  };
  const feedUrl = () => `http://127.0.0.1:${sitePort}/api/_content/query?where=news`;

  it("merges the feed's /news/ items with ours, newest first, sanitized, and caches them", async () => {
    const { app } = await withFeed(feedUrl());
    try {
      await storedItem('Ours, yesterday', 1);
      const cookie = await login(app.app, await agent(30), PW);
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/news/whats-new',
        headers: { ...XHR, cookie },
      });
      const items = res.json().data as Array<{
        key: string;
        title: string;
        body: string;
        url: string | null;
      }>;
      // Not the blog post, not the future item, not the one older than the last activity, not the untitled one.
      expect(items.map((i) => i.title)).toEqual([
        'Ours, yesterday',
        'Tracked retailers now show openings and closures',
        'Satellite and hybrid map layers',
      ]);
      expect(items[1]).toMatchObject({
        key: 'feed:/news/2026-11-12-tracked-retailers',
        url: `http://127.0.0.1:${sitePort}/news/2026-11-12-tracked-retailers`,
        body: '<p>Open a retailer from <strong>Tracked Retailers</strong> to see its timeline.</p>',
      });
      expect(items[2]!.body).toContain('href="https://frontage.example/help/map"');

      await app.app.inject({ method: 'GET', url: '/api/news/whats-new', headers: { ...XHR, cookie } });
      expect(feedRequests).toBe(1);
      clock = new Date(NOON.getTime() + 16 * 60_000);
      await app.app.inject({ method: 'GET', url: '/api/news/whats-new', headers: { ...XHR, cookie } });
      expect(feedRequests).toBe(2);
    } finally {
      await app.close();
    }
  });

  const closedPort = async () => {
    const s = http.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as AddressInfo).port;
    await new Promise((r) => s.close(r));
    return `http://127.0.0.1:${port}/news.json`;
  };

  for (const failure of ['error', 'garbage', 'closed'] as const) {
    it(`answers our items only, and logs, when the feed fails (${failure})`, async () => {
      mode = failure === 'closed' ? 'ok' : failure;
      const { app, logs } = await withFeed(failure === 'closed' ? await closedPort() : feedUrl());
      try {
        await storedItem('Ours', 1);
        const cookie = await login(app.app, await agent(30), PW);
        const res = await app.app.inject({
          method: 'GET',
          url: '/api/news/whats-new',
          headers: { ...XHR, cookie },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().data.map((i: { title: string }) => i.title)).toEqual(['Ours']);
        expect(logs.text()).toContain('news feed failed');
      } finally {
        await app.close();
      }
    });
  }
});
