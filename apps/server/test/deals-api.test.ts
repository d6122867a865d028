/**
 * POST /api/deals around the engine (ADR 0043): the wizard's address and areas in the
 * same transaction, all-or-nothing failures, 422s in API.md's shape, the admin-only tracked
 * retailer, Idempotency-Key; and the reads GET /api/deals/{id} and GET /api/properties/{id}/deals.
 */
import {
  API_MESSAGES,
  DATE_MESSAGES,
  DEAL_READ_MESSAGES,
  MESSAGES,
  PROPERTY_MESSAGES,
} from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, tableFingerprint, type TestApp } from './helpers';
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

const invalid = (errors: Record<string, string[]>) => ({ message: API_MESSAGES.invalidData, errors });
const review = (extra: object = {}) => ({
  deal_type: 'rent_review',
  property_id: w.property.id,
  effective_date: '2021-03-25',
  rent_pa: '45000',
  ...extra,
});

describe('the wizard in one call', () => {
  it('applies the address and the areas with the deal, history carrying its id', async () => {
    const res = await call.post(w.userCookie, {
      ...review(),
      address: { unit: '12A', street: 'Briggate', post_code: 'LS1 6HE' },
      areas: { area_size_type: 'sqft', itza_area: 520, ground_floor_area: '900' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    const p = await call.property(w.userCookie, w.property.id);
    expect(p).toMatchObject({ building_num: '12A', itza_area: 520, ground_floor_area: 900, nia_sqrt: null });
    expect(p.address.post_code).toBe('LS1 6HE');
    const h = await historyOfDeal(t, deal.id);
    expect(h.map((r) => `${r.entity_type}.${r.field}`).sort()).toEqual([
      'address.post_code',
      'property.building_num',
      'property.ground_floor_area',
      'property.itza_area',
      'property.nia_sqrt',
      'property.rent_pa',
      // No NIA left: rent per sq ft cannot be worked out and is cleared (ADR 0079).
      'property.rent_sqft',
    ]);
    expect(deal.changes).toHaveLength(7);
    expect(deal.changes).toContainEqual({
      entity_type: 'address',
      entity_id: w.property.address_id,
      field: 'post_code',
      old_value: 'LS1 6HD',
      new_value: 'LS1 6HE',
      verified: false,
    });
  });

  it("shows in the property's History which deal made each change, with readable values", async () => {
    const before = (await call.property(w.userCookie, w.property.id)).rent_pa as string | null;
    const res = await call.post(w.userCookie, review({ rent_pa: '45000.50' }));
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json().data;
    const h = (await call.get(w.userCookie, `/api/properties/${w.property.id}/history`)).json().data as Array<
      Record<string, unknown>
    >;
    const rent = h.find((r) => r.field === 'rent_pa');
    expect(rent).toMatchObject({
      source: 'deal',
      deal_id: deal.id,
      deal_type: 'rent_review',
      new_display: '£45,000.50',
    });
    expect(rent?.old_value).toBe(before);
  });

  it.each([
    ['a latitude without longitude in the address', { address: { latitude: 53.8 } }, 'address.longitude'],
    ['a missing company in a list', { landlords: [999999] }, 'landlords.0'],
  ])('a failure in any part (%s) writes nothing', async (_name, extra, key) => {
    const before = await tableFingerprint();
    const res = await call.post(w.adminCookie, {
      ...review(),
      areas: { area_size_type: 'sqm', itza_area: 50 },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([key]);
    expect(await tableFingerprint()).toEqual(before);
    expect((await counts(t)).deals).toBe(0);
  });
});

describe('invalid input: 422 in API.md shape', () => {
  it('names every missing id against its payload field', async () => {
    const res = await call.post(w.adminCookie, {
      deal_type: 'new_letting',
      property_id: w.property.id,
      tenant_id: 999991,
      tenant_legal_id: 999992,
      prev_tenant_legal_id: 999993,
      landlords: [w.co.newLandlord.id, 999994],
      prev_tenant_contacts: [999995],
    });
    expect(res.json()).toEqual(
      invalid({
        tenant_id: [PROPERTY_MESSAGES.companyMissing],
        tenant_legal_id: [PROPERTY_MESSAGES.companyMissing],
        prev_tenant_legal_id: [PROPERTY_MESSAGES.companyMissing],
        'landlords.1': [PROPERTY_MESSAGES.companyMissing],
        'prev_tenant_contacts.0': [PROPERTY_MESSAGES.contactMissing],
      }),
    );
    expect(res.statusCode).toBe(422);
  });

  it('a missing property, scheme or scheme-update landlord', async () => {
    const p = await call.post(w.adminCookie, review({ property_id: 999999 }));
    expect(p.json()).toEqual(invalid({ property_id: [DEAL_READ_MESSAGES.propertyMissing] }));
    const s = await call.post(w.adminCookie, {
      deal_type: 'sale',
      scheme_id: 999999,
      scheme: { landlords: [999998] },
    });
    expect(s.json()).toEqual(
      invalid({
        scheme_id: [PROPERTY_MESSAGES.schemeMissing],
        'scheme.landlords.0': [PROPERTY_MESSAGES.companyMissing],
      }),
    );
  });

  it('a bad date, an invalid link, a tracked retailer without an effective date', async () => {
    const bad = await call.post(
      w.adminCookie,
      review({ effective_date: '2021-02-30', links: ['www.a.com', 'nope'] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual(
      invalid({ effective_date: [DATE_MESSAGES.invalid], 'links.1': [MESSAGES.invalidUrl] }),
    );
    const tr = await call.post(w.adminCookie, { deal_type: 'tracked_retailer', property_id: w.property.id });
    expect(tr.json()).toEqual(invalid({ effective_date: [MESSAGES.effectiveDateRequired] }));
  });
});

describe('tracked retailer is for admins', () => {
  it('an ordinary user → 403 and nothing changes', async () => {
    const before = await tableFingerprint();
    const res = await call.post(w.userCookie, {
      deal_type: 'tracked_retailer',
      property_id: w.property.id,
      effective_date: '2025-01-01',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: DEAL_READ_MESSAGES.trackedRetailerAdminOnly });
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key and body answers the first answer and writes nothing', async () => {
    const key = { 'idempotency-key': 'wizard-7f3a' };
    const first = await call.post(w.userCookie, review({ landlords: [w.co.newLandlord.id] }), key);
    expect(first.statusCode, first.body).toBe(201);
    const after = await tableFingerprint();
    const again = await call.post(w.userCookie, review({ landlords: [w.co.newLandlord.id] }), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await tableFingerprint()).toEqual(after);
    expect((await counts(t)).deals).toBe(1);
  });

  it('the same key with another body → 422 on the header; keys are per user; too long → 422', async () => {
    const key = { 'idempotency-key': 'k-1' };
    expect((await call.post(w.userCookie, review(), key)).statusCode).toBe(201);
    const before = await tableFingerprint();
    const other = await call.post(w.userCookie, review({ rent_pa: '46000' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual(invalid({ 'Idempotency-Key': [DEAL_READ_MESSAGES.idempotencyKeyReused] }));
    expect(await tableFingerprint()).toEqual(before);
    expect((await call.post(w.adminCookie, review({ rent_pa: '46000' }), key)).statusCode).toBe(201);
    const long = await call.post(w.userCookie, review(), { 'idempotency-key': 'x'.repeat(201) });
    expect(long.json()).toEqual(invalid({ 'Idempotency-Key': [DEAL_READ_MESSAGES.idempotencyKeyTooLong] }));
    expect((await counts(t)).deals).toBe(2);
  });

  it('keys are kept a week: a keyed create purges older ones and keeps the recent', async () => {
    const first = await call.post(w.userCookie, review(), { 'idempotency-key': 'recent' });
    expect(first.statusCode).toBe(201);
    // Age the first key past the keeping time, and one just inside it.
    await t.db.execute(sql`insert into idempotency_keys (user_id, key, request_hash, created_at)
      select user_id, 'six-days', 'h', now() - interval '6 days' from idempotency_keys where key = 'recent'`);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '8 days' where key = 'recent'`,
    );
    expect(
      (await call.post(w.userCookie, review({ rent_pa: '47000' }), { 'idempotency-key': 'next' })).statusCode,
    ).toBe(201);
    const keys = await t.db.execute(sql`select key from idempotency_keys order by key`);
    expect((keys as unknown as { rows: Array<{ key: string }> }).rows.map((r) => r.key)).toEqual([
      'next',
      'six-days',
    ]);
  });

  it('a refused first call keeps no key: the corrected retry with the same key is recorded', async () => {
    const key = { 'idempotency-key': 'k-2' };
    expect((await call.post(w.userCookie, review({ landlords: [999999] }), key)).statusCode).toBe(422);
    expect((await call.post(w.userCookie, review(), key)).statusCode).toBe(201);
  });
});

describe('GET /api/deals/{id}', () => {
  it('the deal with named parties, links in order, the place, the author and its changes; 404 when missing', async () => {
    const created = await call.post(w.adminCookie, {
      ...review(),
      landlord_contacts: [w.contacts.newLandlord.id],
      links: ['https://b.example.com/2', 'www.a.example.com'],
    });
    const id = created.json().data.id;
    const res = await call.get(w.userCookie, `/api/deals/${id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toEqual(created.json().data);
    expect(d).toMatchObject({
      id,
      entity_type: 'deal',
      links: ['https://b.example.com/2', 'www.a.example.com'],
      property: {
        id: w.property.id,
        building_num: '12',
        full_address: 'Briggate, Leeds, LS1 6HD',
        scheme: null,
      },
      scheme: null,
      created_by: { id: w.admin.id, name: w.admin.name },
      tenant: { id: w.co.oldTenant.id, name: 'Boots', is_verified: false, verified_at: null },
      landlord_contacts: [
        {
          id: w.contacts.newLandlord.id,
          name: 'Nora Landlord',
          company: { id: w.co.newLandlord.id, name: 'British Land' },
        },
      ],
    });
    expect(idsOf(d.prev_landlord_contacts)).toEqual([w.contacts.oldLandlord.id]);
    expect(d.changes.map((c: { field: string }) => c.field).sort()).toEqual([
      'landlord_contacts',
      'rent_pa',
      'rent_sqft',
    ]);
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await call.get(w.userCookie, '/api/deals/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/properties/{id}/deals', () => {
  it('newest first by effective date (undated last), then as recorded, in pages; 404 for no property', async () => {
    const ids: number[] = [];
    for (const effective_date of ['2020-01-01', null, '2024-01-01', '2024-01-01']) {
      const res = await call.post(w.adminCookie, review({ effective_date }));
      ids.push(res.json().data.id);
    }
    await call.post(w.adminCookie, {
      deal_type: 'subletting',
      property_id: w.property.id,
      tenant_id: w.co.newTenant.id,
    });
    // Boots is a verified retailer: each tenant carries what its indicator needs.
    await t.db.execute(
      sql`update companies set is_verified = true, verified_at = '2026-05-04T09:30:00Z' where id = ${w.co.oldTenant.id}`,
    );
    const page = await call.get(w.userCookie, `/api/properties/${w.property.id}/deals?per_page=3`);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.data.map((d: { id: number }) => d.id)).toEqual([ids[3], ids[2], ids[0]]);
    expect(body.meta.pagination).toEqual({
      total: 5,
      count: 3,
      per_page: 3,
      current_page: 1,
      total_pages: 2,
    });
    const boots = {
      id: w.co.oldTenant.id,
      name: 'Boots',
      is_verified: true,
      verified_at: '2026-05-04T09:30:00.000Z',
    };
    expect(body.data[0]).toEqual({
      id: ids[3],
      deal_type: 'rent_review',
      effective_date: '2024-01-01',
      sale_type: null,
      sale_price: null,
      prev_rent_pa: '45000.00',
      rent_pa: '45000.00',
      rent_sqft: '37.50',
      currency: 'GBP',
      tenant: boots,
      prev_tenant: boots,
      created_by: { id: w.admin.id, name: w.admin.name },
      created_at: expect.any(String),
    });
    const second = (
      await call.get(w.userCookie, `/api/properties/${w.property.id}/deals?page=2&per_page=3`)
    ).json();
    expect(second.data.map((d: { deal_type: string }) => d.deal_type)).toEqual(['subletting', 'rent_review']);
    expect(second.data[0].tenant).toEqual({
      id: w.co.newTenant.id,
      name: 'Greggs',
      is_verified: false,
      verified_at: null,
    });
    expect((await call.get(w.userCookie, `/api/properties/999999/deals`)).statusCode).toBe(404);
    expect(
      (await call.get(w.userCookie, `/api/properties/${w.property.id}/deals?per_page=101`)).statusCode,
    ).toBe(422);
  });
});

describe('a company merge', () => {
  it("moves the deal's parties onto the kept company", async () => {
    const created = await call.post(w.adminCookie, review({ landlords: [w.co.newLandlord.id] }));
    const id = created.json().data.id;
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${w.co.oldLandlord.id}/merge`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: w.adminCookie },
      payload: { target_id: w.co.newLandlord.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const d = (await call.get(w.adminCookie, `/api/deals/${id}`)).json().data;
    expect(idsOf(d.landlords)).toEqual([w.co.newLandlord.id]);
    expect(idsOf(d.prev_landlords)).toEqual([w.co.newLandlord.id]);
  });
});
