/**
 * The sale, sub-letting and new letting deal types through POST /api/deals (ADR 0043, ADR 0046): a property sold under each
 * sale type, a whole scheme sold (its fields and landlords in the deal's transaction, nothing
 * written when the scheme part fails), a new letting (the spec's field names, the whole new
 * tenant side) and a sub-letting (spec B §4's previous → new copy rule, per field).
 */
import { API_MESSAGES, PROPERTY_MESSAGES, SALE_TYPES, SCHEME_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, tableFingerprint, type TestApp } from './helpers';
import { api, buildDealWorld, counts, historyOfDeal, idsOf, type DealWorld } from './deals.fixtures';

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

describe('sale of a property', () => {
  it.each(SALE_TYPES.map((s) => [s]))(
    '%s: the purchaser replaces the landlord side; the tenancy applies only when sold with it',
    async (saleType) => {
      const withTenancy = saleType === 'investment' || saleType === 'sale_and_lease_back';
      const res = await call.post(w.userCookie, {
        deal_type: 'sale',
        property_id: w.property.id,
        effective_date: '2026-05-01',
        sale_type: saleType,
        sale_price: '1,500,000.00',
        landlords: [w.co.newLandlord.id],
        landlord_contacts: [w.contacts.newLandlord.id],
        tenant_id: w.co.newTenant.id,
        legal_tenant_id: w.co.newLegal.id,
        rent_pa: '55000',
        lease_end_date: '2036-04-30',
      });
      expect(res.statusCode, res.body).toBe(201);
      const deal = res.json().data;
      expect(deal).toMatchObject({
        deal_type: 'sale',
        sale_type: saleType,
        sale_price: '1500000.00',
        effective_date: '2026-05-01',
      });
      // The previous landlord side is on the deal whatever the sale type.
      expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);
      expect(idsOf(deal.prev_landlord_contacts)).toEqual([w.contacts.oldLandlord.id]);
      expect(idsOf(deal.prev_landlord_agents)).toEqual([w.co.oldLandlordAgent.id]);
      expect(idsOf(deal.landlords)).toEqual([w.co.newLandlord.id]);
      const p = await call.property(w.userCookie, w.property.id);
      expect(idsOf(p.landlords)).toEqual([w.co.newLandlord.id]);
      expect(idsOf(p.landlord_contacts)).toEqual([w.contacts.newLandlord.id]);
      expect(p.landlord_agents).toEqual([]);
      if (withTenancy) {
        expect(deal).toMatchObject({
          tenant: { id: w.co.newTenant.id },
          legal_tenant: { id: w.co.newLegal.id },
          prev_tenant: { id: w.co.oldTenant.id },
          prev_legal_tenant: { id: w.co.oldLegal.id },
          rent_pa: '55000.00',
          rent_sqft: '45.83',
          prev_rent_pa: '40000.00',
          lease_end_date: '2036-04-30',
          lease_start_date: '2016-03-25',
        });
        expect(p).toMatchObject({
          tenant_id: w.co.newTenant.id,
          legal_tenant_id: w.co.newLegal.id,
          rent_pa: '55000.00',
          lease_end_date: '2036-04-30',
        });
      } else {
        expect(deal).toMatchObject({
          tenant: null,
          legal_tenant: null,
          prev_tenant: null,
          rent_pa: null,
          prev_rent_pa: null,
          lease_end_date: null,
          lease_start_date: null,
        });
        expect(p).toMatchObject({
          tenant_id: w.co.oldTenant.id,
          legal_tenant_id: w.co.oldLegal.id,
          rent_pa: '40000.00',
          lease_end_date: '2026-03-24',
        });
      }
      const fields = (await historyOfDeal(t, deal.id)).map((r) => r.field).sort();
      expect(fields).toEqual(
        withTenancy
          ? [
              'landlord_agents',
              'landlord_contacts',
              'landlords',
              'lease_end_date',
              'legal_tenant_id',
              'rent_pa',
              // £55,000 ÷ 1,200 sq ft (ADR 0079).
              'rent_sqft',
              'tenant_id',
            ]
          : ['landlord_agents', 'landlord_contacts', 'landlords'],
      );
    },
  );
});

describe('sale of a scheme', () => {
  const buildScheme = async () => {
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/schemes',
      headers: { ...XHR, cookie: w.adminCookie },
      payload: {
        name: 'Trinity Leeds',
        type: 'Shopping centres',
        opened_at: 2013,
        car_spaces: 800,
        is_under_construction: false,
        address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
        landlords: [w.co.oldLandlord.id],
        landlord_contacts: [w.contacts.oldLandlord.id],
        landlord_agents: [w.co.oldLandlordAgent.id],
      },
    });
    expect(s.statusCode, s.body).toBe(201);
    return s.json().data.id as number;
  };
  const schemeOf = async (id: number) => (await call.get(w.userCookie, `/api/schemes/${id}`)).json().data;

  it("changes the scheme's fields, address and landlord lists in the deal's transaction", async () => {
    const schemeId = await buildScheme();
    const res = await call.post(w.userCookie, {
      deal_type: 'sale',
      scheme_id: schemeId,
      effective_date: '2026-02-01',
      sale_type: 'investment',
      sale_price: '350000000',
      landlords: [w.co.newLandlord.id],
      landlord_agents: [w.co.newLandlordAgent.id],
      scheme: {
        name: 'Trinity Leeds Shopping',
        type: 'Leisure',
        opened: '2014',
        car_spaces: '1200',
        under_construction: true,
        address: { street: 'Briggate', post_code: 'LS1 5AY' },
        landlord_contacts: [w.contacts.newLandlord.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    const scheme = await schemeOf(schemeId);
    expect(scheme).toMatchObject({
      name: 'Trinity Leeds Shopping',
      type: 'Leisure',
      opened_at: 2014,
      car_spaces: 1200,
      is_under_construction: true,
    });
    expect(scheme.address).toMatchObject({ street: 'Briggate', city: 'Leeds', post_code: 'LS1 5AY' });
    expect(idsOf(scheme.landlords)).toEqual([w.co.newLandlord.id]);
    expect(idsOf(scheme.landlord_agents)).toEqual([w.co.newLandlordAgent.id]);
    expect(idsOf(scheme.landlord_contacts)).toEqual([w.contacts.newLandlord.id]);
    expect(idsOf(deal.prev_landlords)).toEqual([w.co.oldLandlord.id]);
    expect(idsOf(deal.prev_landlord_contacts)).toEqual([w.contacts.oldLandlord.id]);
    const h = await historyOfDeal(t, deal.id);
    expect(h.map((r) => `${r.entity_type}.${r.field}`).sort()).toEqual([
      'address.post_code',
      'address.street',
      'scheme.car_spaces',
      'scheme.is_under_construction',
      'scheme.landlord_agents',
      'scheme.landlord_contacts',
      'scheme.landlords',
      'scheme.name',
      'scheme.opened_at',
      'scheme.type',
    ]);
    expect(h.every((r) => r.source === 'deal')).toBe(true);
  });

  it('writes nothing when the scheme part fails: an unknown landlord or a bad scheme field', async () => {
    const schemeId = await buildScheme();
    const before = await tableFingerprint();
    const beforeCounts = await counts(t);
    const sale = (scheme: object) =>
      call.post(w.userCookie, {
        deal_type: 'sale',
        scheme_id: schemeId,
        sale_type: 'investment',
        sale_price: '1000000',
        landlords: [w.co.newLandlord.id],
        scheme,
      });
    const unknown = await sale({ name: 'Renamed', landlords: [999_999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      message: API_MESSAGES.invalidData,
      errors: { 'scheme.landlords.0': [PROPERTY_MESSAGES.companyMissing] },
    });
    const badField = await sale({ name: 'Renamed', car_spaces: -1 });
    expect(badField.statusCode).toBe(422);
    expect(badField.json().errors).toEqual({ 'scheme.car_spaces': [SCHEME_MESSAGES.carSpaces] });
    const badYear = await sale({ opened: '20x4' });
    expect(badYear.statusCode).toBe(422);
    expect(badYear.json().errors).toEqual({ 'scheme.opened': [SCHEME_MESSAGES.openedYear] });
    expect(await counts(t)).toEqual(beforeCounts);
    expect(await tableFingerprint()).toEqual(before);
    expect((await schemeOf(schemeId)).name).toBe('Trinity Leeds');
  });
});

describe('new letting', () => {
  it('applies tenant_legal_id, keeps prev_tenant_legal_id and effective_date, and replaces the whole tenant side', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'new_letting',
      property_id: w.property.id,
      effective_date: '2026-06-24',
      tenant_id: w.co.newTenant.id,
      tenant_legal_id: w.co.newLegal.id,
      prev_tenant_id: w.co.oldTenant.id,
      prev_tenant_legal_id: w.co.oldLegal.id,
      tenant_contacts: [w.contacts.newTenant.id],
      rent_pa: '52000',
      lease_start_date: '2026-06-24',
      lease_end_date: '2036-06-23',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      deal_type: 'new_letting',
      effective_date: '2026-06-24',
      tenant: { id: w.co.newTenant.id },
      legal_tenant: { id: w.co.newLegal.id },
      prev_tenant: { id: w.co.oldTenant.id },
      prev_legal_tenant: { id: w.co.oldLegal.id },
      rent_pa: '52000.00',
      prev_rent_pa: '40000.00',
    });
    // The old tenant side is kept on the deal; the new side is exactly what was sent.
    expect(idsOf(deal.prev_tenant_agents)).toEqual([w.co.oldTenantAgent.id]);
    expect(idsOf(deal.prev_tenant_contacts)).toEqual([w.contacts.oldTenant.id]);
    expect(deal.tenant_agents).toEqual([]);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
      lease_end_date: '2036-06-23',
    });
    expect(p.tenant_agents).toEqual([]);
    expect(idsOf(p.tenant_contacts)).toEqual([w.contacts.newTenant.id]);
    // Landlords are not part of a letting's new side: they stay.
    expect(idsOf(p.landlords)).toEqual([w.co.oldLandlord.id]);
  });

  it('without a legal tenant or tenant lists the unit has none after it', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'new_letting',
      property_id: w.property.id,
      effective_date: '2026-06-24',
      tenant_id: w.co.newTenant.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.newTenant.id, legal_tenant_id: null });
    expect(p.tenant_agents).toEqual([]);
    expect(p.tenant_contacts).toEqual([]);
    expect(res.json().data.legal_tenant).toBeNull();
  });

  it('accepts the legal tenant only under its spec name: legal_tenant_id is ignored', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'new_letting',
      property_id: w.property.id,
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call.property(w.userCookie, w.property.id)).legal_tenant_id).toBeNull();
  });
});

describe('sub-letting / assignment: an empty new field takes the previous one', () => {
  it("copies each empty field from the payload's prev_ value, else keeps the property's", async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'subletting',
      property_id: w.property.id,
      effective_date: '2026-07-01',
      tenant_id: w.co.newTenant.id,
      // No legal tenant: the head tenant stays the legal tenant (the payload's previous one).
      prev_legal_tenant_id: w.co.newLegal.id,
      // Tenant agents empty, previous given: copied.
      prev_tenant_agents: [w.co.newTenantAgent.id],
      // Tenant contacts given: kept as given, not copied.
      tenant_contacts: [w.contacts.newTenant.id],
      prev_tenant_contacts: [w.contacts.oldTenant.id],
      // Tenant agent contacts: neither given, the property's (none) stay.
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      tenant: { id: w.co.newTenant.id },
      legal_tenant: { id: w.co.newLegal.id },
      prev_tenant: { id: w.co.oldTenant.id },
      prev_legal_tenant: { id: w.co.newLegal.id },
    });
    expect(idsOf(deal.tenant_agents)).toEqual([w.co.newTenantAgent.id]);
    expect(idsOf(deal.tenant_contacts)).toEqual([w.contacts.newTenant.id]);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.newTenant.id, legal_tenant_id: w.co.newLegal.id });
    expect(idsOf(p.tenant_agents)).toEqual([w.co.newTenantAgent.id]);
    expect(idsOf(p.tenant_contacts)).toEqual([w.contacts.newTenant.id]);
    expect(p.tenant_agent_contacts).toEqual([]);
  });

  it("with nothing but a new rent, every tenant field keeps the property's value", async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'subletting',
      property_id: w.property.id,
      rent_pa: '30000',
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    expect(deal).toMatchObject({
      tenant: { id: w.co.oldTenant.id },
      legal_tenant: { id: w.co.oldLegal.id },
      prev_tenant: { id: w.co.oldTenant.id },
      rent_pa: '30000.00',
    });
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.oldTenant.id, legal_tenant_id: w.co.oldLegal.id });
    expect(idsOf(p.tenant_agents)).toEqual([w.co.oldTenantAgent.id]);
    expect(idsOf(p.tenant_contacts)).toEqual([w.contacts.oldTenant.id]);
    expect((await historyOfDeal(t, deal.id)).map((r) => r.field)).toEqual(['rent_pa', 'rent_sqft']);
  });

  it('a given new tenant is never overwritten by the previous one', async () => {
    const res = await call.post(w.userCookie, {
      deal_type: 'subletting',
      property_id: w.property.id,
      tenant_id: w.co.newTenant.id,
      legal_tenant_id: w.co.newLegal.id,
      prev_tenant_id: w.co.oldTenant.id,
      prev_legal_tenant_id: w.co.oldLegal.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ tenant_id: w.co.newTenant.id, legal_tenant_id: w.co.newLegal.id });
  });
});
