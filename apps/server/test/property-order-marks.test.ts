import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';

/**
 * The unfiltered list by last update finds its pages through property_order_marks (migration
 * 0005, ADR 0031). Buckets are made 3 properties wide here, so a few dozen properties exercise
 * what a million do: splits of the newest bucket, emptied buckets, moves between buckets.
 */
let t: TestApp;
let cookie: string;
const PW = 'marks-password-1';

beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  const user = await buildUser({ email: 'marks@example.test', password: PW });
  cookie = await sessionCookie(t.app, user);
  await queryRows(
    t.db,
    sql.raw(
      `create or replace function property_mark_size() returns integer language sql stable as 'select 3'`,
    ),
  );
  await queryRows(t.db, sql`select property_marks_rebuild()`);
});
afterAll(async () => {
  await queryRows(
    t.db,
    sql.raw(
      `create or replace function property_mark_size() returns integer language sql stable as 'select 1000'`,
    ),
  );
  await t.close();
});

const create = async (i: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { ...XHR, cookie },
    payload: {
      building_num: String(i),
      address: {
        street: `Mark Street ${i}`,
        city: 'Leeds',
        post_code: 'LS1 1AA',
        latitude: 53.8,
        longitude: -1.55,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

/** Every page of the list, in order, as the API serves it. */
const pagesOf = async (sort: string, perPage: number): Promise<{ ids: number[]; total: number }> => {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties?sort=${sort}&per_page=${perPage}&page=${page}`,
      headers: { ...XHR, cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    total = body.meta.pagination.total;
    ids.push(...body.data.map((p: { id: number }) => p.id));
    if (page >= body.meta.pagination.total_pages) break;
  }
  return { ids, total };
};

const expectedOrder = async (descending: boolean) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      descending
        ? sql`select id from properties order by updated_at desc, id desc`
        : sql`select id from properties order by updated_at, id`,
    )
  ).map((r) => r.id);

/** Each bucket's count is the number of properties in its key range; none is over twice the size. */
const expectMarksConsistent = async () => {
  const rows = await queryRows<{ n: number; actual: number | string; sentinel: boolean }>(
    t.db,
    sql`with m as (
          select updated_at, id, n, lead(updated_at) over w as next_at, lead(id) over w as next_id
            from property_order_marks window w as (order by updated_at, id)
        )
        select m.n, m.updated_at = '-infinity' as sentinel,
               (select count(*) from properties p
                 where (p.updated_at, p.id) >= (m.updated_at, m.id)
                   and (m.next_at is null or (p.updated_at, p.id) < (m.next_at, m.next_id))) as actual
          from m order by m.updated_at, m.id`,
  );
  expect(rows[0]?.sentinel).toBe(true);
  for (const r of rows) {
    expect(r.n).toBe(Number(r.actual));
    expect(r.n).toBeLessThanOrEqual(6);
  }
  return rows.length;
};

const expectPagesMatch = async () => {
  for (const perPage of [1, 4, 7]) {
    const down = await pagesOf('-updated_at', perPage);
    expect(down.ids).toEqual(await expectedOrder(true));
    const up = await pagesOf('updated_at', perPage);
    expect(up.ids).toEqual(await expectedOrder(false));
    expect(down.total).toBe(down.ids.length);
  }
};

describe('GET /api/properties by last update, through the order marks', () => {
  it('serves every page exactly as the order, through inserts, moves, ties and deletes', async () => {
    for (let i = 1; i <= 20; i++) await create(i);
    // Twenty properties created one after another: the newest bucket split as it grew.
    expect(await expectMarksConsistent()).toBeGreaterThan(4);
    await expectPagesMatch();

    // Move some into the past, some to one shared instant (ties broken by id), some to the future.
    await queryRows(t.db, sql`update properties set updated_at = '2020-01-01T00:00:00Z' where id % 3 = 0`);
    await queryRows(t.db, sql`update properties set updated_at = '2031-05-05T12:00:00Z' where id % 5 = 1`);
    await expectMarksConsistent();
    await expectPagesMatch();

    // Deletes empty buckets; new properties land on top.
    await queryRows(t.db, sql`delete from properties where id % 4 = 2`);
    for (let i = 21; i <= 27; i++) await create(i);
    await expectMarksConsistent();
    await expectPagesMatch();

    // An edit through the API moves the property to the front of the newest-first list.
    const [oldest] = await expectedOrder(false);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/properties/${oldest}`,
      headers: { ...XHR, cookie },
      payload: { building_num: '99A' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await queryRows(
      t.db,
      sql`update properties set updated_at = '2040-01-01T00:00:00Z' where id = ${oldest!}`,
    );
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/properties?sort=-updated_at&per_page=2',
      headers: { ...XHR, cookie },
    });
    expect(first.json().data[0].id).toBe(oldest);
    await expectMarksConsistent();
    await expectPagesMatch();

    // A page past the end is empty, with the true total.
    const past = await t.app.inject({
      method: 'GET',
      url: '/api/properties?sort=-updated_at&per_page=10&page=50',
      headers: { ...XHR, cookie },
    });
    const ids = await expectedOrder(true);
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.pagination.total).toBe(ids.length);
  });

  it('rebuilds to the same pages (the bulk loaders call property_marks_rebuild)', async () => {
    const before = await pagesOf('-updated_at', 4);
    await queryRows(t.db, sql`select property_marks_rebuild()`);
    await expectMarksConsistent();
    expect(await pagesOf('-updated_at', 4)).toEqual(before);
  });
});
