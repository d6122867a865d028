/**
 * The calendar feed (ADR 0090): the secret URL's life (create, regenerate, revoke), the `.ics`
 * read by two independent parsers with no date moved by a clock change, SEQUENCE and cancelled
 * events from the lease event log, and a feed that never shows what its owner could not see.
 */
// Dates are checked as a UK calendar reads them: both 2026 and 2027 clock changes in the window.
process.env.TZ = 'Europe/London';

import { CALENDAR_FEED_TOKEN_PATTERN } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { properties, propertyParties, users } from '../src/db/schema';
import { createLogger } from '../src/logger';
import {
  XHR,
  buildCompanies,
  buildTestApp,
  captureStream,
  buildUsers,
  resetData,
  sessionCookie,
  testConfig,
  type TestApp,
} from './helpers';
import { buildProperty } from './fixtures/comment-world';

const DAY = 86_400_000;
/** Before the 2026 clock changes, so both years' fall in the feed's window. */
const START = new Date('2026-03-01T12:00:00Z');
let clock = START;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

interface World {
  me: { id: number; email: string };
  other: { id: number; email: string };
  mine: number;
  retailer: number;
  otherCompany: number;
}
let w: World;

beforeEach(async () => {
  clock = START;
  await resetData();
  const [mine, retailer, otherCompany] = await buildCompanies([
    { name: 'Mine Estates' },
    { name: 'Retailer Ltd' },
    { name: 'Other Agents' },
  ]);
  const [me, other] = await buildUsers([
    { email: 'me@example.com', password: 'password-123', company_id: mine!.id },
    { email: 'other@example.com', password: 'password-123', company_id: otherCompany!.id },
  ]);
  w = {
    me: { id: me!.id, email: me!.email! },
    other: { id: other!.id, email: other!.email! },
    mine: mine!.id,
    retailer: retailer!.id,
    otherCompany: otherCompany!.id,
  };
});

/** A let unit with a contracted-out lease (no statutory windows): its breaks and expiry only. */
const letUnit = async (values: Partial<typeof properties.$inferInsert> & { street?: string }) =>
  buildProperty({
    tenant_id: w.retailer,
    lease_start_date: '2020-01-01',
    security_of_tenure: 'contracted_out',
    ...values,
  });
const landlordOf = async (propertyId: number, companyId: number, role = 'landlord') =>
  t.db.insert(propertyParties).values({ property_id: propertyId, company_id: companyId, role });

const createFeed = async (user: { email: string }) => {
  const cookie = await sessionCookie(t.app, user.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/calendar-feed',
    headers: { ...XHR, cookie },
  });
  expect(res.statusCode).toBe(200);
  return { url: res.json().data.url as string, cookie };
};
/** Fetches a feed as a calendar service does: the URL alone, no cookie, no X-Requested-With. */
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

interface Parsed {
  uid: string;
  date: string;
  sequence: number;
  status: string | null;
  summary: string;
  description: string;
}

/** The feed read by ical.js and by node-ical: both must agree, event by event. */
const parse = (text: string): Map<string, Parsed> => {
  const byIcalJs = new Map<string, Parsed>();
  const root = new ICAL.Component(ICAL.parse(text));
  for (const v of root.getAllSubcomponents('vevent')) {
    const e = new ICAL.Event(v);
    expect(e.startDate.isDate).toBe(true);
    byIcalJs.set(e.uid, {
      uid: e.uid,
      date: e.startDate.toString(),
      sequence: e.sequence,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      summary: e.summary,
      description: e.description,
    });
  }
  const byNodeIcal = new Map<string, Parsed>();
  for (const component of Object.values(nodeIcal.sync.parseICS(text))) {
    if (component?.type !== 'VEVENT') continue;
    const e = component as nodeIcal.VEvent;
    const start = e.start as Date & { dateOnly?: boolean };
    expect(start.dateOnly).toBe(true);
    // node-ical gives a date-only value as local midnight: read it back in local terms.
    const date = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    const text = (v: unknown) =>
      typeof v === 'string' ? v : ((v as { val?: string } | undefined)?.val ?? '');
    byNodeIcal.set(e.uid, {
      uid: e.uid,
      date,
      sequence: Number(e.sequence ?? 0),
      status: e.status ?? null,
      summary: text(e.summary),
      description: text(e.description),
    });
  }
  expect([...byNodeIcal.values()]).toEqual([...byIcalJs.values()]);
  return byIcalJs;
};

const feedOf = async (url: string) => {
  const res = await fetchFeed(url);
  expect(res.statusCode).toBe(200);
  return parse(res.body);
};

describe('the feed URL', () => {
  it('is created, regenerated (the old URL then 404) and revoked; the .ics needs no cookie', async () => {
    const cookie = await sessionCookie(t.app, w.me.email);
    const status = () =>
      t.app.inject({ method: 'GET', url: '/api/settings/calendar-feed', headers: { ...XHR, cookie } });
    expect((await status()).json().data).toEqual({ active: false, created_at: null });

    const { url } = await createFeed(w.me);
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(url)![1]!;
    expect(token).toMatch(CALENDAR_FEED_TOKEN_PATTERN);
    expect(url).toBe(`http://localhost:80/api/calendar/${token}.ics`);
    const first = await fetchFeed(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(first.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(first.body).toContain('X-PUBLISHED-TTL:PT1H');
    // Some calendar services ask HEAD first.
    const head = await t.app.inject({ method: 'HEAD', url: new URL(url).pathname });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // The status tells that a feed exists and since when, never the secret again.
    const active = (await status()).json().data;
    expect(active).toEqual({ active: true, created_at: START.toISOString() });
    expect(JSON.stringify(active)).not.toContain(token);
    const stored = await t.db.execute(sql`select token_hash from calendar_feeds`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const { url: again } = await createFeed(w.me);
    expect(again).not.toBe(url);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(again)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/calendar-feed',
      headers: { ...XHR, cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toEqual({ active: false, created_at: null });
    expect((await fetchFeed(again)).statusCode).toBe(404);
    expect((await status()).json().data.active).toBe(false);
  });

  it('is built on PUBLIC_URL when configured, and its events link there', async () => {
    const other = await buildTestApp({
      now: () => clock,
      env: { PUBLIC_URL: 'https://frontage.example.com/' },
    });
    try {
      const unit = await letUnit({ created_by: w.me.id, break_date: '2026-06-30' });
      const cookie = await sessionCookie(other.app, w.me.email);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/settings/calendar-feed',
        headers: { ...XHR, cookie },
      });
      const url = res.json().data.url as string;
      expect(url).toMatch(/^https:\/\/frontage\.example\.com\/api\/calendar\/frf_[\w-]{43}\.ics$/);
      const feed = await other.app.inject({ method: 'GET', url: new URL(url).pathname });
      const events = parse(feed.body);
      const e = events.get(`${unit.id}-break_date-0@frontage.example.com`)!;
      expect(e.description).toContain(`https://frontage.example.com/properties?id=${unit.id}`);
    } finally {
      await other.close();
    }
  });

  it('takes the origin of PUBLIC_URL and refuses what is not a URL', () => {
    expect(testConfig({ PUBLIC_URL: 'https://frontage.example.com/app/' }).publicOrigin).toBe(
      'https://frontage.example.com',
    );
    expect(() => testConfig({ PUBLIC_URL: 'frontage.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('of a deactivated or deleted user answers 404', async () => {
    await letUnit({ created_by: w.me.id, break_date: '2026-06-30' });
    const { url } = await createFeed(w.me);
    expect((await fetchFeed(url)).statusCode).toBe(200);
    // A contact whose account was closed keeps the row but can no longer sign in.
    await t.db.update(users).set({ password_hash: null }).where(eq(users.id, w.me.id));
    const gone = await fetchFeed(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ msg: expect.any(String) });

    const { url: otherUrl } = await createFeed(w.other);
    await t.db.delete(users).where(eq(users.id, w.other.id));
    expect((await fetchFeed(otherUrl)).statusCode).toBe(404);
  });

  it('refuses hostile tokens in the API error shape', async () => {
    const { url } = await createFeed(w.me);
    const token = /calendar\/(.+)\.ics$/.exec(url)![1]!;
    // Only the .ics route is exempt from X-Requested-With: other paths are refused as any API call.
    const cases: Array<[string, number]> = [
      ['/api/calendar/not-a-token.ics', 404],
      [`/api/calendar/frf_${'A'.repeat(43)}.ics`, 404],
      [`/api/calendar/${token}.txt`, 403],
      [`/api/calendar/frf_${'A'.repeat(42)}%00.ics`, 422],
      // Longer than the router's parameter limit: no route matches, so it is refused as any
      // unrouted API call without X-Requested-With.
      [`/api/calendar/frf_${'x'.repeat(300)}.ics`, 403],
      [`/api/calendar/%E0%A4%A.ics`, 400],
    ];
    for (const [path, status] of cases) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(status);
      // API.md: a 422 is {message, errors}; every other refusal {msg}.
      const body = res.json();
      if (status === 422) expect(body.errors, path).toHaveProperty('token');
      else expect(body, path).toEqual({ msg: expect.any(String) });
    }
    // A token for another kind of secret (a session's) opens nothing.
    const cookie = await sessionCookie(t.app, w.me.email);
    const session = cookie.split('=')[1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/frf_${session}.ics` })).statusCode).toBe(
      404,
    );
  });

  it('never appears in the logs: the .ics route logs its path with the token masked', async () => {
    const cap = captureStream();
    const logged = await buildTestApp({ now: () => clock, logger: createLogger('trace', cap.stream) });
    try {
      const cookie = await sessionCookie(logged.app, w.me.email);
      const res = await logged.app.inject({
        method: 'POST',
        url: '/api/settings/calendar-feed',
        headers: { ...XHR, cookie },
      });
      const path = new URL(res.json().data.url as string).pathname;
      const token = /calendar\/(.+)\.ics$/.exec(path)![1]!;
      expect((await logged.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      expect((await logged.app.inject({ method: 'GET', url: `${path}?x=1` })).statusCode).toBe(200);
      const encoded = path.replace('/api/', '/%61pi/').replace('frf_', 'frf%5F');
      expect((await logged.app.inject({ method: 'GET', url: encoded })).statusCode).toBe(200);
      expect(
        (await logged.app.inject({ method: 'GET', url: `/api/calendar/frf_${token.slice(5)}x.ics` }))
          .statusCode,
      ).toBe(404);
      const text = cap.text();
      expect(text).toContain('/api/calendar/frf_…');
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(4, 24));
    } finally {
      await logged.close();
    }
  });

  it('is rate limited per feed URL', async () => {
    const limited = await buildTestApp({
      now: () => clock,
      env: { RATE_LIMIT_MAX: '1000', CALENDAR_FEED_RATE_LIMIT: '3' },
    });
    try {
      const cookieMe = await sessionCookie(limited.app, w.me.email);
      const cookieOther = await sessionCookie(limited.app, w.other.email);
      const post = async (cookie: string) =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/settings/calendar-feed',
            headers: { ...XHR, cookie },
          })
        ).json().data.url as string;
      const mineUrl = new URL(await post(cookieMe)).pathname;
      const otherUrl = new URL(await post(cookieOther)).pathname;
      for (let i = 0; i < 3; i++)
        expect((await limited.app.inject({ method: 'GET', url: mineUrl })).statusCode).toBe(200);
      const refused = await limited.app.inject({ method: 'GET', url: mineUrl });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toHaveProperty('msg');
      // Another feed from the same address is counted apart.
      expect((await limited.app.inject({ method: 'GET', url: otherUrl })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the feed', () => {
  it('reads the same in ical.js and node-ical, its dates unmoved by the March and October clock changes', async () => {
    // The UK's clock changes: 29 March and 25 October 2026, 28 March and 31 October 2027. A unit
    // breaks on each March change day and on the days either side, and its lease ends on the
    // October change day or a day either side (its holding-over event the day after).
    const CHANGES = [
      { march: '2026-03-29', october: '2026-10-25' },
      { march: '2027-03-28', october: '2027-10-31' },
    ];
    const shift = (day: string, n: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    const a = await letUnit({
      break_date: '2026-03-29',
      lease_end_date: '2026-10-25',
      break_party: 'tenant',
    });
    await landlordOf(a.id, w.mine);
    const units = [{ id: a.id, march: '2026-03-29', october: '2026-10-25' }];
    for (const change of CHANGES)
      for (const n of [-1, 0, 1]) {
        const march = shift(change.march, n);
        const october = shift(change.october, n);
        if (march === '2026-03-29') continue;
        const unit = await letUnit({ created_by: w.me.id, break_date: march, lease_end_date: october });
        units.push({ id: unit.id, march, october });
      }
    expect(units).toHaveLength(6);
    // The clock changes really are on those days (offsets in the process's zone, Europe/London).
    const offset = (day: string, hour: number) =>
      new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`).getTimezoneOffset();
    for (const change of CHANGES) {
      expect([offset(change.march, 0), offset(change.march, 2)]).toEqual([0, -60]);
      expect([offset(change.october, 0), offset(change.october, 2)]).toEqual([-60, 0]);
    }
    const { url } = await createFeed(w.me);
    const res = await fetchFeed(url);
    const events = await feedOf(url);
    const dateOf = (id: number, type: string) => events.get(`${id}-${type}-0@localhost`)?.date;
    for (const u of units) {
      const dated = (type: string) => `${type} of ${u.march}…${u.october}`;
      const over = shift(u.october, 1);
      expect(dateOf(u.id, 'break_date'), dated('break_date')).toBe(u.march);
      expect(dateOf(u.id, 'lease_expiry'), dated('lease_expiry')).toBe(u.october);
      expect(dateOf(u.id, 'holding_over'), dated('holding_over')).toBe(over);
      // As written: all-day dates, the next day as the end, no time and no zone.
      for (const day of [u.march, u.october, over]) {
        const [start, end] = [day, shift(day, 1)].map((d) => d.replaceAll('-', ''));
        expect(res.body).toMatch(
          new RegExp(`\r\nDTSTART;VALUE=DATE:${start}\r\n(?:[^\r\n]*\r\n)*?DTEND;VALUE=DATE:${end}\r\n`),
        );
      }
    }
    const breakA = events.get(`${a.id}-break_date-0@localhost`)!;
    expect(breakA.summary).toBe(`Break date — 12, ${await fullAddressOf(a.address_id)}`);
    expect(breakA.status).toBe('CONFIRMED');
    for (const line of [
      'Tenant: Retailer Ltd',
      'Landlord: Mine Estates',
      'Lease end: 25/10/2026',
      'Break exercisable by: Tenant',
    ]) {
      expect(breakA.description).toContain(line);
    }
    expect(breakA.description).toContain(`http://localhost:80/properties?id=${a.id}`);
  });

  it('raises SEQUENCE when the lease changes; a removed event is CANCELLED, then gone after 30 days', async () => {
    const unit = await letUnit({
      created_by: w.me.id,
      break_date: '2027-03-29',
      lease_end_date: '2027-12-31',
    });
    const { url } = await createFeed(w.me);
    const uid = `${unit.id}-break_date-0@localhost`;
    const before = (await feedOf(url)).get(uid)!;

    await t.db.update(properties).set({ break_date: '2027-04-30' }).where(eq(properties.id, unit.id));
    const moved = (await feedOf(url)).get(uid)!;
    expect(moved.date).toBe('2027-04-30');
    expect(moved.sequence).toBeGreaterThan(before.sequence);

    await t.db.update(properties).set({ break_date: null }).where(eq(properties.id, unit.id));
    // The database stamps the removal with its own clock: read the feed from then on.
    clock = new Date();
    const cancelled = (await feedOf(url)).get(uid)!;
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    expect((await feedOf(url)).get(`${unit.id}-lease_expiry-0@localhost`)?.status).toBe('CONFIRMED');

    clock = new Date(Date.now() + 31 * DAY);
    expect((await feedOf(url)).has(uid)).toBe(false);
  });

  it('never shows an event of a unit outside its owner’s scope, archived or vacant', async () => {
    const asTenant = await letUnit({ tenant_id: w.mine, break_date: '2026-06-01' });
    const asLegalTenant = await letUnit({ legal_tenant_id: w.mine, break_date: '2026-06-02' });
    const asAgent = await letUnit({ break_date: '2026-06-03' });
    await landlordOf(asAgent.id, w.mine, 'tenant_agent');
    const created = await letUnit({ created_by: w.me.id, break_date: '2026-06-04' });
    const othersUnit = await letUnit({ break_date: '2026-06-05' });
    await landlordOf(othersUnit.id, w.otherCompany);
    const archived = await letUnit({ created_by: w.me.id, break_date: '2026-06-06' });
    const vacant = await buildProperty({
      created_by: w.me.id,
      break_date: '2026-06-07',
      lease_end_date: '2027-01-01',
    });

    const { url } = await createFeed(w.me);
    await t.db.update(properties).set({ archived_at: START }).where(eq(properties.id, archived.id));
    const units = new Set([...(await feedOf(url)).keys()].map((uid) => Number(uid.split('-')[0])));
    expect([...units].sort((x, y) => x - y)).toEqual([asTenant.id, asLegalTenant.id, asAgent.id, created.id]);
    expect(units.has(vacant.id)).toBe(false);

    const { url: otherUrl } = await createFeed(w.other);
    const theirs = new Set([...(await feedOf(otherUrl)).keys()].map((uid) => Number(uid.split('-')[0])));
    expect([...theirs]).toEqual([othersUnit.id]);
  });

  it('keeps an event marked done or dismissed, saying so', async () => {
    const unit = await letUnit({
      created_by: w.me.id,
      break_date: '2026-06-30',
      lease_end_date: '2030-06-30',
    });
    await t.db.execute(
      sql`insert into lease_event_actions (property_id, type, seq, date, status, reason, user_id, at)
          values (${unit.id}, 'break_date', 0, '2026-06-30', 'dismissed', 'Tenant confirmed it will stay', ${w.me.id}, ${START.toISOString()}::timestamptz)`,
    );
    const { url } = await createFeed(w.me);
    const events = await feedOf(url);
    const e = events.get(`${unit.id}-break_date-0@localhost`)!;
    expect(e.status).toBe('CONFIRMED');
    expect(e.description).toContain('Dismissed by ');
    expect(e.description).toContain('on 01/03/2026: Tenant confirmed it will stay.');
    // An action taken on an earlier date of the event no longer counts.
    await t.db.update(properties).set({ break_date: '2026-07-31' }).where(eq(properties.id, unit.id));
    expect((await feedOf(url)).get(`${unit.id}-break_date-0@localhost`)!.description).not.toContain(
      'Dismissed',
    );
  });
});

const fullAddressOf = async (addressId: number): Promise<string> => {
  const res = (await t.db.execute(
    sql`select full_address from addresses where id = ${addressId}`,
  )) as unknown as {
    rows: Array<{ full_address: string }>;
  };
  return res.rows[0]!.full_address;
};
