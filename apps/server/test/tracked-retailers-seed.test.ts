import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { SEED_TRACKED_RETAILERS } from '../src/db/seed/tracked-retailers';
import { seedDemo } from '../src/db/seed/seed';
import { TEST_SCRYPT_COST, buildTestApp, resetData, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  await seedDemo(t.db, { scryptCost: TEST_SCRYPT_COST });
});
afterAll(() => t.close());

describe('demo seed: tracked retailers', () => {
  it('tracks 40 real brands with categories, stores in several towns, and every verification state', async () => {
    const rows = await queryRows<{
      name: string;
      state: string;
      stores: number;
      towns: number;
      cats: number;
      recent: number;
    }>(
      t.db,
      sql`select c.name, case when c.is_verified then 'verified' when c.verified_at is not null then 'lapsed' else 'never' end as state,
            c.store_count as stores,
            (select count(distinct lower(a.city))::int from properties p join addresses a on a.id = p.address_id where p.tenant_id = c.id) as towns,
            (select count(*)::int from company_category cc where cc.company_id = c.id) as cats,
            (select count(*)::int from store_events e where e.company_id = c.id and e.on_date > current_date - 365) as recent
          from companies c where c.core_id is not null order by c.name`,
    );
    expect(rows).toHaveLength(SEED_TRACKED_RETAILERS);
    expect(rows.map((r) => r.name)).toContain('Boots');
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['verified', 'lapsed', 'never']));
    for (const r of rows) expect(r.cats).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => r.towns >= 3).length).toBeGreaterThan(30);
    expect(rows.filter((r) => r.recent > 0).length).toBeGreaterThan(10);
  });

  it('keeps store_count equal to the units each company holds, and a lapsed retailer changed after its verification', async () => {
    const [bad] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from companies c where c.store_count <> (select count(*) from properties p where p.tenant_id = c.id)`,
    );
    expect(bad!.n).toBe(0);
    const [order] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from companies where core_id is not null and not is_verified and verified_at is not null
            and not (store_changed_at > verified_at)`,
    );
    expect(order!.n).toBe(0);
    // Nothing the demo shows has happened after today (a move's opening once landed weeks ahead).
    const [future] = await queryRows<{ n: number }>(
      t.db,
      sql`select (select count(*) from store_events where on_date > current_date)::int
               + (select count(*) from companies where store_changed_at > now())::int as n`,
    );
    expect(future!.n).toBe(0);
  });
});
