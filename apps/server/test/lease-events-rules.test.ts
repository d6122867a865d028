import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { resetData, testDb } from './helpers';

/**
 * The lease-event rules (ADR 0087), worked case by case through the SQL that keeps lease_events:
 * each case inserts one unit with its lease terms and reads back the events the triggers wrote.
 * Month arithmetic is PostgreSQL's corresponding-date rule (31 Aug − 6 months = 28/29 Feb).
 */
interface Terms {
  tenant?: boolean;
  archived?: boolean;
  start?: string;
  end?: string;
  next?: string;
  brk?: string;
  notice?: number;
  kind?: 'fixed' | 'rolling';
  interval?: number;
  tenure?: 'inside_act' | 'contracted_out';
}

let tenantId = 0;
let addressId = 0;

beforeEach(async () => {
  await resetData();
  const db = await testDb();
  tenantId = (
    await queryRows<{ id: number }>(db, sql`insert into companies (name) values ('Tenant Ltd') returning id`)
  )[0]!.id;
  addressId = (
    await queryRows<{ id: number }>(
      db,
      sql`insert into addresses (street, city) values ('1 High Street', 'Leeds') returning id`,
    )
  )[0]!.id;
});

const insertUnit = async (t: Terms): Promise<number> => {
  const db = await testDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into properties (address_id, tenant_id, currency, area_size_type, archived_at, lease_start_date, lease_end_date,
          next_review_date, break_date, break_notice_months, break_kind, review_interval_years, security_of_tenure)
        values (${addressId}, ${t.tenant === false ? null : tenantId}, 'GBP', 'sqft', ${t.archived ? sql`now()` : null},
          ${t.start ?? null}, ${t.end ?? null}, ${t.next ?? null}, ${t.brk ?? null}, ${t.notice ?? null}, ${t.kind ?? null},
          ${t.interval ?? null}, ${t.tenure ?? null})
        returning id`,
  );
  return rows[0]!.id;
};

/** The unit's events as `type#seq date` (`!` marks a hard one), by date then type. */
const eventsOf = async (propertyId: number, types?: readonly string[]): Promise<string[]> => {
  const rows = await queryRows<{ type: string; seq: number; date: string; hard: boolean }>(
    await testDb(),
    sql`select type, seq, date::text as date, hard from lease_events where property_id = ${propertyId} order by date, type, seq`,
  );
  return rows
    .filter((r) => !types || types.includes(r.type))
    .map((r) => `${r.type}#${r.seq} ${r.date}${r.hard ? '!' : ''}`);
};

const logOf = async (propertyId: number) =>
  queryRows<{ type: string; seq: number; date: string; sequence: number; removed: boolean }>(
    await testDb(),
    sql`select type, seq, date::text as date, sequence, removed_at is not null as removed
        from lease_event_log where property_id = ${propertyId} order by type, seq`,
  );

const STATUTORY = [
  's25_window_opens',
  's25_window_closes',
  's26_window_opens',
  's26_window_closes',
  's27_deadline',
];
const BREAK = ['break_date', 'break_notice_deadline'];
const REVIEWS = ['rent_review'];

/** A lease ending 24 June 2030 inside the Act: every event a lease end gives. */
const FULL_2030 = [
  'regear_prompt#0 2028-06-24',
  's25_window_opens#0 2029-06-24!',
  's26_window_opens#0 2029-06-24!',
  's25_window_closes#0 2029-12-24!',
  's26_window_closes#0 2029-12-24!',
  's27_deadline#0 2030-03-24!',
  'lease_expiry#0 2030-06-24!',
  'holding_over#0 2030-06-25',
];

interface Case {
  reason: string;
  terms: Terms;
  /** Only these types are compared (all when absent). */
  types?: readonly string[];
  expected: string[];
}

const CASES: Case[] = [
  {
    reason:
      'inside the Act with a lease end: expiry, the s25/s26 windows, s27, the re-gear prompt, holding over',
    terms: { end: '2030-06-24', tenure: 'inside_act' },
    expected: FULL_2030,
  },
  {
    reason: 'unknown tenure is treated as inside the Act (the statute protects unless contracted out)',
    terms: { end: '2030-06-24' },
    expected: FULL_2030,
  },
  {
    reason: 'contracted out: no s25, s26 or s27 dates, the rest as usual',
    terms: { end: '2030-06-24', tenure: 'contracted_out' },
    expected: ['regear_prompt#0 2028-06-24', 'lease_expiry#0 2030-06-24!', 'holding_over#0 2030-06-25'],
  },
  {
    reason: '31 Jan − 6 months is 31 Jul; − 12 months 31 Jan; − 3 months 31 Oct',
    terms: { end: '2027-01-31' },
    types: STATUTORY,
    expected: [
      's25_window_opens#0 2026-01-31!',
      's26_window_opens#0 2026-01-31!',
      's25_window_closes#0 2026-07-31!',
      's26_window_closes#0 2026-07-31!',
      's27_deadline#0 2026-10-31!',
    ],
  },
  {
    reason: '31 Aug − 6 months has no 31 Feb: the month’s last day, 28 Feb in a common year',
    terms: { end: '2027-08-31' },
    types: ['s25_window_closes', 's27_deadline'],
    expected: ['s25_window_closes#0 2027-02-28!', 's27_deadline#0 2027-05-31!'],
  },
  {
    reason: '31 Aug − 6 months in a leap year is 29 Feb',
    terms: { end: '2028-08-31' },
    types: ['s25_window_closes'],
    expected: ['s25_window_closes#0 2028-02-29!'],
  },
  {
    reason: 'a lease ending 29 Feb 2028: − 12 months is 28 Feb 2027; the day after is 1 March',
    terms: { end: '2028-02-29' },
    types: ['s25_window_opens', 's25_window_closes', 's27_deadline', 'regear_prompt', 'holding_over'],
    expected: [
      'regear_prompt#0 2026-02-28',
      's25_window_opens#0 2027-02-28!',
      's25_window_closes#0 2027-08-29!',
      's27_deadline#0 2027-11-29!',
      'holding_over#0 2028-03-01',
    ],
  },
  {
    reason: '31 May − 3 months is 28 Feb (the s27 deadline at a month end)',
    terms: { end: '2030-05-31' },
    types: ['s27_deadline'],
    expected: ['s27_deadline#0 2030-02-28!'],
  },
  {
    reason: 'holding over begins the day after the end, across a year end',
    terms: { end: '2030-12-31', tenure: 'contracted_out' },
    types: ['lease_expiry', 'holding_over'],
    expected: ['lease_expiry#0 2030-12-31!', 'holding_over#0 2031-01-01'],
  },
  {
    reason: 'a lease already holding over keeps its events (past dates: the tenant is still there)',
    terms: { end: '2024-03-24', tenure: 'contracted_out' },
    expected: ['regear_prompt#0 2022-03-24', 'lease_expiry#0 2024-03-24!', 'holding_over#0 2024-03-25'],
  },
  {
    reason: 'a let unit with no lease dates has no events',
    terms: {},
    expected: [],
  },
  {
    reason: 'a vacant unit has none, whatever its recorded terms',
    terms: {
      tenant: false,
      end: '2030-06-24',
      brk: '2027-06-24',
      notice: 6,
      start: '2020-06-24',
      interval: 5,
    },
    expected: [],
  },
  {
    reason: 'an archived unit has none',
    terms: { archived: true, end: '2030-06-24', brk: '2027-06-24', notice: 6 },
    expected: [],
  },
  {
    reason: 'a fixed break with 6 months’ notice: the break and its notice deadline, both hard',
    terms: { end: '2030-06-24', brk: '2027-03-25', notice: 6, kind: 'fixed' },
    types: BREAK,
    expected: ['break_notice_deadline#0 2026-09-25!', 'break_date#0 2027-03-25!'],
  },
  {
    reason: 'notice 0: the deadline is the break date itself',
    terms: { end: '2030-06-24', brk: '2027-03-25', notice: 0 },
    types: BREAK,
    expected: ['break_date#0 2027-03-25!', 'break_notice_deadline#0 2027-03-25!'],
  },
  {
    reason: 'no notice period recorded: the break alone (no deadline can be worked out)',
    terms: { end: '2030-06-24', brk: '2027-03-25' },
    types: BREAK,
    expected: ['break_date#0 2027-03-25!'],
  },
  {
    reason: 'a break after the lease end cannot be exercised: no break, no notice',
    terms: { end: '2030-06-24', brk: '2031-01-01', notice: 6 },
    types: BREAK,
    expected: [],
  },
  {
    reason: 'a break on the lease end day still counts',
    terms: { end: '2030-06-24', brk: '2030-06-24', notice: 12 },
    types: BREAK,
    expected: ['break_notice_deadline#0 2029-06-24!', 'break_date#0 2030-06-24!'],
  },
  {
    reason: 'a break with no lease end recorded counts',
    terms: { brk: '2027-09-29', notice: 3 },
    expected: ['break_notice_deadline#0 2027-06-29!', 'break_date#0 2027-09-29!'],
  },
  {
    reason: 'a rolling break: the date it first becomes exercisable, and the notice before it',
    terms: { end: '2035-06-01', brk: '2027-06-01', notice: 3, kind: 'rolling' },
    types: BREAK,
    expected: ['break_notice_deadline#0 2027-03-01!', 'break_date#0 2027-06-01!'],
  },
  {
    reason: 'break notice from a month end: 31 Aug − 6 months is 28 Feb',
    terms: { end: '2035-06-01', brk: '2027-08-31', notice: 6 },
    types: ['break_notice_deadline'],
    expected: ['break_notice_deadline#0 2027-02-28!'],
  },
  {
    reason: 'break notice of 12 months from 29 Feb 2028 is 28 Feb 2027',
    terms: { end: '2035-06-01', brk: '2028-02-29', notice: 12 },
    types: ['break_notice_deadline'],
    expected: ['break_notice_deadline#0 2027-02-28!'],
  },
  {
    reason: 'a contracted-out lease keeps its break (only the statutory dates go)',
    terms: { end: '2030-06-24', brk: '2028-06-24', notice: 6, tenure: 'contracted_out' },
    types: [...BREAK, ...STATUTORY],
    expected: ['break_notice_deadline#0 2027-12-24!', 'break_date#0 2028-06-24!'],
  },
  {
    reason: 'reviews every 5 years from the start, strictly before the end (soft, numbered by date)',
    terms: { start: '2020-03-25', end: '2035-03-24', interval: 5 },
    types: REVIEWS,
    expected: ['rent_review#0 2025-03-25', 'rent_review#1 2030-03-25'],
  },
  {
    reason: 'a review falling on the lease end day is not held',
    terms: { start: '2020-06-24', end: '2030-06-24', interval: 5 },
    types: REVIEWS,
    expected: ['rent_review#0 2025-06-24'],
  },
  {
    reason: 'reviews from the next review date when it is set (not from the start)',
    terms: { start: '2016-09-28', next: '2026-09-29', end: '2041-09-28', interval: 5 },
    types: REVIEWS,
    expected: ['rent_review#0 2026-09-29', 'rent_review#1 2031-09-29', 'rent_review#2 2036-09-29'],
  },
  {
    reason: 'a next review date and no interval: that one date',
    terms: { next: '2027-12-25', end: '2035-06-24' },
    types: REVIEWS,
    expected: ['rent_review#0 2027-12-25'],
  },
  {
    reason: 'a next review date on or after the lease end is not held',
    terms: { next: '2035-06-24', end: '2035-06-24' },
    types: REVIEWS,
    expected: [],
  },
  {
    reason: 'an interval with neither start nor next review date gives no review',
    terms: { end: '2035-06-24', interval: 5 },
    types: REVIEWS,
    expected: [],
  },
  {
    reason: 'a start with no interval gives no review',
    terms: { start: '2020-01-01', end: '2035-06-24' },
    types: REVIEWS,
    expected: [],
  },
  {
    reason: 'reviews from 29 Feb are counted from the start each time, not chained: 28 Feb, then 29 Feb',
    terms: { start: '2024-02-29', end: '2029-01-01', interval: 2 },
    types: REVIEWS,
    expected: ['rent_review#0 2026-02-28', 'rent_review#1 2028-02-29'],
  },
  {
    reason: 'every event of a full lease: break, notice, reviews and the lease end’s dates together',
    terms: {
      start: '2021-08-31',
      end: '2031-08-31',
      brk: '2026-08-31',
      notice: 6,
      interval: 5,
      tenure: 'inside_act',
    },
    expected: [
      'break_notice_deadline#0 2026-02-28!',
      'break_date#0 2026-08-31!',
      'rent_review#0 2026-08-31',
      'regear_prompt#0 2029-08-31',
      's25_window_opens#0 2030-08-31!',
      's26_window_opens#0 2030-08-31!',
      's25_window_closes#0 2031-02-28!',
      's26_window_closes#0 2031-02-28!',
      's27_deadline#0 2031-05-31!',
      'lease_expiry#0 2031-08-31!',
      'holding_over#0 2031-09-01',
    ],
  },
];

describe('lease events: the worked cases', () => {
  it('has at least thirty cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES.map((c) => [c.reason, c] as const))('%s', async (_reason, c) => {
    const id = await insertUnit(c.terms);
    expect(await eventsOf(id, c.types)).toEqual(c.expected);
  });

  it('a lease with no end date has at most 25 reviews', async () => {
    const id = await insertUnit({ start: '2020-01-01', interval: 1 });
    const reviews = await eventsOf(id, REVIEWS);
    expect(reviews).toHaveLength(25);
    expect(reviews[0]).toBe('rent_review#0 2021-01-01');
    expect(reviews[24]).toBe('rent_review#24 2045-01-01');
  });
});

describe('lease events: changes of the lease', () => {
  it('a tenant leaving takes the events away and the log marks them removed', async () => {
    const id = await insertUnit({ end: '2030-06-24', brk: '2027-06-24', notice: 6 });
    await (await testDb()).execute(sql`update properties set tenant_id = null where id = ${id}`);
    expect(await eventsOf(id)).toEqual([]);
    const log = await logOf(id);
    expect(log.length).toBe(10);
    expect(log.every((l) => l.removed && l.sequence === 0)).toBe(true);
  });

  it('a renewal moves the events: changed dates add one to their sequence, unchanged ones stay', async () => {
    const id = await insertUnit({ end: '2030-06-24', brk: '2027-06-24', notice: 6 });
    // A renewal as a deal writes it onto the unit: the new lease's end, no break.
    await (
      await testDb()
    ).execute(
      sql`update properties set lease_end_date = '2040-06-24', break_date = null, break_notice_months = null where id = ${id}`,
    );
    expect(await eventsOf(id, ['lease_expiry', 'holding_over', ...BREAK])).toEqual([
      'lease_expiry#0 2040-06-24!',
      'holding_over#0 2040-06-25',
    ]);
    const log = Object.fromEntries((await logOf(id)).map((l) => [l.type, l]));
    expect(log.lease_expiry).toMatchObject({ date: '2040-06-24', sequence: 1, removed: false });
    expect(log.break_date).toMatchObject({ date: '2027-06-24', sequence: 0, removed: true });
  });

  it('archived then restored: the events come back, one sequence on', async () => {
    const id = await insertUnit({ end: '2030-06-24', tenure: 'contracted_out' });
    const db = await testDb();
    await db.execute(sql`update properties set archived_at = now() where id = ${id}`);
    expect(await eventsOf(id)).toEqual([]);
    await db.execute(sql`update properties set archived_at = null where id = ${id}`);
    expect(await eventsOf(id)).toHaveLength(3);
    expect((await logOf(id)).map((l) => [l.type, l.sequence, l.removed])).toEqual([
      ['holding_over', 1, false],
      ['lease_expiry', 1, false],
      ['regear_prompt', 1, false],
    ]);
  });

  it('a write of no event date, and a rebuild, leave the table and the log as they were', async () => {
    const id = await insertUnit({
      start: '2021-08-31',
      end: '2031-08-31',
      brk: '2026-08-31',
      notice: 6,
      interval: 5,
    });
    const db = await testDb();
    const before = [await eventsOf(id), await logOf(id)];
    await db.execute(
      sql`update properties set break_party = 'tenant', break_kind = 'rolling', rent_pa = 1 where id = ${id}`,
    );
    await db.execute(sql`select lease_events_rebuild()`);
    expect([await eventsOf(id), await logOf(id)]).toEqual(before);
  });

  it('the re-gear months are the settings row’s: a change moves every prompt', async () => {
    const id = await insertUnit({ end: '2030-06-24', tenure: 'contracted_out' });
    const db = await testDb();
    await db.execute(
      sql`insert into lease_event_settings (regear_prompt_months) values (18) on conflict (id) do update set regear_prompt_months = 18`,
    );
    expect(await eventsOf(id, ['regear_prompt'])).toEqual(['regear_prompt#0 2028-12-24']);
    await db.execute(sql`update lease_event_settings set regear_prompt_months = 36`);
    expect(await eventsOf(id, ['regear_prompt'])).toEqual(['regear_prompt#0 2027-06-24']);
  });
});
