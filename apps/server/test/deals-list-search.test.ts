/**
 * GET /api/deals?q= and the export's (ADR 0085): every word of `q` starts a word
 * of the deal's property, of the scheme a scheme sale sold, or of one of its parties' names; it
 * combines with the other filters and keeps the sort, the paging and the exact total; hostile text
 * is a 422 or an empty page, never a 500.
 */
import type { DealListItem } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, properties, schemes } from '../src/db/schema';
import { recordDeal } from '../src/modules/deals/deals.service';
import { buildTestApp, testDb, type TestApp } from './helpers';
import { api, buildDealWorld, type DealWorld } from './deals.fixtures';

let t: TestApp;
let w: DealWorld;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
});
afterAll(() => t.close());

/**
 * Three deals: Greggs' letting of the Briggate unit in Leeds (with Nina Tenant as its tenant's
 * contact), the sale of a unit on Market Street, Manchester, to British Land, and the sale of the
 * Arndale scheme it belongs to.
 */
let d: { letting: number; unitSale: number; schemeSale: number };
beforeEach(async () => {
  w = await buildDealWorld(t);
  const db = await testDb();
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Market Street', city: 'Manchester', post_code: 'M1 1AA' })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name: 'Arndale', type: 'Shopping centres', address_id: sa!.id })
    .returning();
  const [ua] = await db
    .insert(addresses)
    .values({ street: 'Market Street', city: 'Manchester', post_code: 'M1 1AB' })
    .returning();
  const [unit] = await db
    .insert(properties)
    .values({ building_num: 'SU7', address_id: ua!.id, scheme_id: scheme!.id })
    .returning();
  const at = (day: number) => ({ now: new Date(Date.UTC(2026, 0, day, 10)) });
  const letting = await recordDeal(
    db,
    w.user,
    {
      deal_type: 'new_letting',
      property_id: w.property.id,
      effective_date: '2026-04-01',
      tenant_id: w.co.newTenant.id,
      tenant_contacts: [w.contacts.newTenant.id],
      rent_pa: '50000',
    },
    at(1),
  );
  const unitSale = await recordDeal(
    db,
    w.admin,
    {
      deal_type: 'sale',
      property_id: unit!.id,
      effective_date: '2025-06-01',
      sale_type: 'vacant_possession',
      sale_price: '900000',
      landlords: [w.co.newLandlord.id],
    },
    at(2),
  );
  const schemeSale = await recordDeal(
    db,
    w.user,
    { deal_type: 'sale', scheme_id: scheme!.id, sale_type: 'investment', sale_price: '5000000' },
    at(3),
  );
  d = { letting: letting.id, unitSale: unitSale.id, schemeSale: schemeSale.id };
});

const list = async (query: string) => {
  const res = await call.get(w.userCookie, `/api/deals?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: DealListItem[]; meta: { pagination: { total: number } } };
};
const ids = async (query: string) => (await list(query)).data.map((r) => r.id);

describe('GET /api/deals?q=', () => {
  it("finds a deal by its unit's street, its tenant, its tenant's contact and its landlord", async () => {
    expect(await ids('q=briggate')).toEqual([d.letting]);
    expect(await ids('q=BRIGG')).toEqual([d.letting]);
    expect(await ids('q=greggs')).toEqual([d.letting]);
    expect(await ids('q=nina')).toEqual([d.letting]);
    expect(await ids('q=british%20land')).toEqual([d.unitSale]);
    expect(await ids('q=land%20brit')).toEqual([d.unitSale]);
  });

  it('finds a scheme sale by its name and address, and a post code', async () => {
    const arndale = await ids('q=arndale');
    expect(arndale).toContain(d.schemeSale);
    expect(arndale).not.toContain(d.letting);
    expect(await ids('q=m1%201aa')).toEqual([d.schemeSale]);
    expect(await ids('q=ls1')).toEqual([d.letting]);
  });

  it('finds nothing for an unrelated word, or for words that no one record holds together', async () => {
    const none = await list('q=zebra');
    expect(none.data).toEqual([]);
    expect(none.meta.pagination.total).toBe(0);
    expect(await ids('q=greggs%20zebra')).toEqual([]);
    // A number is a whole word: "1" is not the start of "12".
    expect(await ids('q=1%20briggate')).toEqual([]);
    expect(await ids('q=12%20briggate')).toEqual([d.letting]);
  });

  it('combines with the other filters and keeps the sort, the paging and the exact total', async () => {
    expect(await ids('q=market&sort=-sale_price')).toEqual([d.schemeSale, d.unitSale]);
    expect(await ids('q=market&sort=sale_price')).toEqual([d.unitSale, d.schemeSale]);
    expect(await ids('q=market&town=Leeds')).toEqual([]);
    expect(await ids('q=greggs&type=sale')).toEqual([]);
    expect(await ids(`q=market&landlord_id=${w.co.newLandlord.id}`)).toEqual([d.unitSale]);
    const second = await list('q=market&sort=-sale_price&per_page=1&page=2');
    expect(second.data.map((r) => r.id)).toEqual([d.unitSale]);
    expect(second.meta.pagination.total).toBe(2);
    // A blank q is no filter.
    expect((await list('q=%20%20')).meta.pagination.total).toBe(3);
  });

  it('exports the deals the search finds', async () => {
    const res = await call.get(w.userCookie, '/api/deals/export?q=greggs');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Greggs');
    const none = await call.get(w.userCookie, '/api/deals/export?q=zebra');
    expect(none.body.trim().split(/\r?\n/)).toHaveLength(1);
  });

  it('answers hostile text with a 422 or an empty page, never a 500', async () => {
    for (const q of ['%00', `a%00b`, 'x'.repeat(10_000), encodeURIComponent('%_\\\'"();--')]) {
      const res = await call.get(w.userCookie, `/api/deals?q=${q}`);
      expect([200, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().data).toEqual([]);
    }
    expect((await call.get(w.userCookie, `/api/deals?q=${'x'.repeat(10_000)}`)).statusCode).toBe(422);
    const punctuation = await list(`q=${encodeURIComponent('!!! --- ...')}`);
    expect(punctuation.data).toEqual([]);
    expect(punctuation.meta.pagination.total).toBe(0);
    const exported = await call.get(w.userCookie, `/api/deals/export?q=%00`);
    expect([200, 422]).toContain(exported.statusCode);
  });
});
