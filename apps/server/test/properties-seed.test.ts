import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DEMO_ADMIN, DEMO_AGENT } from '../src/db/seed/data';
import { SEED_DEAL_COUNT } from '../src/db/seed/deals';
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
    // The whole demo is seeded here, its 300 deals through the deal engine: allow it the time.
  }, 60_000);
  it('records rent reviews, lease renewals and tracked retailers through the deal engine, oldest first', async () => {
    // Seeded by the test above (same database).
    const types = await queryRows<{ deal_type: string; n: number }>(
      t.db,
      sql`select deal_type, count(*)::int n from deals group by 1 order by 1`,
    );
    expect(types.map((r) => r.deal_type)).toEqual(['lease_renewal', 'rent_review', 'tracked_retailer']);
    expect(types.reduce((n, r) => n + r.n, 0)).toBe(SEED_DEAL_COUNT);
    for (const r of types) expect(r.n).toBeGreaterThan(30);

    const [c] = await queryRows<Record<string, number>>(
      t.db,
      sql`select (select count(*)::int from deals d where not exists
                   (select 1 from field_history h where h.deal_id = d.id and h.source = 'deal')) without_history,
                 (select count(*)::int from field_history where source = 'deal' and deal_id is null) history_without_deal,
                 (select count(*)::int from field_history h join deals d on d.id = h.deal_id
                   where h.entity_type <> 'property' or h.entity_id <> d.property_id or h.source <> 'deal'
                      or h.user_id is distinct from d.created_by or h.created_at <> d.created_at) history_astray,
                 (select count(distinct property_id)::int from deals) properties,
                 (select count(*)::int from deals where effective_date < current_date - 5 * 366
                   or effective_date > created_at::date or created_at > now()) out_of_range,
                 (select count(*)::int from deals d join users u on u.id = d.created_by
                   where u.email not in (${DEMO_ADMIN.email}, ${DEMO_AGENT.email})
                      or (d.deal_type = 'tracked_retailer' and u.email <> ${DEMO_ADMIN.email})) wrong_author,
                 (select count(distinct d.created_by)::int from deals d) authors,
                 (select count(*)::int from deals d where not exists
                   (select 1 from deal_parties p where p.deal_id = d.id and p.role = 'tenant')) without_tenant,
                 (select count(*)::int from deals where deal_type = 'tracked_retailer' and not exists
                   (select 1 from field_history h where h.deal_id = deals.id and h.field = 'tenant_id')) retailer_unchanged`,
    );
    expect(c).toMatchObject({
      without_history: 0,
      history_without_deal: 0,
      history_astray: 0,
      out_of_range: 0,
      wrong_author: 0,
      authors: 2,
      without_tenant: 0,
      retailer_unchanged: 0,
    });
    expect(c!.properties).toBeGreaterThan(200);

    // A property shows its latest deal's rent, lease and tenant (deals applied oldest first), and
    // each deal's previous rent is what the property had after the deal before it.
    const mismatched = await queryRows(
      t.db,
      sql`with ranked as (
            select d.*, row_number() over (partition by d.property_id
                      order by d.effective_date desc nulls last, d.created_at desc, d.id desc) as k,
                   lag(d.rent_pa) over (partition by d.property_id
                      order by d.effective_date nulls first, d.created_at, d.id) as earlier_rent
              from deals d)
          select r.id, r.deal_type from ranked r
            join properties p on p.id = r.property_id
            join deal_parties dp on dp.deal_id = r.id and dp.role = 'tenant'
           where (r.k = 1 and (p.rent_pa is distinct from r.rent_pa or p.rent_sqft is distinct from r.rent_sqft
                   or p.tenant_id is distinct from dp.company_id or p.lease_end_date is distinct from r.lease_end_date))
              or (r.earlier_rent is not null and r.prev_rent_pa is distinct from r.earlier_rent)`,
    );
    expect(mismatched).toEqual([]);

    // As the API shows them: a property's deals newest first, each with the changes it made.
    const [latest] = await queryRows<{ id: number; property_id: number }>(
      t.db,
      sql`select id, property_id from deals where deal_type = 'tracked_retailer' order by effective_date desc, id desc limit 1`,
    );
    const cookie = await login(t.app, DEMO_AGENT.email, 'demo-agent-2026');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/properties/${latest!.property_id}/deals`,
        headers: { ...XHR, cookie },
      })
    ).json();
    expect(list.data[0]).toMatchObject({ id: latest!.id, deal_type: 'tracked_retailer' });
    const deal = (
      await t.app.inject({ method: 'GET', url: `/api/deals/${latest!.id}`, headers: { ...XHR, cookie } })
    ).json().data;
    expect(deal.changes.map((ch: { field: string }) => ch.field)).toContain('tenant_id');
    const property = (
      await t.app.inject({
        method: 'GET',
        url: `/api/properties/${latest!.property_id}?include=tenant`,
        headers: { ...XHR, cookie },
      })
    ).json().data;
    expect(property).toMatchObject({ rent_pa: deal.rent_pa, tenant: { id: deal.tenant.id } });
  });
});
