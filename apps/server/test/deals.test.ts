/**
 * POST /api/deals, the engine (ADR 0043): for each of the six deal types, the payload's
 * own field names, empties omitted, the property's state after, the history the deal wrote and the
 * previous values the deal keeps.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
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

describe('rent review', () => {
  it('sets the rent and review, keeps what it omits, fills the old rent from the property; admin history verified', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'rent_review',
      property_id: w.property.id,
      effective_date: '2021-03-25',
      rent_pa: '45,000',
      rent_sqft: '',
      next_review_date: '2026-03-25',
      tenant_id: null,
      landlords: [],
      incentive: '',
      links: ['https://www.example.co.uk/review'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      deal_type: 'rent_review',
      property_id: w.property.id,
      effective_date: '2021-03-25',
      prev_rent_pa: '40000.00',
      prev_rent_sqft: '40.00',
      rent_pa: '45000.00',
      // Not sent: £45,000 ÷ 1,200 sq ft (ADR 0079).
      rent_sqft: '37.50',
      next_review_date: '2026-03-25',
      currency: 'GBP',
      tenant: { id: w.co.oldTenant.id, name: 'Boots' },
      prev_tenant: { id: w.co.oldTenant.id },
      legal_tenant: { id: w.co.oldLegal.id },
      links: ['https://www.example.co.uk/review'],
    });
    expect(idsOf(deal.landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);

    const p = await call.property(w.adminCookie, w.property.id);
    expect(p).toMatchObject({
      rent_pa: '45000.00',
      rent_sqft: '37.50',
      next_review_date: '2026-03-25',
      tenant_id: w.co.oldTenant.id,
      legal_tenant_id: w.co.oldLegal.id,
      lease_end_date: '2026-03-24',
    });
    expect(idsOf(p.landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(p.tenant_contacts)).toEqual([w.contacts.oldTenant.id]);

    const h = await historyOfDeal(t, deal.id);
    expect(h.map((r) => r.field).sort()).toEqual(['next_review_date', 'rent_pa', 'rent_sqft']);
    expect(h.every((r) => r.source === 'deal' && r.verified && r.entity_type === 'property')).toBe(true);
    expect(h.find((r) => r.field === 'rent_pa')).toMatchObject({
      old_value: '40000.00',
      new_value: '45000.00',
    });
  });
});

describe('lease renewal', () => {
  it("applies the new lease and keeps the payload's own old rent; a user's changes stay unverified", async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'lease_renewal',
      property_id: w.property.id,
      prev_rent_pa: '39000',
      rent_pa: '42000',
      lease_start_date: '2026-03-25',
      lease_end_date: '2036-03-24',
      break_date: '2031-03-25',
      break_clause: 'Tenant only break at year 5',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({ prev_rent_pa: '39000.00', rent_pa: '42000.00', effective_date: null });
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({
      rent_pa: '42000.00',
      lease_start_date: '2026-03-25',
      lease_end_date: '2036-03-24',
      break_date: '2031-03-25',
      break_clause: 'Tenant only break at year 5',
    });
    const h = await historyOfDeal(t, deal.id);
    expect(h.map((r) => r.field).sort()).toEqual([
      'break_clause',
      'break_date',
      'lease_end_date',
      'lease_start_date',
      'rent_pa',
      'rent_sqft',
    ]);
    expect(h.every((r) => !r.verified)).toBe(true);
    expect(p.unverified_history_columns).toEqual(expect.arrayContaining(['rent_pa', 'lease_end_date']));
  });
});

describe('tracked retailer', () => {
  it('replaces the whole tenant side: a new tenant without legal tenant or lists clears them', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'tracked_retailer',
      property_id: w.property.id,
      effective_date: '2025-06-01',
      reason: 'relocation',
      tenant_id: w.co.newTenant.id,
      links: ['www.example.com/opening'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      tenant: { id: w.co.newTenant.id },
      legal_tenant: null,
      prev_tenant: { id: w.co.oldTenant.id },
      prev_legal_tenant: { id: w.co.oldLegal.id },
      reason: 'relocation',
      rent_pa: '40000.00',
      prev_rent_pa: '40000.00',
    });
    expect(idsOf(deal.prev_tenant_agents)).toEqual([w.co.oldTenantAgent.id]);
    expect(idsOf(deal.prev_tenant_contacts)).toEqual([w.contacts.oldTenant.id]);
    expect(deal.tenant_agents).toEqual([]);
    const p = await call.property(w.adminCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.newTenant.id, legal_tenant_id: null, reason: 'relocation' });
    expect(p.tenant_agents).toEqual([]);
    expect(p.tenant_contacts).toEqual([]);
    expect(idsOf(p.landlords)).toEqual([w.co.oldLandlord.id]);
    const fields = (await historyOfDeal(t, deal.id)).map((r) => r.field).sort();
    expect(fields).toEqual(['legal_tenant_id', 'reason', 'tenant_agents', 'tenant_contacts', 'tenant_id']);
  });

  it('without a tenant the unit is now vacant', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'tracked_retailer',
      property_id: w.property.id,
      effective_date: '2025-06-01',
      tenant_id: '',
      tenant_agents: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = await call.property(w.adminCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: null, legal_tenant_id: null, tenant: null });
    expect([p.tenant_agents, p.tenant_agent_contacts, p.tenant_contacts]).toEqual([[], [], []]);
    expect(res.json().data).toMatchObject({ tenant: null, prev_tenant: { id: w.co.oldTenant.id } });
  });
});

describe('sub-letting / assignment', () => {
  it('sets the new occupier and keeps the given previous tenant side', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'subletting',
      property_id: w.property.id,
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
      tenant_contacts: [w.contacts.newTenant.id],
      prev_tenant_id: w.co.oldTenant.id,
      prev_legal_tenant_id: w.co.oldLegal.id,
      prev_tenant_agents: [w.co.newTenantAgent.id],
      rent_pa: '41000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      tenant: { id: w.co.newTenant.id, name: 'Greggs' },
      legal_tenant: { id: w.co.newLegal.id },
      prev_tenant: { id: w.co.oldTenant.id },
      prev_legal_tenant: { id: w.co.oldLegal.id },
    });
    expect(idsOf(deal.prev_tenant_agents)).toEqual([w.co.newTenantAgent.id]);
    expect(idsOf(deal.prev_tenant_contacts)).toEqual([w.contacts.oldTenant.id]);
    expect(deal.tenant_contacts[0]).toMatchObject({
      id: w.contacts.newTenant.id,
      name: 'Nina Tenant',
      company: { id: w.co.newTenant.id, name: 'Greggs' },
    });
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
      rent_pa: '41000.00',
    });
    expect(idsOf(p.tenant_contacts)).toEqual([w.contacts.newTenant.id]);
    // An empty new list takes the payload's previous one (spec B §4's copy rule, ADR 0046).
    expect(idsOf(p.tenant_agents)).toEqual([w.co.newTenantAgent.id]);
  });
});

describe('new letting', () => {
  it('reads tenant_legal_id and prev_tenant_legal_id', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'new_letting',
      property_id: w.property.id,
      effective_date: '2026-04-01',
      tenant_id: w.co.newTenant.id,
      tenant_legal_id: w.co.newLegal.id,
      prev_tenant_legal_id: w.co.newLegal.id,
      tenant_agents: [w.co.newTenantAgent.id],
      rent_pa: '50000',
      lease_start_date: '2026-04-01',
      currency: 'eur',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      tenant: { id: w.co.newTenant.id },
      legal_tenant: { id: w.co.newLegal.id },
      prev_tenant: { id: w.co.oldTenant.id },
      prev_legal_tenant: { id: w.co.newLegal.id },
      prev_rent_pa: '40000.00',
      rent_pa: '50000.00',
      currency: 'EUR',
    });
    expect(idsOf(deal.prev_tenant_agents)).toEqual([w.co.oldTenantAgent.id]);
    const p = await call.property(w.adminCookie, w.property.id);
    expect(p).toMatchObject({
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
      currency: 'EUR',
      lease_start_date: '2026-04-01',
    });
    expect(idsOf(p.tenant_agents)).toEqual([w.co.newTenantAgent.id]);
    const h = await historyOfDeal(t, deal.id);
    expect(h.find((r) => r.field === 'legal_tenant_id')).toMatchObject({
      old_value: w.co.oldLegal.id,
      new_value: w.co.newLegal.id,
      verified: true,
    });
  });
});

describe('sale', () => {
  it('of a property with vacant possession: the purchaser replaces the landlord side; the tenancy is ignored', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'sale',
      property_id: w.property.id,
      effective_date: '2026-01-15',
      sale_type: 'vacant_possession',
      sale_price: '1,250,000',
      landlords: [w.co.newLandlord.id],
      landlord_contacts: [w.contacts.newLandlord.id],
      tenant_id: w.co.newTenant.id,
      rent_pa: '1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      sale_type: 'vacant_possession',
      sale_price: '1250000.00',
      rent_pa: null,
      prev_rent_pa: null,
      tenant: null,
      prev_tenant: null,
      currency: 'GBP',
    });
    expect(idsOf(deal.landlords)).toEqual([w.co.newLandlord.id]);
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(deal.prev_landlord_contacts)).toEqual([w.contacts.oldLandlord.id]);
    expect(idsOf(deal.prev_landlord_agents)).toEqual([w.co.oldLandlordAgent.id]);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.oldTenant.id, rent_pa: '40000.00' });
    expect(idsOf(p.landlords)).toEqual([w.co.newLandlord.id]);
    expect(idsOf(p.landlord_contacts)).toEqual([w.contacts.newLandlord.id]);
    expect(p.landlord_agents).toEqual([]);
    const fields = (await historyOfDeal(t, deal.id)).map((r) => r.field).sort();
    expect(fields).toEqual(['landlord_agents', 'landlord_contacts', 'landlords']);
  });

  it('of a property as an investment: the tenancy applies too', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'sale',
      property_id: w.property.id,
      sale_type: 'investment',
      sale_price: 900000,
      landlords: [w.co.newLandlord.id],
      prev_landlords: [w.co.oldLegal.id],
      rent_pa: '44000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      rent_pa: '44000.00',
      prev_rent_pa: '40000.00',
      tenant: { id: w.co.oldTenant.id },
    });
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLegal.id]);
    expect((await call.property(w.adminCookie, w.property.id)).rent_pa).toBe('44000.00');
  });

  it("of a scheme: the scheme's landlords become the purchaser's and the scheme update applies", async () => {
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/schemes',
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: w.adminCookie },
      payload: {
        name: 'Trinity Leeds',
        type: 'Shopping centres',
        address: { street: 'Albion Street', city: 'Leeds' },
        landlords: [w.co.oldLandlord.id],
        landlord_agents: [w.co.oldLandlordAgent.id],
      },
    });
    expect(s.statusCode, s.body).toBe(201);
    const schemeId = s.json().data.id as number;
    const res = await call.post(w.userCookie, {
      deal_type: 'sale',
      scheme_id: schemeId,
      effective_date: '2026-02-01',
      sale_type: 'investment',
      sale_price: '350000000',
      currency: 'GBP',
      landlords: [w.co.newLandlord.id],
      tenant_id: w.co.newTenant.id,
      planning: 'E',
      scheme: { name: 'Trinity Leeds Shopping', car_spaces: 1200, address: { post_code: 'LS1 5AT' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      property: null,
      scheme: { id: schemeId, name: 'Trinity Leeds Shopping' },
      scheme_id: schemeId,
      tenant: null,
      planning: null,
      currency: 'GBP',
    });
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(deal.prev_landlord_agents)).toEqual([w.co.oldLandlordAgent.id]);
    const scheme = (await call.get(w.userCookie, `/api/schemes/${schemeId}`)).json().data;
    expect(scheme).toMatchObject({ name: 'Trinity Leeds Shopping', car_spaces: 1200 });
    expect(scheme.address.post_code).toBe('LS1 5AT');
    expect(idsOf(scheme.landlords)).toEqual([w.co.newLandlord.id]);
    expect(scheme.landlord_agents).toEqual([]);
    const h = await historyOfDeal(t, deal.id);
    expect(h.map((r) => `${r.entity_type}.${r.field}`).sort()).toEqual([
      'address.post_code',
      'scheme.car_spaces',
      'scheme.landlord_agents',
      'scheme.landlords',
      'scheme.name',
    ]);
    expect(h.every((r) => !r.verified && r.source === 'deal')).toBe(true);
  });
});
