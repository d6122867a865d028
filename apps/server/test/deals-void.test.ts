/**
 * Correcting and voiding a deal (ADR 0077): a void restores what the deal changed on
 * the property (tenant, rent, lease, parties, areas, address) where the property still holds the
 * deal's values, each restoration a history row naming the void; a field a later edit overwrote
 * is left and listed; a correction re-applies the corrected values the same way. A voided deal
 * stays readable by id and leaves every list, count and comparable.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
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

const send = (method: 'PUT' | 'DELETE', cookie: string, url: string, payload: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie, ...headers }, payload });
const voidDeal = (cookie: string, id: number, reason = 'Recorded on the wrong unit') =>
  send('DELETE', cookie, `/api/deals/${id}`, { reason });
const editProperty = async (payload: object) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/properties/${w.property.id}`,
    headers: { ...XHR, cookie: w.adminCookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const letting = (extra: object = {}) => ({
  deal_type: 'new_letting',
  property_id: w.property.id,
  effective_date: '2026-04-01',
  tenant_id: w.co.newTenant.id,
  tenant_legal_id: w.co.newLegal.id,
  rent_pa: '50000',
  lease_start_date: '2026-04-01',
  lease_end_date: '2036-03-31',
  tenant_agents: [w.co.newTenantAgent.id],
  tenant_contacts: [w.contacts.newTenant.id],
  ...extra,
});

const record = async (payload: object, cookie = w.userCookie) => {
  const res = await call.post(cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: string };
};

/** The property as the tests compare it: the fields a letting changes. */
const tenancy = async () => {
  const p = await call.property(w.userCookie, w.property.id);
  return {
    tenant: p.tenant?.id ?? null,
    legal_tenant: p.legal_tenant?.id ?? null,
    rent_pa: p.rent_pa,
    lease_start_date: p.lease_start_date,
    lease_end_date: p.lease_end_date,
    tenant_agents: idsOf(p.tenant_agents),
    tenant_contacts: idsOf(p.tenant_contacts),
  };
};

describe('voiding a deal', () => {
  it('restores the tenant, rent, lease and parties, each a history row naming the void', async () => {
    const before = await tenancy();
    const deal = await record(letting());
    expect((await tenancy()).tenant).toBe(w.co.newTenant.id);

    const res = await voidDeal(w.userCookie, deal.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: 'The deal has been voided.',
      data: {
        id: deal.id,
        void_reason: 'Recorded on the wrong unit',
        voided_by: { id: w.user.id },
        void_left_fields: [],
      },
      meta: { left_fields: [] },
    });
    expect(await tenancy()).toEqual(before);

    const rows = await historyOfDeal(t, deal.id);
    const voided = rows.filter((r) => r.source === 'deal_void');
    expect(voided.map((r) => r.field).sort()).toEqual(
      rows
        .filter((r) => r.source === 'deal')
        .map((r) => r.field)
        .sort(),
    );
    const tenantRow = voided.find((r) => r.field === 'tenant_id')!;
    expect([tenantRow.old_value, tenantRow.new_value]).toEqual([w.co.newTenant.id, w.co.oldTenant.id]);

    // The property's history names the voided deal by its type.
    const history = await call.get(w.userCookie, `/api/properties/${w.property.id}/history?per_page=100`);
    const entry = history.json().data.find((h: { source: string }) => h.source === 'deal_void');
    expect(entry).toMatchObject({ deal_id: deal.id, deal_type: 'new_letting' });
  });

  it('leaves a field a later edit overwrote, and lists it', async () => {
    const deal = await record(letting());
    await editProperty({ rent_pa: '52000', tenant_contacts: [w.contacts.oldLandlord.id] });
    const res = await voidDeal(w.userCookie, deal.id);
    expect(res.statusCode, res.body).toBe(200);
    // The edit's rent also worked out a new rent per sq ft (ADR 0079): both are the edit's now.
    const left = [
      { entity_type: 'property', entity_id: w.property.id, field: 'rent_pa' },
      { entity_type: 'property', entity_id: w.property.id, field: 'rent_sqft' },
      { entity_type: 'property', entity_id: w.property.id, field: 'tenant_contacts' },
    ];
    expect(res.json().meta.left_fields).toEqual(left);
    expect(await tenancy()).toMatchObject({
      tenant: w.co.oldTenant.id,
      rent_pa: '52000.00',
      tenant_contacts: [w.contacts.oldLandlord.id],
      tenant_agents: [w.co.oldTenantAgent.id],
    });
    // The voided deal keeps them, as GET reads it.
    const read = await call.get(w.userCookie, `/api/deals/${deal.id}`);
    expect(read.json().data.void_left_fields).toEqual(left);
  });

  it('restores the areas and the address the wizard changed with the deal', async () => {
    const deal = await record(
      letting({
        address: { unit: '12A', post_code: 'LS1 6HE' },
        areas: { area_size_type: 'sqft', itza_area: 520, nia_sqrt: 1300 },
      }),
    );
    await voidDeal(w.userCookie, deal.id);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ building_num: '12', itza_area: 500, nia_sqrt: 1200 });
    expect(p.address.post_code).toBe('LS1 6HD');
  });

  it('restores a scheme sale’s landlords on the scheme', async () => {
    const scheme = await t.app.inject({
      method: 'POST',
      url: '/api/schemes',
      headers: { ...XHR, cookie: w.adminCookie },
      payload: {
        name: 'Trinity Leeds',
        type: 'Shopping centres',
        landlords: [w.co.oldLandlord.id],
        address: { street: 'Albion St', city: 'Leeds', post_code: 'LS1 5AT' },
      },
    });
    expect(scheme.statusCode, scheme.body).toBe(201);
    const id = scheme.json().data.id as number;
    const sale = await record({
      deal_type: 'sale',
      scheme_id: id,
      effective_date: '2026-05-01',
      sale_price: '30000000',
      landlords: [w.co.newLandlord.id],
    });
    const landlords = async () =>
      idsOf((await call.get(w.userCookie, `/api/schemes/${id}`)).json().data.landlords);
    expect(await landlords()).toEqual([w.co.newLandlord.id]);
    expect((await voidDeal(w.userCookie, sale.id)).statusCode).toBe(200);
    expect(await landlords()).toEqual([w.co.oldLandlord.id]);
  });

  it('takes the deal out of every list, count and comparable; it stays readable by id', async () => {
    const deal = await record(letting({ rent_sqft: '41.67' }));
    const listed = async () => ({
      deals: (await call.get(w.userCookie, '/api/deals')).json().meta.pagination.total,
      filtered: (await call.get(w.userCookie, `/api/deals?property_id=${w.property.id}`)).json().meta
        .pagination.total,
      property: (await call.get(w.userCookie, `/api/properties/${w.property.id}/deals`)).json().meta
        .pagination.total,
      comparables: (await queryRows(t.db, sql`select deal_id from deal_comparables`)).length,
      counted: (
        await queryRows<{ n: number }>(
          t.db,
          sql`select n::int as n from row_counts where table_name = 'deals'`,
        )
      )[0]?.n,
    });
    expect(await listed()).toEqual({ deals: 1, filtered: 1, property: 1, comparables: 1, counted: 1 });
    await voidDeal(w.userCookie, deal.id);
    expect(await listed()).toEqual({ deals: 0, filtered: 0, property: 0, comparables: 0, counted: 0 });
    const exported = await call.get(w.userCookie, '/api/deals/export');
    expect(exported.headers['x-total-count']).toBe('0');

    const read = await call.get(w.userCookie, `/api/deals/${deal.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBeUndefined();
    expect(read.json().data).toMatchObject({
      id: deal.id,
      deal_type: 'new_letting',
      rent_pa: '50000.00',
      tenant: { id: w.co.newTenant.id, name: 'Greggs' },
      voided_by: { id: w.user.id, name: w.user.name },
      void_reason: 'Recorded on the wrong unit',
    });
    expect(read.json().data.voided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // It keeps its history: what the deal changed, and what the void restored.
    expect(read.json().data.changes.length).toBeGreaterThan(0);
  });
});

describe('correcting a deal', () => {
  const review = (extra: object = {}) => ({
    deal_type: 'rent_review',
    property_id: w.property.id,
    effective_date: '2021-03-25',
    rent_pa: '45000',
    break_date: '2024-03-25',
    ...extra,
  });

  it('re-applies the corrected values: one history row per field, the deal’s before side kept', async () => {
    const deal = await record(review());
    const res = await send(
      'PUT',
      w.userCookie,
      `/api/deals/${deal.id}`,
      review({ rent_pa: '47000', break_date: null }),
      {
        'if-match': `"${deal.version}"`,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { id: deal.id, rent_pa: '47000.00', prev_rent_pa: '40000.00', break_date: null },
      meta: { left_fields: [] },
    });
    expect(res.headers.etag).toBe(`"${res.json().data.version}"`);
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ rent_pa: '47000.00', break_date: null });
    const corrections = (await historyOfDeal(t, deal.id)).filter((r) => r.source === 'deal_correction');
    expect(corrections.map((r) => [r.field, r.old_value, r.new_value]).sort()).toEqual([
      ['break_date', '2024-03-25', null],
      ['rent_pa', '45000.00', '47000.00'],
      // Rent ÷ NIA follows the corrected rent (ADR 0079).
      ['rent_sqft', '37.50', '39.17'],
    ]);
    // Voided after the correction, the property is back where it was before the deal.
    await voidDeal(w.userCookie, deal.id);
    expect(await call.property(w.userCookie, w.property.id)).toMatchObject({
      rent_pa: '40000.00',
      break_date: null,
    });
  });

  it('leaves a field a later edit overwrote, and lists it', async () => {
    const deal = await record(review());
    await editProperty({ rent_pa: '46000' });
    const res = await send(
      'PUT',
      w.userCookie,
      `/api/deals/${deal.id}`,
      review({ rent_pa: '47000', break_date: '2025-03-25' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.left_fields).toEqual([
      { entity_type: 'property', entity_id: w.property.id, field: 'rent_pa' },
      { entity_type: 'property', entity_id: w.property.id, field: 'rent_sqft' },
    ]);
    expect(res.json().data).toMatchObject({ rent_pa: '47000.00', prev_rent_pa: '40000.00' });
    expect(await call.property(w.userCookie, w.property.id)).toMatchObject({
      rent_pa: '46000.00',
      break_date: '2025-03-25',
    });
  });

  it('a letting corrected to another tenant: the tenant side moves, the deal’s parties are rewritten', async () => {
    const deal = await record(letting());
    const res = await send(
      'PUT',
      w.userCookie,
      `/api/deals/${deal.id}`,
      letting({ tenant_id: w.co.oldLandlord.id, tenant_legal_id: null, tenant_agents: [] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      tenant: { id: w.co.oldLandlord.id },
      legal_tenant: null,
      prev_tenant: { id: w.co.oldTenant.id },
      tenant_agents: [],
    });
    expect(await tenancy()).toMatchObject({
      tenant: w.co.oldLandlord.id,
      legal_tenant: null,
      tenant_agents: [],
      tenant_contacts: [w.contacts.newTenant.id],
    });
  });
});
