/**
 * A sale of a unit in a scheme (`property_id` of the unit) changes
 * that unit's landlord side only. The scheme's landlords, its fields and its other units stay as
 * they were; the scheme is sold from the scheme (`scheme_id`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, type TestApp } from './helpers';
import { api, buildDealWorld, historyOfDeal, idsOf, type DealWorld } from './deals.fixtures';

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

const post = async (url: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, cookie: w.adminCookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};

/** A scheme owned by the old landlord side, with two units that take its landlord lists. */
const buildScheme = async () => {
  const scheme = await post('/api/schemes', {
    name: 'Coventry Mall',
    type: 'Shopping centres',
    address: { street: 'Hertford Street', city: 'Coventry', post_code: 'CV1 1LF' },
    landlords: [w.co.oldLandlord.id],
    landlord_contacts: [w.contacts.oldLandlord.id],
    landlord_agents: [w.co.oldLandlordAgent.id],
  });
  const unit4 = await post(`/api/schemes/${scheme.id}/properties`, {
    building_num: 'Unit 4',
    company_id: w.co.oldTenant.id,
    rent_pa: '38000',
  });
  const unit5 = await post(`/api/schemes/${scheme.id}/properties`, { building_num: 'Unit 5' });
  return { scheme, unit4, unit5 };
};

/** A place's landlord side as read. */
const landlordSide = (p: Record<string, Array<{ id: number }>>) => ({
  landlords: idsOf(p.landlords),
  landlord_contacts: idsOf(p.landlord_contacts),
  landlord_agents: idsOf(p.landlord_agents),
  landlord_agent_contacts: idsOf(p.landlord_agent_contacts),
});

describe('sale of a unit in a scheme', () => {
  it("changes the unit's landlords and not the scheme's, nor its other units", async () => {
    const { scheme, unit4, unit5 } = await buildScheme();
    const schemeBefore = (await call.get(w.userCookie, `/api/schemes/${scheme.id}`)).json().data;
    const unit5Before = await call.property(w.userCookie, unit5.id);

    const res = await call.post(w.userCookie, {
      deal_type: 'sale',
      property_id: unit4.id,
      effective_date: '2026-05-01',
      sale_type: 'vacant_possession',
      sale_price: '950000',
      landlords: [w.co.newLandlord.id],
      landlord_contacts: [w.contacts.newLandlord.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({ deal_type: 'sale', property_id: unit4.id, scheme_id: null });
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(deal.landlords)).toEqual([w.co.newLandlord.id]);

    const unit = await call.property(w.userCookie, unit4.id);
    expect(landlordSide(unit)).toEqual({
      landlords: [w.co.newLandlord.id],
      landlord_contacts: [w.contacts.newLandlord.id],
      landlord_agents: [],
      landlord_agent_contacts: [],
    });
    // Sold with vacant possession: the unit's tenancy is not the sale's.
    expect(unit).toMatchObject({ tenant_id: w.co.oldTenant.id, rent_pa: '38000.00', scheme_id: scheme.id });

    const schemeAfter = (await call.get(w.userCookie, `/api/schemes/${scheme.id}`)).json().data;
    expect(landlordSide(schemeAfter)).toEqual(landlordSide(schemeBefore));
    expect(landlordSide(schemeAfter).landlords).toEqual([w.co.oldLandlord.id]);
    expect(schemeAfter).toMatchObject({ name: 'Coventry Mall', type: 'Shopping centres' });
    expect(await call.property(w.userCookie, unit5.id)).toEqual(unit5Before);

    // Every history row the deal wrote is the unit's.
    const history = await historyOfDeal(t, deal.id);
    expect(history.map((r) => `${r.entity_type}.${r.field}`).sort()).toEqual([
      'property.landlord_agents',
      'property.landlord_contacts',
      'property.landlords',
    ]);
    // The scheme's deals list the unit's sale as a deal on one of its units, not a sale of it.
    const listed = (await call.get(w.userCookie, `/api/deals?scheme_id=${scheme.id}`)).json().data;
    expect(
      listed.map((d: { id: number; property: { id: number } | null }) => [d.id, d.property?.id]),
    ).toEqual([[deal.id, unit4.id]]);
  });

  it("a later sale of the scheme changes the scheme's landlords and leaves the sold unit's", async () => {
    const { scheme, unit4 } = await buildScheme();
    const unitSale = await call.post(w.userCookie, {
      deal_type: 'sale',
      property_id: unit4.id,
      sale_type: 'investment',
      landlords: [w.co.newLandlord.id],
    });
    expect(unitSale.statusCode, unitSale.body).toBe(201);
    const schemeSale = await call.post(w.userCookie, {
      deal_type: 'sale',
      scheme_id: scheme.id,
      sale_type: 'investment',
      landlords: [w.co.newLandlordAgent.id],
    });
    expect(schemeSale.statusCode, schemeSale.body).toBe(201);
    const schemeAfter = (await call.get(w.userCookie, `/api/schemes/${scheme.id}`)).json().data;
    expect(idsOf(schemeAfter.landlords)).toEqual([w.co.newLandlordAgent.id]);
    expect(idsOf((await call.property(w.userCookie, unit4.id)).landlords)).toEqual([w.co.newLandlord.id]);
  });
});
