import {
  LEASE_EVENT_EXPORT_COLUMNS,
  LEASE_EVENT_MESSAGES,
  LEASE_EVENTS_MAX_RANGE_DAYS,
  leaseEventSchema,
  type LeaseEvent,
} from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
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

/**
 * GET /api/lease-events, its export and Done / Dismiss / reopen (ADR 0087), over a small world
 * seen on 27 November 2026: two let units with events in the next 90 days, a vacant and an
 * archived one with none.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date('2026-11-27T12:00:00Z') });
});
afterAll(() => t.close());

let agent: string;
let other: string;
let agentId: number;
const w = { u1: 0, u2: 0, u3: 0, u4: 0, scheme: 0, tenantA: 0, tenantB: 0, landlord: 0 };

const one = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(await testDb(), q))[0]!.id;

beforeEach(async () => {
  await resetData();
  const agency = await buildCompany({ name: 'Savills' });
  const elsewhere = await buildCompany({ name: 'Knight Frank' });
  w.tenantA = (await buildCompany({ name: 'Boots' })).id;
  w.tenantB = (await buildCompany({ name: 'Greggs' })).id;
  w.landlord = (await buildCompany({ name: 'Landsec' })).id;
  agentId = (await buildUser({ name: 'Jamie Agent', email: 'agent@example.com', company_id: agency.id })).id;
  const otherId = (
    await buildUser({ name: 'Olly Other', email: 'other@example.com', company_id: elsewhere.id })
  ).id;
  agent = await sessionCookie(t.app, 'agent@example.com');
  other = await sessionCookie(t.app, 'other@example.com');
  const leeds = await one(
    sql`insert into addresses (street, city, post_code) values ('Briggate', 'Leeds', 'LS1 6HD') returning id`,
  );
  const york = await one(
    sql`insert into addresses (street, city, post_code) values ('Coney Street', 'York', 'YO1 9QL') returning id`,
  );
  w.scheme = await one(
    sql`insert into schemes (name, type, address_id) values ('Trinity Leeds', 'Shopping centres', ${leeds}) returning id`,
  );
  // Expiry 15 Feb 2027 and holding over the day after; contracted out, so no statutory dates.
  w.u1 =
    await one(sql`insert into properties (building_num, address_id, scheme_id, tenant_id, currency, area_size_type,
      lease_end_date, security_of_tenure, created_by)
    values ('Unit 4', ${leeds}, ${w.scheme}, ${w.tenantA}, 'GBP', 'sqft', '2027-02-15', 'contracted_out', ${agentId}) returning id`);
  // A break on 10 Dec 2026 with no notice (both hard), and a review on 5 Jan 2027.
  w.u2 = await one(sql`insert into properties (building_num, address_id, tenant_id, currency, area_size_type,
      break_date, break_notice_months, break_party, next_review_date)
    values ('12', ${york}, ${w.tenantB}, 'GBP', 'sqft', '2026-12-10', 0, 'tenant', '2027-01-05') returning id`);
  w.u3 = await one(sql`insert into properties (address_id, currency, area_size_type, lease_end_date)
    values (${leeds}, 'GBP', 'sqft', '2027-01-01') returning id`);
  w.u4 =
    await one(sql`insert into properties (address_id, tenant_id, currency, area_size_type, lease_end_date, archived_at)
    values (${leeds}, ${w.tenantA}, 'GBP', 'sqft', '2027-01-01', now()) returning id`);
  const db = await testDb();
  await db.execute(sql`insert into property_parties (property_id, role, company_id) values
    (${w.u1}, 'landlord', ${w.landlord}), (${w.u2}, 'tenant_agent', ${agency.id})`);
  await db.execute(sql`insert into deals (deal_type, property_id, effective_date, created_by)
    values ('rent_review', ${w.u2}, '2026-01-05', ${otherId})`);
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });
const post = (url: string, body: unknown, cookie = agent) =>
  t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: body as object });
const del = (url: string, cookie = agent) =>
  t.app.inject({ method: 'DELETE', url, headers: { ...XHR, cookie } });

const ids = async (query = '', cookie = agent): Promise<string[]> => {
  const res = await get(`/api/lease-events${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as LeaseEvent[]).map((e) => e.id);
};

const DEFAULT = () => [
  `${w.u2}-break_date-0`,
  `${w.u2}-break_notice_deadline-0`,
  `${w.u2}-rent_review-0`,
  `${w.u1}-lease_expiry-0`,
  `${w.u1}-holding_over-0`,
];

describe('GET /api/lease-events', () => {
  it('answers the open events of let, live units in the next 90 days, by date, unit and type', async () => {
    const res = await get('/api/lease-events', agent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((e: LeaseEvent) => e.id)).toEqual(DEFAULT());
    expect(body.meta.pagination).toMatchObject({ total: 5, count: 5, current_page: 1 });
    for (const e of body.data) leaseEventSchema.parse(e);
    const expiry = body.data[3] as LeaseEvent;
    expect(expiry).toMatchObject({
      type: 'lease_expiry',
      date: '2027-02-15',
      hard: true,
      status: 'open',
      property: {
        id: w.u1,
        label: 'Unit 4, Briggate, Leeds, LS1 6HD',
        city: 'Leeds',
        scheme: { name: 'Trinity Leeds' },
      },
      tenant: { id: w.tenantA, name: 'Boots' },
      landlords: [{ id: w.landlord, name: 'Landsec' }],
      lease_end_date: '2027-02-15',
      security_of_tenure: 'contracted_out',
    });
  });

  it('pages as the other lists do', async () => {
    const res = await get('/api/lease-events?per_page=2&page=2', agent);
    expect(res.json().data.map((e: LeaseEvent) => e.id)).toEqual(DEFAULT().slice(2, 4));
    expect(res.json().meta.pagination).toMatchObject({ total: 5, count: 2, per_page: 2, total_pages: 3 });
    const beyond = await get('/api/lease-events?per_page=2&page=9', agent);
    expect(beyond.json()).toMatchObject({ data: [], meta: { pagination: { total: 5 } } });
  });

  it('filters by range, type, hardness, unit, scheme, town, tenant, landlord, my company and mine', async () => {
    const d = DEFAULT();
    expect(await ids('?from=2027-01-01&to=2027-02-15')).toEqual([d[2], d[3]]);
    expect(await ids('?from=2027-02-16')).toEqual([d[4]]);
    expect(await ids('?type=rent_review,holding_over')).toEqual([d[2], d[4]]);
    expect(await ids('?hard=true')).toEqual([d[0], d[1], d[3]]);
    expect(await ids('?hard=false')).toEqual([d[2], d[4]]);
    expect(await ids(`?property_id=${w.u1}`)).toEqual([d[3], d[4]]);
    expect(await ids(`?scheme_id=${w.scheme}`)).toEqual([d[3], d[4]]);
    expect(await ids('?town=LEEDS')).toEqual([d[3], d[4]]);
    expect(await ids(`?tenant_id=${w.tenantB},${w.tenantA}`)).toEqual(d);
    expect(await ids(`?tenant_id=${w.tenantB}`)).toEqual(d.slice(0, 3));
    expect(await ids(`?landlord_id=${w.landlord}`)).toEqual([d[3], d[4]]);
    // The agent's company is the tenant's agent on unit 2; the agent created unit 1.
    expect(await ids('?my_company=true')).toEqual(d.slice(0, 3));
    expect(await ids('?mine=true')).toEqual([d[3], d[4]]);
    // The other user recorded a deal on unit 2; their company is on neither.
    expect(await ids('?mine=true', other)).toEqual(d.slice(0, 3));
    expect(await ids('?my_company=true', other)).toEqual([]);
  });

  it('archived and vacant units have no events, even asked for by id', async () => {
    expect(await ids(`?property_id=${w.u3}&from=2020-01-01&to=2040-01-01&status=all`)).toEqual([]);
    expect(await ids(`?property_id=${w.u4}&from=2020-01-01&to=2040-01-01&status=all`)).toEqual([]);
  });

  it('refuses a reversed or too wide range, bad dates, unknown types and hostile input (422, never 500)', async () => {
    const reversed = await get('/api/lease-events?from=2027-01-02&to=2027-01-01', agent);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual([LEASE_EVENT_MESSAGES.rangeReversed]);
    const wide = await get(`/api/lease-events?from=2000-01-01&to=2100-01-01`, agent);
    expect(wide.statusCode).toBe(422);
    expect(wide.json().errors.to).toEqual([LEASE_EVENT_MESSAGES.rangeTooWide]);
    expect(LEASE_EVENTS_MAX_RANGE_DAYS).toBeLessThan(36525);
    for (const q of [
      'from=2027-02-30',
      'from=yesterday',
      'type=lease_expiry,nope',
      'hard=maybe',
      'property_id=99999999999',
      'scheme_id=1,x',
      'per_page=100000',
      'page=0',
      `town=${'x'.repeat(101)}`,
      'status=closed',
    ]) {
      const res = await get(`/api/lease-events?${q}`, agent);
      expect(res.statusCode, q).toBe(422);
    }
    const nul = await get('/api/lease-events?town=Le%00eds', agent);
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
  });

  it('is for signed-in users', async () => {
    expect((await get('/api/lease-events')).statusCode).toBe(401);
    expect((await get('/api/lease-events/export')).statusCode).toBe(401);
    expect((await post(`/api/lease-events/${w.u2}-rent_review-0/done`, {}, '')).statusCode).toBe(401);
    expect((await del(`/api/lease-events/${w.u2}-rent_review-0/action`, '')).statusCode).toBe(401);
  });
});

describe('Done, Dismiss and reopen', () => {
  it('marks a soft event done without a reason: it leaves the open list, shows under done', async () => {
    const id = `${w.u2}-rent_review-0`;
    const res = await post(`/api/lease-events/${id}/done`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      status: 'done',
      status_by: { id: agentId, name: 'Jamie Agent' },
    });
    expect(res.json().data.status_at).toEqual(expect.any(String));
    expect(await ids()).not.toContain(id);
    expect(await ids('?status=done')).toEqual([id]);
    expect(await ids('?status=all')).toEqual(DEFAULT());
  });

  it('a hard event needs a reason to be dismissed or done', async () => {
    const id = `${w.u2}-break_date-0`;
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      const res = await post(`/api/lease-events/${id}/dismiss`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toEqual([LEASE_EVENT_MESSAGES.reasonRequired]);
    }
    const ok = await post(`/api/lease-events/${id}/dismiss`, { reason: 'Tenant confirmed no break' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'dismissed', status_reason: 'Tenant confirmed no break' });
    expect(await ids('?status=dismissed')).toEqual([id]);
  });

  it('reopens an event: its action goes', async () => {
    const id = `${w.u2}-rent_review-0`;
    await post(`/api/lease-events/${id}/done`, { reason: 'Agreed at £42,000' });
    const res = await del(`/api/lease-events/${id}/action`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'open', status_reason: null, status_by: null });
    expect(await ids()).toEqual(DEFAULT());
  });

  it('an action counts only while the event keeps its date: a moved lease end opens it again', async () => {
    const id = `${w.u1}-lease_expiry-0`;
    await post(`/api/lease-events/${id}/done`, { reason: 'Tenant leaving' });
    expect(await ids()).not.toContain(id);
    await (
      await testDb()
    ).execute(sql`update properties set lease_end_date = '2027-02-20' where id = ${w.u1}`);
    const res = await get(`/api/lease-events?property_id=${w.u1}&type=lease_expiry`, agent);
    expect(res.json().data).toEqual([expect.objectContaining({ id, date: '2027-02-20', status: 'open' })]);
  });

  it('two clicks at once leave one action', async () => {
    const id = `${w.u2}-rent_review-0`;
    const [a, b] = await Promise.all([
      post(`/api/lease-events/${id}/done`, {}),
      post(`/api/lease-events/${id}/dismiss`, {}, other),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await queryRows(await testDb(), sql`select status from lease_event_actions`);
    expect(rows).toHaveLength(1);
  });

  it('404 for an event the lease no longer gives, or no lease could; never 500', async () => {
    await (await testDb()).execute(sql`update properties set tenant_id = null where id = ${w.u2}`);
    for (const id of [
      `${w.u2}-rent_review-0`,
      `${w.u3}-lease_expiry-0`,
      `${w.u1}-rent_review-7`,
      '9999999999-lease_expiry-0',
      `${w.u1}-nope-0`,
      `${w.u1}-lease_expiry-999`,
      'abc',
    ]) {
      const res = await post(`/api/lease-events/${id}/done`, { reason: 'x' });
      expect(res.statusCode, id).toBe(404);
      expect((await del(`/api/lease-events/${id}/action`)).statusCode, id).toBe(404);
    }
    // A NUL byte is refused by the input guard, as everywhere.
    const nul = await post(`/api/lease-events/${w.u1}-lease_expiry-0%00/done`, { reason: 'x' });
    expect(nul.statusCode).toBe(422);
    const huge = await post(`/api/lease-events/${w.u1}-lease_expiry-0/done`, { reason: 'x'.repeat(1001) });
    expect(huge.statusCode).toBe(422);
    const wrong = await post(`/api/lease-events/${w.u1}-lease_expiry-0/done`, { reason: 42 });
    expect(wrong.statusCode).toBe(422);
  });
});

describe('GET /api/lease-events/export', () => {
  it('streams the matching events as CSV, en-GB dates, in the list order', async () => {
    const res = await get('/api/lease-events/export?format=csv', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('lease-events-2026-11-27.csv');
    expect(res.headers['x-total-count']).toBe('5');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(LEASE_EVENT_EXPORT_COLUMNS.join(','));
    expect(lines.slice(1).map((l) => l.split(',').at(-1))).toEqual(DEFAULT());
    expect(lines[1]).toMatch(/^10\/12\/2026,Break date,Yes,Open,"12, Coney Street, York, YO1 9QL"/);
    expect(lines[4]).toContain('15/02/2027,Lease expiry,Yes,Open');
    expect(lines[4]).toContain('Landsec');
    expect(lines[4]).toContain('Contracted out');
  });

  it('takes the list filters, in batches across pages of the order', async () => {
    const res = await get(`/api/lease-events/export?tenant_id=${w.tenantB}&hard=true`, agent);
    expect(res.body.trim().split('\n')).toHaveLength(3);
  });

  it('writes an Excel workbook', async () => {
    const res = await get('/api/lease-events/export?format=xlsx', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses an unknown format or a bad range (422)', async () => {
    expect((await get('/api/lease-events/export?format=pdf', agent)).statusCode).toBe(422);
    expect((await get('/api/lease-events/export?from=2027-01-02&to=2027-01-01', agent)).statusCode).toBe(422);
  });
});
