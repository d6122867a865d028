/**
 * Exports read their ids batch by batch (ADR 0069): the unfiltered list along its sort's index (a
 * short range after the previous batch's last key; a nullable key's nulls in a second pass), any
 * other export from one sorted statement cut into batches; then each batch's rows by id. Whatever
 * the batch size, the ids come out exactly in the list's order, each once — ties, nulls, both
 * directions — and a row deleted between the two reads is skipped.
 */
import { DEAL_SORTS, ENQUIRY_SORTS, PROPERTY_SORTS, type EnquirySort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client';
import { linesOfIdBatches } from '../src/lib/csv';
import * as comparables from '../src/modules/deals/comparables.repository';
import * as dealList from '../src/modules/deals/deals-list.repository';
import * as enquiryList from '../src/modules/enquiries/enquiries-list.repository';
import * as propertyExport from '../src/modules/properties/properties.export.repository';
import * as propertyList from '../src/modules/properties/properties.repository';
import * as schemeRepo from '../src/modules/schemes/schemes.repository';
import { buildTestApp, buildUser, resetData, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  const user = await buildUser({ name: 'Exporter' });
  // Ties on every key (three rows share each value), nulls on the nullable ones, two towns.
  await queryRows(
    t.db,
    sql`with a as (
        insert into addresses (street, city)
        select 'Batch Road ' || g, case when g % 2 = 0 then 'Hull' else 'Leeds' end from generate_series(1, 23) g
        returning id)
      insert into properties (building_num, address_id, rent_pa, lease_end_date, updated_at, created_at)
      select a.id::text, a.id, case when a.id % 4 = 0 then null else (a.id % 3) * 1000 end,
             case when a.id % 5 = 0 then null else date '2030-01-01' + (a.id % 3) end,
             timestamptz '2026-01-01 10:00:00.123456+00' + (a.id % 3) * interval '1 microsecond',
             timestamptz '2025-01-01' + (a.id % 3) * interval '1 day'
        from a`,
  );
  await queryRows(
    t.db,
    sql`insert into schemes (name, type, address_id, updated_at)
      select 'Scheme ' || (g % 4), 'Shopping centres', g, timestamptz '2026-02-01' + (g % 3) * interval '1 hour'
        from generate_series(1, 11) g`,
  );
  await queryRows(
    t.db,
    sql`insert into deals (deal_type, property_id, effective_date, rent_pa, rent_sqft, sale_price, created_at, created_by)
      select 'rent_review', 1 + g % 7, case when g % 6 = 0 then null else date '2024-01-01' + (g % 4) end,
             case when g % 3 = 0 then null else (g % 2) * 500 end, case when g % 2 = 0 then null else 10 end,
             case when g % 5 = 0 then 1000 end, timestamptz '2026-01-01' + (g % 3) * interval '1 second', ${user.id}
        from generate_series(1, 25) g`,
  );
  await queryRows(
    t.db,
    sql`insert into enquiries (property_id, received_at, stage, reason, updated_at, created_by, user_id)
      select 1 + g % 5, date '2026-01-01' + (g % 3), case when g % 2 = 0 then 'interest' else 'withdrawn' end,
             'new_store', timestamptz '2026-03-01' + (g % 4) * interval '1 minute', ${user.id}, ${user.id}
        from generate_series(1, 19) g`,
  );
});
afterAll(() => t.close());

const all = async (batches: AsyncGenerator<number[]>, size: number): Promise<number[]> => {
  const out: number[] = [];
  for await (const batch of batches) {
    expect(batch.length).toBeLessThanOrEqual(size);
    expect(batch.length).toBeGreaterThan(0);
    out.push(...batch);
  }
  return out;
};

const SIZES = [1, 2, 3, 7, 1000];

describe('export id batches', () => {
  it('properties: every sort, filtered or not, in the list order whatever the batch size', async () => {
    for (const sort of PROPERTY_SORTS) {
      for (const f of [{}, { town: 'hull' }]) {
        const list = await propertyList.listIds(t.db, f, sort, 100, 0);
        expect(list.ids.length).toBe(f.town ? 11 : 23);
        for (const size of SIZES) {
          expect(await all(propertyExport.exportIds(t.db, f, sort, size), size), `${sort} ${size}`).toEqual(
            list.ids,
          );
        }
      }
    }
  });

  it('deals: every sort (nulls last, read in a second pass of the index), filtered or not', async () => {
    for (const sort of DEAL_SORTS) {
      for (const f of [{}, { property_id: 2 }]) {
        const list = await dealList.listDealIds(t.db, f, sort, 100, 0);
        expect(list.ids.length).toBe(f.property_id ? 4 : 25);
        for (const size of SIZES) {
          expect(await all(dealList.exportDealIds(t.db, f, sort, size), size), `${sort} ${size}`).toEqual(
            list.ids,
          );
        }
      }
    }
  });

  it('enquiries: every sort, filtered or not', async () => {
    for (const sort of ENQUIRY_SORTS as readonly EnquirySort[]) {
      for (const f of [{}, { stage: ['interest'] }]) {
        const list = await enquiryList.listEnquiryIds(t.db, f, sort, 100, 0);
        expect(list.ids.length).toBe(f.stage ? 9 : 19);
        for (const size of SIZES) {
          expect(
            await all(enquiryList.exportEnquiryIds(t.db, f, sort, size), size),
            `${sort} ${size}`,
          ).toEqual(list.ids);
        }
      }
    }
  });

  it('schemes: by last update (walked) and by name (sorted once)', async () => {
    for (const sort of ['-updated_at', 'updated_at', 'name', '-name']) {
      const list = await schemeRepo.listIds(t.db, {}, sort, 100, 0);
      expect(list.ids.length).toBe(11);
      for (const size of SIZES)
        expect(await all(schemeRepo.exportIds(t.db, {}, sort, size), size), `${sort} ${size}`).toEqual(
          list.ids,
        );
    }
  });

  it('walks an index: no walk statement sorts (checked with sorting disabled in the planner)', async () => {
    // Statements are caught on their way to the database (preparedRows falls back to db.execute
    // when the handle has no pool); the walk's are the ones that answer `k`, each shape once.
    const dialect = new PgDialect();
    const walks = new Map<string, SQL>();
    const spy = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === '$client') return undefined;
        if (prop === 'execute')
          return (q: SQL) => {
            const text = dialect.sqlToQuery(q).sql;
            if (/ as k from /.test(text)) walks.set(text, q);
            return target.execute(q);
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const drain = async (batches: AsyncGenerator<number[]>) => {
      for await (const _ of batches);
    };
    for (const sort of ['-updated_at', 'updated_at'] as const) {
      await drain(propertyExport.exportIds(spy, {}, sort, 2));
      await drain(schemeRepo.exportIds(spy, {}, sort, 2));
    }
    for (const sort of DEAL_SORTS) await drain(dealList.exportDealIds(spy, {}, sort, 2));
    for (const sort of ['-id', 'id', '-received_at', 'received_at', '-updated_at', 'updated_at'] as const)
      await drain(enquiryList.exportEnquiryIds(spy, {}, sort, 2));
    const place = { scheme_type: null, size_min: null, size_max: null, from: null, to: null };
    for (const where of [
      { town: 'leeds', district: null },
      { town: null, district: 'LS1' },
    ])
      await drain(
        comparables.exportIds(
          spy,
          { ...where, ...place, types: ['rent_review'], currency: 'GBP', seriesMax: 1 },
          2,
        ),
      );
    expect(walks.size).toBeGreaterThanOrEqual(2 * 2 * 2 + 10 * 2 + 6 * 2 + 2);
    const sorts: string[] = [];
    for (const [text, q] of walks) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        return queryRows<{ 'QUERY PLAN': unknown }>(tx as unknown as Db, sql`explain (format json) ${q}`);
      });
      if (
        /"Node Type": ?"(Incremental )?Sort"/.test(
          JSON.stringify(plan[0]!['QUERY PLAN']).replace(/\\"/g, '"'),
        )
      )
        sorts.push(text);
    }
    expect(sorts).toEqual([]);
  });

  it('skips a row deleted after its id was read, keeping the order of the others', async () => {
    async function* ids() {
      yield [5, 3, 9];
      yield [8, 1];
    }
    const lines: Array<Array<string | number | null>> = [];
    for await (const batch of linesOfIdBatches(
      ids(),
      async (batch) => (await propertyExport.exportRows(t.db, batch)).filter((r) => r.id !== 3),
      (r) => r.id,
      (r) => [r.id, r.building_num],
    ))
      lines.push(...batch);
    expect(lines).toEqual([
      [5, '5'],
      [9, '9'],
      [8, '8'],
      [1, '1'],
    ]);
  });
});
