/**
 * The calendar feed's remembered text (ADR 0106): an unchanged feed is answered from the text
 * already written, with an entity tag, and a 304 to a calendar that names it; a change to any of
 * the owner's events, their units or the scope changes the feed at once, and what is answered is
 * always the text a fresh write gives. The statement reads each unit once and the events from
 * their log: its rows equal those of the statement it replaced (ADR 0090), kept here as the
 * reference.
 */
process.env.TZ = 'Europe/London';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, properties, propertyParties } from '../src/db/schema';
import { queryRows } from '../src/db/client';
import { feedEvents, type FeedWindow } from '../src/modules/lease-events/calendar-feed.repository';
import { feedWindowOf, forgetWrittenFeeds } from '../src/modules/lease-events/calendar-feed.service';
import {
  XHR,
  buildCompanies,
  buildTestApp,
  buildUsers,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';
import { buildProperty } from './fixtures/comment-world';

const START = new Date('2026-03-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => START });
});
afterAll(async () => {
  await t.close();
});

let me: { id: number; email: string };
let mine: number;
let retailer: number;

beforeEach(async () => {
  await resetData();
  const [m, r] = await buildCompanies([{ name: 'Mine Estates' }, { name: 'Retailer Ltd' }]);
  const [u] = await buildUsers([{ email: 'me@example.com', password: 'password-123', company_id: m!.id }]);
  me = { id: u!.id, email: u!.email! };
  mine = m!.id;
  retailer = r!.id;
});

const letUnit = (values: Partial<typeof properties.$inferInsert> & { street?: string } = {}) =>
  buildProperty({
    tenant_id: retailer,
    lease_start_date: '2020-01-01',
    security_of_tenure: 'contracted_out',
    created_by: me.id,
    ...values,
  });

const feedPath = async (): Promise<string> => {
  const cookie = await sessionCookie(t.app, me.email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/calendar-feed',
    headers: { ...XHR, cookie },
  });
  return new URL(res.json().data.url as string).pathname;
};

/** The feed as answered, and as a fresh write gives it: they must be the same text. */
const fetchBoth = async (path: string) => {
  const answered = await t.app.inject({ method: 'GET', url: path });
  expect(answered.statusCode).toBe(200);
  forgetWrittenFeeds();
  const fresh = await t.app.inject({ method: 'GET', url: path });
  expect(answered.body).toBe(fresh.body);
  expect(answered.headers.etag).toBe(fresh.headers.etag);
  return { body: answered.body, etag: answered.headers.etag as string };
};

describe('the remembered feed', () => {
  it('answers an unchanged feed with the same text and tag, and 304 to a calendar that names the tag', async () => {
    await letUnit({ break_date: '2026-06-30', lease_end_date: '2030-06-30' });
    const path = await feedPath();
    const first = await t.app.inject({ method: 'GET', url: path });
    const second = await t.app.inject({ method: 'GET', url: path });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^"[\w-]{43}"$/);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(second.headers.etag).toBe(first.headers.etag);
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const unchanged = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { 'if-none-match': ifNoneMatch },
      });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
    }
    const other = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('changes at once with any of the events, their units, their parties, their actions or the scope', async () => {
    const unit = await letUnit({ break_date: '2026-06-30', lease_end_date: '2030-06-30' });
    const path = await feedPath();
    const seen = new Set<string>();
    const step = async (change: () => Promise<unknown>, expected: string | RegExp) => {
      await t.app.inject({ method: 'GET', url: path }); // remembered before the change
      await change();
      const feed = await fetchBoth(path);
      expect(seen.has(feed.etag)).toBe(false);
      seen.add(feed.etag);
      if (typeof expected === 'string') expect(feed.body.replace(/\r\n /g, '')).toContain(expected);
      else expect(feed.body.replace(/\r\n /g, '')).toMatch(expected);
      return feed;
    };
    seen.add((await fetchBoth(path)).etag);

    await step(
      () => t.db.update(properties).set({ break_date: '2026-07-31' }).where(eq(properties.id, unit.id)),
      'DTSTART;VALUE=DATE:20260731',
    );
    await step(
      () => t.db.update(companies).set({ name: 'Retailer Renamed' }).where(eq(companies.id, retailer)),
      'Tenant: Retailer Renamed',
    );
    await step(
      () => t.db.insert(propertyParties).values({ property_id: unit.id, company_id: mine, role: 'landlord' }),
      'Landlord: Mine Estates',
    );
    await step(
      () => t.db.update(properties).set({ building_num: '14A' }).where(eq(properties.id, unit.id)),
      'Break date — 14A\\, ',
    );
    await step(
      () =>
        t.db.execute(
          sql`insert into lease_event_actions (property_id, type, seq, date, status, reason, user_id, at)
              values (${unit.id}, 'break_date', 0, '2026-07-31', 'dismissed', 'Staying', ${me.id}, ${START.toISOString()}::timestamptz)`,
        ),
      'Dismissed by ',
    );
    await step(() => letUnit({ break_date: '2026-09-30', street: 'New Street' }), 'New Street');
    await step(
      () => t.db.update(properties).set({ break_date: null }).where(eq(properties.id, unit.id)),
      'STATUS:CANCELLED',
    );
    await step(
      () => t.db.update(properties).set({ archived_at: START }).where(eq(properties.id, unit.id)),
      /^(?![\s\S]*High Street)/,
    );
  });
});

/** The statement of ADR 0090, before ADR 0106: one row per event, its unit read again for each. */
const referenceSql = (w: FeedWindow) =>
  sql`with scope as (
          select id as property_id from properties where created_by = ${w.userId}
          union select property_id from deals where created_by = ${w.userId} and property_id is not null
          union select id from properties where tenant_id = ${w.companyId}::int or legal_tenant_id = ${w.companyId}::int
          union select property_id from property_parties
           where company_id = ${w.companyId}::int and role in ('landlord', 'landlord_agent', 'tenant_agent')
        ),
        picked as (
          select e.property_id, e.type, e.seq, e.date, e.hard, false as cancelled
            from scope s join lease_events e on e.property_id = s.property_id
           where e.date between ${w.from}::date and ${w.to}::date
          union all
          select l.property_id, l.type, l.seq, l.date, l.hard, true
            from scope s join lease_event_log l on l.property_id = s.property_id
           where l.removed_at >= ${w.removedSince.toISOString()}::timestamptz
          order by 4, 1, 2, 3
          limit ${w.limit}
        )
        select ev.property_id, ev.type, ev.seq, ev.date::text as date, ev.hard, ev.cancelled,
               coalesce(lg.sequence, 0) as sequence, lg.changed_at,
               concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address) as unit_label,
               t.name as tenant,
               (select string_agg(c.name, ', ' order by pp.position, c.name)
                  from property_parties pp join companies c on c.id = pp.company_id
                 where pp.property_id = p.id and pp.role = 'landlord') as landlords,
               p.lease_end_date::text as lease_end_date, p.break_party,
               act.status as action_status, act.reason as action_reason, au.name as action_by,
               act.at as action_at
          from picked ev
          join properties p on p.id = ev.property_id and p.archived_at is null
          join addresses a on a.id = p.address_id
          left join companies t on t.id = p.tenant_id
          left join lease_event_log lg on lg.property_id = ev.property_id and lg.type = ev.type and lg.seq = ev.seq
          left join lease_event_actions act
            on not ev.cancelled and act.property_id = ev.property_id and act.type = ev.type
               and act.seq = ev.seq and act.date = ev.date
          left join users au on au.id = act.user_id
         order by ev.date, ev.property_id, ev.type, ev.seq`;

describe('the feed statement', () => {
  it('finds the rows the statement it replaced found: live, cancelled, archived, acted on, several landlords', async () => {
    const [other] = await buildCompanies([{ name: 'Another Landlord' }]);
    const a = await letUnit({
      break_date: '2027-06-30',
      lease_end_date: '2030-06-30',
      break_party: 'tenant',
    });
    const b = await letUnit({
      building_num: ' ',
      tenant_id: null,
      lease_end_date: '2027-12-31',
      security_of_tenure: 'inside_act',
    });
    const c = await letUnit({ break_date: '2026-05-01', lease_end_date: '2028-01-31' });
    const gone = await letUnit({ break_date: '2026-05-02', lease_end_date: '2028-01-31' });
    await t.db.insert(propertyParties).values([
      { property_id: a.id, company_id: other!.id, role: 'landlord', position: 1 },
      { property_id: a.id, company_id: mine, role: 'landlord', position: 0 },
    ]);
    await t.db.execute(
      sql`insert into lease_event_actions (property_id, type, seq, date, status, reason, user_id, at)
          values (${a.id}, 'break_date', 0, '2027-06-30', 'done', null, ${me.id}, ${START.toISOString()}::timestamptz)`,
    );
    await t.db.update(properties).set({ break_date: null }).where(eq(properties.id, c.id));
    await t.db.update(properties).set({ break_date: null }).where(eq(properties.id, gone.id));
    await t.db.update(properties).set({ archived_at: START }).where(eq(properties.id, gone.id));
    await t.db.update(properties).set({ lease_end_date: '2028-02-29' }).where(eq(properties.id, b.id));

    // The removals are stamped with the database's clock: read from now on (so the live events
    // above are dated from 2027).
    const w = feedWindowOf({ userId: me.id, companyId: mine }, new Date());
    const expected = await queryRows<Record<string, unknown>>(t.db, referenceSql(w));
    const got = await feedEvents(t.db, w, null);
    const keys = Object.keys(expected[0]!);
    const pick = (r: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, r[k]]));
    expect(got.events.map((r) => pick(r as unknown as Record<string, unknown>))).toEqual(expected.map(pick));
    expect(expected.some((r) => r.cancelled)).toBe(true);
    expect(expected.some((r) => r.action_status === 'done')).toBe(true);
    expect(expected.some((r) => r.landlords === 'Mine Estates, Another Landlord')).toBe(true);
    expect(expected.some((r) => r.property_id === gone.id)).toBe(false);
    // Asked again with its digest, the statement answers the digest alone.
    const again = await feedEvents(t.db, w, got.digest);
    expect(again).toEqual({ digest: got.digest, timeless: false, events: [] });
  });
});
