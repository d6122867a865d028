import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DEMO_AGENT } from '../src/db/seed/data';
import { SEED_PROPERTY_COUNT, SEED_SCHEME_COUNT } from '../src/db/seed/places';
import { seedDemo } from '../src/db/seed/seed';
import { TEST_SCRYPT_COST, XHR, buildTestApp, login, resetData, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
});
afterAll(() => t.close());

describe('places seed step', () => {
  it('seeds ~300 schemes and ~5,000 properties in UK towns with parties, leases and history', async () => {
    const counts = await seedDemo(t.db, { scryptCost: TEST_SCRYPT_COST });
    expect(counts).toMatchObject({ schemes: SEED_SCHEME_COUNT, properties: SEED_PROPERTY_COUNT });
    const [c] = await queryRows<Record<string, number>>(
      t.db,
      sql`select (select count(*)::int from schemes) schemes,
                 (select count(*)::int from properties) properties,
                 (select count(*)::int from properties where scheme_id is not null) units,
                 (select count(*)::int from properties where tenant_id is null) vacant,
                 (select count(*)::int from addresses where lat between 49.8 and 60.9 and lng between -8.7 and 1.8) in_uk,
                 (select count(*)::int from addresses) addresses,
                 (select count(distinct city)::int from addresses) towns,
                 (select count(*)::int from property_parties where role = 'landlord') landlord_rows,
                 (select count(*)::int from field_history where not verified) unverified,
                 (select count(*)::int from field_history where verified) verified,
                 (select count(*)::int from schemes s where not exists (select 1 from properties p where p.scheme_id = s.id)) empty_schemes`,
    );
    expect(c!.schemes).toBe(SEED_SCHEME_COUNT);
    expect(c!.properties).toBe(SEED_PROPERTY_COUNT);
    expect(c!.units).toBeGreaterThan(1500);
    expect(c!.vacant).toBeGreaterThan(300);
    expect(c!.vacant).toBeLessThan(1500);
    expect(c!.in_uk).toBe(c!.addresses);
    expect(c!.towns).toBeGreaterThanOrEqual(75);
    expect(c!.landlord_rows).toBeGreaterThanOrEqual(SEED_PROPERTY_COUNT);
    expect(c!.unverified).toBeGreaterThan(50);
    expect(c!.verified).toBeGreaterThan(50);
    expect(c!.empty_schemes).toBe(0);

    // My Properties of the demo agent is not empty.
    const cookie = await login(t.app, 'agent@example.com', 'demo-agent-2026');
    const mine = (
      await t.app.inject({
        method: 'GET',
        url: '/api/properties?mine=1&per_page=5',
        headers: { ...XHR, cookie },
      })
    ).json();
    expect(mine.meta.pagination.total).toBeGreaterThan(50);
    expect(DEMO_AGENT.companyName).toBeTruthy();

    // A scheme's units share its landlords and sit within 0.0002° of its point.
    const [far] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int n from properties p join addresses a on a.id = p.address_id join schemes s on s.id = p.scheme_id
          join addresses sa on sa.id = s.address_id where abs(a.lat - sa.lat) > 0.0002 or abs(a.lng - sa.lng) > 0.0002`,
    );
    expect(far!.n).toBe(0);
  });
});
