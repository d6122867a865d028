/**
 * Deals on one place apply in order (ADR 0043): simultaneous deals on one
 * property (one scheme) each read the state the previous one left, so their "before" values and
 * the history form one chain and the place ends with the last committed deal's values. On
 * PostgreSQL the deals really run at once (the pool's connections); PGlite serialises them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { XHR, buildTestApp, type TestApp } from './helpers';
import { api, buildDealWorld, idsOf, type DealWorld } from './deals.fixtures';

let t: TestApp;
let w: DealWorld;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildDealWorld(t);
});

/** The deal's history row for one field: its old and new value. */
const historyOf = async (dealId: number, field: string) =>
  queryRows<{ old_value: unknown; new_value: unknown }>(
    t.db,
    sql`select old_value, new_value from field_history where deal_id = ${dealId} and field = ${field}`,
  );

describe('simultaneous deals on one property', () => {
  it('ten rent reviews at once: each one’s previous rent is the one before it, in commit order', async () => {
    const rents = Array.from({ length: 10 }, (_, i) => 11_000 + i * 1_000);
    const answers = await Promise.all(
      rents.map((rent) =>
        call.post(w.userCookie, {
          deal_type: 'rent_review',
          property_id: w.property.id,
          effective_date: '2026-03-25',
          rent_pa: String(rent),
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    // A deal's id is drawn after it holds the property's lock, so ids are the commit order.
    const deals = answers
      .map((res) => res.json().data as { id: number; rent_pa: string; prev_rent_pa: string })
      .sort((a, b) => a.id - b.id);
    let before = '40000.00';
    for (const deal of deals) {
      expect(deal.prev_rent_pa).toBe(before);
      const [h, ...more] = await historyOf(deal.id, 'rent_pa');
      expect(more).toEqual([]);
      expect([Number(h!.old_value), Number(h!.new_value)]).toEqual([Number(before), Number(deal.rent_pa)]);
      before = deal.rent_pa;
    }
    // Every rent applied once: the chain holds all ten, and the property ends on the last one.
    expect(deals.map((d) => Number(d.rent_pa)).sort((a, b) => a - b)).toEqual(rents);
    expect((await call.property(w.userCookie, w.property.id)).rent_pa).toBe(deals.at(-1)!.rent_pa);
  });

  it('new lettings at once: each one’s previous tenant is the one the deal before it let to', async () => {
    const tenants = [w.co.newTenant, w.co.newLegal, w.co.oldLandlord, w.co.newLandlord, w.co.oldTenantAgent];
    const answers = await Promise.all(
      tenants.map((c) =>
        call.post(w.userCookie, {
          deal_type: 'new_letting',
          property_id: w.property.id,
          effective_date: '2026-04-01',
          tenant_id: c.id,
          rent_pa: '50000',
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const deals = answers
      .map((res) => res.json().data as { id: number; tenant: { id: number }; prev_tenant: { id: number } })
      .sort((a, b) => a.id - b.id);
    let before = w.co.oldTenant.id;
    for (const deal of deals) {
      expect(deal.prev_tenant.id).toBe(before);
      before = deal.tenant.id;
    }
    expect((await call.property(w.userCookie, w.property.id)).tenant.id).toBe(before);
    // The stores kept by the trigger agree: one unit, let last to the last deal's tenant.
    const stores = await queryRows<{ id: number; store_count: number }>(
      t.db,
      sql`select id, store_count from companies where store_count <> 0`,
    );
    expect(stores).toEqual([{ id: before, store_count: 1 }]);
  });
});

describe('simultaneous sales of one scheme', () => {
  it("each sale's previous landlords are the landlords the sale before it sold to", async () => {
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/schemes',
      headers: { ...XHR, cookie: w.adminCookie },
      payload: {
        name: 'Trinity Leeds',
        type: 'Shopping centres',
        address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
        landlords: [w.co.oldLandlord.id],
      },
    });
    expect(s.statusCode, s.body).toBe(201);
    const schemeId = s.json().data.id as number;
    const buyers = [w.co.newLandlord, w.co.newLandlordAgent, w.co.oldLandlordAgent, w.co.newTenantAgent];
    const answers = await Promise.all(
      buyers.map((c) =>
        call.post(w.userCookie, {
          deal_type: 'sale',
          scheme_id: schemeId,
          effective_date: '2026-02-01',
          sale_type: 'investment',
          sale_price: '1000000',
          landlords: [c.id],
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const deals = answers
      .map(
        (res) =>
          res.json().data as {
            id: number;
            landlords: Array<{ id: number }>;
            prev_landlords: Array<{ id: number }>;
          },
      )
      .sort((a, b) => a.id - b.id);
    let before = [w.co.oldLandlord.id];
    for (const deal of deals) {
      expect(idsOf(deal.prev_landlords)).toEqual(before);
      const [h] = await historyOf(deal.id, 'landlords');
      expect(h?.old_value).toEqual(before);
      before = idsOf(deal.landlords);
    }
    const scheme = (await call.get(w.userCookie, `/api/schemes/${schemeId}`)).json().data;
    expect(idsOf(scheme.landlords)).toEqual(before);
  });
});
