import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { dealOrderMarks } from '../src/db/derived/deal-order-marks';
import { propertyOrderMarks } from '../src/db/derived/property-order-marks';
import { rowCounts } from '../src/db/derived/row-counts';
import { api, buildDealWorld, type DealWorld } from './deals.fixtures';
import { compareWithRebuild } from './derived.fixtures';
import { WAIT_MS, XHR, buildTestApp, type TestApp } from './helpers';

/**
 * Deals on different properties at once (ADR 0105): every write of a property or a deal changes
 * the list counts and the counted indexes (ADR 0031, 0046), whose newest bucket every new key
 * lands in. Writers add their changes as rows of their own instead of updating those rows, so
 * concurrent deals all succeed without queueing on one lock, and every page of both lists stays
 * exactly their order. Buckets are 2 rows wide here, so the folds split and empty buckets while
 * the deals run.
 */
let t: TestApp;
let w: DealWorld;
const UNITS = 12;
let units: number[] = [];

const markSize = async (n: number) => {
  for (const prefix of ['property', 'deal'])
    await queryRows(
      t.db,
      sql.raw(
        `create or replace function ${prefix}_mark_size() returns integer language sql stable as 'select ${n}'`,
      ),
    );
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildDealWorld(t);
  units = [w.property.id];
  for (let i = 1; i < UNITS; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { ...XHR, cookie: w.adminCookie },
      payload: {
        building_num: String(100 + i),
        company_id: w.co.oldTenant.id,
        currency: 'GBP',
        rent_pa: '30000',
        address: { street: `Concurrent Row ${i}`, city: 'Leeds', post_code: 'LS1 6HD' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    units.push(res.json().data.id as number);
  }
  await markSize(2);
  await queryRows(t.db, sql`select property_marks_rebuild(), deal_marks_rebuild(), row_counts_rebuild()`);
});
afterAll(async () => {
  await markSize(1000);
  await t.close();
});

const review = (propertyId: number, i: number) => ({
  deal_type: 'rent_review',
  property_id: propertyId,
  effective_date: `2026-0${1 + (i % 9)}-15`,
  rent_pa: String(31_000 + i * 100),
  next_review_date: '2031-01-01',
});

/** Every page of a list (`per_page` rows each) as the API serves it, with its total. */
const pages = async (url: string, perPage: number) => {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await api(t).get(w.adminCookie, `${url}&per_page=${perPage}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: number }>; meta: { pagination: { total: number } } };
    total = body.meta.pagination.total;
    ids.push(...body.data.map((r) => r.id));
    if (body.data.length < perPage) break;
  }
  return { ids, total };
};

const ordered = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ id: number }>(t.db, query)).map((r) => r.id);

/** Both lists, every page in both directions, against ORDER BY and count(*). */
const expectListsRight = async () => {
  const live = await ordered(
    sql`select id from properties where archived_at is null order by updated_at desc, id desc`,
  );
  const byDate = await ordered(
    sql`select id from deals order by coalesce(effective_date, '-infinity'::date) desc, id desc`,
  );
  for (const perPage of [1, 3]) {
    expect(await pages('/api/properties?sort=-updated_at', perPage)).toEqual({
      ids: live,
      total: live.length,
    });
    expect(await pages('/api/properties?sort=updated_at', perPage)).toEqual({
      ids: [...live].reverse(),
      total: live.length,
    });
    expect(await pages('/api/deals?sort=-effective_date', perPage)).toEqual({
      ids: byDate,
      total: byDate.length,
    });
  }
};

/** The counts and both counted indexes, as their triggers kept them, equal their rebuilds. */
const expectSameAsRebuilt = async () => {
  for (const d of [rowCounts, propertyOrderMarks, dealOrderMarks])
    expect(await compareWithRebuild(t.db, d), d.name).toBeNull();
};

describe('concurrent deals on different properties', () => {
  it('all succeed, and every page of the property and deal lists stays their order', async () => {
    // Four at a time, within the pool's five connections: more would wait for a connection (and
    // time out on a loaded machine), which is not what this checks.
    const writes = [...units, ...units].map((id, i) => () => api(t).post(w.adminCookie, review(id, i)));
    const answers = [];
    for (let i = 0; i < writes.length; i += 4)
      answers.push(...(await Promise.all(writes.slice(i, i + 4).map((write) => write()))));
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const deals = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from deals`);
    expect(deals[0]!.n).toBe(2 * UNITS);
    await expectListsRight();
    await expectSameAsRebuilt();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a deal is not held up by another transaction's uncommitted property and deal writes (PostgreSQL)",
    async () => {
      const [held, free] = units as [number, number];
      await t.db.transaction(async (tx) => {
        // Takes whatever a writer of a property's key and of a new deal takes, and keeps it.
        await tx.execute(sql`update properties set updated_at = now() where id = ${held}`);
        await tx.execute(
          sql`insert into deals (deal_type, property_id, effective_date, currency, created_by, created_at)
              values ('rent_review', ${held}, '2026-06-15', 'GBP', ${w.admin.id}, now())`,
        );
        // Before ADR 0105 this waited for the transaction above: a wait no one would end.
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          api(t).post(w.adminCookie, review(free, 99)),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('the deal waited on the open transaction')), WAIT_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        expect(res.statusCode, res.body).toBe(201);
      });
      await expectListsRight();
      await expectSameAsRebuilt();
    },
  );
});
