/**
 * Gap Analysis reads its places' size, centroid and name from place_summary (ADR 0101): on a
 * varied market — towns written in several cases, schemes, units without a position or with a
 * latitude only, vacant units, leases ending and breaking in and out of the window, peers in two
 * categories — the page statement answers exactly what the statement before it did (counting and
 * sampling match_units; test/fixtures/gap-analysis-before.ts), for every level, sort, window,
 * minimum of peers and page, before and after units move, leave and are archived.
 */
import type { GapLevel, GapSort } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { addresses, companyCategories, companyCategory, properties, schemes } from '../src/db/schema';
import { gapPageSql, type GapFilter } from '../src/modules/reports/gap-analysis.repository';
import { gapPageBeforeSql } from './fixtures/gap-analysis-before';
import { buildCompany, buildTestApp, resetData, testDb, type TestApp } from './helpers';

let t: TestApp;
let retailer: number;
let categories: { a: number; b: number };
let unitIds: number[];

const TOWNS = [
  ...['Leeds', 'LEEDS', 'York', 'Bath', 'Hull', 'Derby', 'leeds', 'Wakefield', 'Ripon', 'Bristol'],
  ...['Truro', 'Exeter', 'Bolton', 'Bury', 'Crewe', 'Ely', 'Wells', 'Poole', 'Dover', 'Ayr'],
];
const TODAY = '2026-06-15';

/** A small deterministic generator: the same market on every run and both databases. */
const random = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  const db = await testDb();
  const companies: number[] = [];
  for (let i = 0; i < 12; i++) companies.push((await buildCompany({ name: `Retail ${i}` })).id);
  retailer = companies[0]!;
  const [a, b] = await db
    .insert(companyCategories)
    .values([{ name: 'Fashion' }, { name: 'Food' }])
    .returning();
  categories = { a: a!.id, b: b!.id };
  await db
    .insert(companyCategory)
    .values([
      ...companies.slice(0, 9).map((company_id) => ({ company_id, category_id: a!.id })),
      ...[0, 7, 8, 9, 10, 11].map((i) => ({ company_id: companies[i]!, category_id: b!.id })),
    ]);
  const schemeAddresses = await db
    .insert(addresses)
    .values(TOWNS.slice(2, 6).map((city) => ({ street: 'Centre', city, lat: 53.5, lng: -1.5 })))
    .returning();
  const schemeIds = (
    await db
      .insert(schemes)
      .values(
        schemeAddresses.map((ad, i) => ({
          name: `Centre ${i}`,
          type: 'Shopping centres',
          address_id: ad.id,
        })),
      )
      .returning()
  ).map((s) => s.id);

  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const day = (from: number, span: number) =>
    new Date(Date.UTC(2026, 5, 15) + Math.floor((from + next() * span) * 86_400_000))
      .toISOString()
      .slice(0, 10);
  const n = 320;
  const ads = await db
    .insert(addresses)
    .values(
      Array.from({ length: n }, (_, i) => {
        const lat = i % 17 === 0 ? null : Number((50 + next() * 5).toFixed(6));
        const lng = i % 17 === 0 || i % 23 === 0 ? null : Number((-4 + next() * 4).toFixed(6));
        return { street: `${i} High Street`, city: pick(TOWNS), post_code: 'LS1 1AA', lat, lng };
      }),
    )
    .returning({ id: addresses.id });
  unitIds = (
    await db
      .insert(properties)
      .values(
        ads.map((ad, i) => {
          // The retailer in a few towns (the rest are its gaps), its peers anywhere.
          const tenant = next() < 0.25 ? null : i % 40 === 0 ? retailer : companies[1 + ((i * 7) % 11)]!;
          return {
            address_id: ad.id,
            scheme_id: next() < 0.3 ? pick(schemeIds) : null,
            tenant_id: tenant,
            lease_end_date: tenant && next() < 0.7 ? day(-200, 1200) : null,
            break_date: tenant && next() < 0.4 ? day(-100, 900) : null,
          };
        }),
      )
      .returning({ id: properties.id })
  ).map((r) => r.id);
});
afterAll(() => t.close());

type Row = { total: number; peer_count: number; data: Array<Record<string, unknown>> | string };

/** The answer with positions to a millionth of a degree (the summary keeps them so exact). */
const read = async (statement: SQL) => {
  const [row] = await queryRows<Row>(await testDb(), statement);
  const data = typeof row!.data === 'string' ? (JSON.parse(row!.data) as Row['data']) : row!.data;
  const round = (v: unknown) => (typeof v === 'number' ? Number(v.toFixed(6)) : v);
  return {
    total: row!.total,
    peer_count: row!.peer_count,
    data: (data as Array<Record<string, unknown>>).map((p) => ({
      ...p,
      lat: round(p.lat),
      lng: round(p.lng),
    })),
  };
};

const SORTS: GapSort[] = ['peers', 'size', 'available'];
const LEVELS: GapLevel[] = ['town', 'scheme'];

/** Every question: both levels, sorts, windows, minimums, both categories, pages and the export. */
const compareAll = async () => {
  let places = 0;
  for (const level of LEVELS)
    for (const sort of SORTS)
      for (const months of [0, 12])
        for (const minPeers of [1, 2])
          for (const categoryIds of [[categories.a], [categories.a, categories.b]]) {
            const f: GapFilter = {
              retailerId: retailer,
              categoryIds,
              level,
              sort,
              months,
              minPeers,
              today: TODAY,
            };
            for (const [limit, offset, withUnits] of [
              [3, 0, true],
              [3, 3, true],
              [100, 0, true],
              [100, 0, false],
            ] as const) {
              const label = JSON.stringify({
                level,
                sort,
                months,
                minPeers,
                categoryIds,
                limit,
                offset,
                withUnits,
              });
              const now = await read(gapPageSql(f, limit, offset, withUnits));
              expect(now, label).toEqual(await read(gapPageBeforeSql(f, limit, offset, withUnits)));
              places += now.data.length;
            }
          }
  return places;
};

describe('gap analysis from place_summary', () => {
  it('answers what the statement over match_units answered, for every question', async () => {
    // The market is varied enough that the questions rank many places.
    expect(await compareAll()).toBeGreaterThan(200);
  });

  it('still does after units move town, scheme and position, leave and are archived', async () => {
    const db = await testDb();
    const some = (k: number) => unitIds.filter((_, i) => i % k === 0);
    // A town renamed on some units' addresses (the town's lowest unit among them), others moved.
    await db.execute(sql`update addresses a set city = 'Selby' from properties p
      where p.address_id = a.id and p.id = any(${`{${some(5).join(',')}}`}::int[])`);
    await db.execute(sql`update addresses a set lat = lat + 0.01, lng = null from properties p
      where p.address_id = a.id and p.id = any(${`{${some(7).join(',')}}`}::int[])`);
    await db.execute(
      sql`update properties set scheme_id = null where id = any(${`{${some(6).join(',')}}`}::int[])`,
    );
    await db.execute(
      sql`update properties set archived_at = now() where id = any(${`{${some(11).join(',')}}`}::int[])`,
    );
    await db.execute(sql`delete from properties where id = any(${`{${some(13).join(',')}}`}::int[])`);
    expect(await compareAll()).toBeGreaterThan(100);
  });
});
