/**
 * Rent per sq ft stays true (ADR 0079): a write that changes rent pa, the NIA or
 * the area unit without sending rent per sq ft gets rent ÷ NIA (sq m converted), or none when it
 * cannot be worked out; a sent figure is kept; comparables read a deal's figure only when it
 * agrees; migration 0027 repairs the stored figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { XHR, buildTestApp, type TestApp } from './helpers';
import { api, buildDealWorld, type DealWorld } from './deals.fixtures';

let t: TestApp;
let w: DealWorld;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  // The unit: rent £40,000 with a stale £40.00 per sq ft sent as such, NIA 1,200 sq ft.
  w = await buildDealWorld(t);
});

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { ...XHR, cookie: w.adminCookie }, payload });
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie: w.adminCookie }, payload });
const figures = async (id = w.property.id) => {
  const p = (await call.property(w.adminCookie, id)) as { rent_pa: string | null; rent_sqft: string | null };
  return { rent_pa: p.rent_pa, rent_sqft: p.rent_sqft };
};
const dealRow = async (id: number) =>
  (
    await queryRows<{ rent_pa: string | null; rent_sqft: string | null }>(
      t.db,
      sql`select rent_pa::text, rent_sqft::text from deals where id = ${id}`,
    )
  )[0]!;
const recordDeal = async (body: object) => {
  const res = await call.post(w.adminCookie, {
    property_id: w.property.id,
    effective_date: '2026-01-10',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number; rent_sqft: string | null } }).data;
};

describe('property writes', () => {
  it('keeps a sent figure, even one that disagrees (the fixture sent £40.00 on £40,000 over 1,200 sq ft)', async () => {
    expect(await figures()).toEqual({ rent_pa: '40000.00', rent_sqft: '40.00' });
  });

  it('works the figure out on create when none is sent, in sq ft and from sq m', async () => {
    const sqft = await post('/api/properties', { rent_pa: '38000', area_size_type: 'sqft', nia_sqrt: 7100 });
    expect(sqft.json().data).toMatchObject({ rent_pa: '38000.00', rent_sqft: '5.35' });
    const sqm = await post('/api/properties', { rent_pa: '50000', area_size_type: 'sqm', nia_sqrt: 100 });
    // 100 m² = 1,076.39 sq ft.
    expect(sqm.json().data).toMatchObject({ rent_sqft: '46.45' });
    const noNia = await post('/api/properties', { rent_pa: '50000' });
    expect(noNia.json().data).toMatchObject({ rent_pa: '50000.00', rent_sqft: null });
  });

  it('recomputes on an edit of the rent, of the NIA or of the unit; an unrelated edit leaves it', async () => {
    const url = `/api/properties/${w.property.id}`;
    expect((await put(url, { incentive: 'Three months free' })).statusCode).toBe(200);
    expect((await figures()).rent_sqft).toBe('40.00');
    expect((await put(url, { rent_pa: '38000' })).statusCode).toBe(200);
    expect(await figures()).toEqual({ rent_pa: '38000.00', rent_sqft: '31.67' });
    expect((await put(url, { nia_sqrt: 7100 })).statusCode).toBe(200);
    expect((await figures()).rent_sqft).toBe('5.35');
    const areas = await put(`${url}/areas`, { area_size_type: 'sqm', nia_sqrt: 7100, itza_area: 500 });
    expect(areas.statusCode, areas.body).toBe(200);
    expect((await figures()).rent_sqft).toBe('0.50');
  });

  it('keeps a figure sent with the rent; works out one sent blank; clears it when there is no NIA', async () => {
    const url = `/api/properties/${w.property.id}`;
    expect((await put(url, { rent_pa: '60000', rent_sqft: '55' })).statusCode).toBe(200);
    expect(await figures()).toEqual({ rent_pa: '60000.00', rent_sqft: '55.00' });
    expect((await put(url, { rent_sqft: '' })).statusCode).toBe(200);
    expect((await figures()).rent_sqft).toBe('50.00');
    // The areas replaced without an NIA: nothing to divide by.
    expect((await put(`${url}/areas`, { area_size_type: 'sqft', itza_area: 500 })).statusCode).toBe(200);
    expect((await figures()).rent_sqft).toBeNull();
    expect((await put(url, { rent_pa: null, area_size_type: 'sqft', nia_sqrt: 900 })).statusCode).toBe(200);
    expect(await figures()).toEqual({ rent_pa: null, rent_sqft: null });
  });

  it('records the worked-out figure in the property history', async () => {
    expect((await put(`/api/properties/${w.property.id}`, { rent_pa: '36000' })).statusCode).toBe(200);
    const rows = await queryRows<{ field: string; new_value: unknown }>(
      t.db,
      sql`select field, new_value from field_history where entity_type = 'property' and entity_id = ${w.property.id}
           and source = 'update' order by id`,
    );
    expect(rows.map((r) => r.field).sort()).toEqual(['rent_pa', 'rent_sqft']);
    expect(rows.find((r) => r.field === 'rent_sqft')?.new_value).toBe('30.00');
  });

  it('works it out for a unit created in a scheme', async () => {
    const scheme = await post('/api/schemes', {
      name: 'Trinity Leeds',
      type: 'Shopping centres',
      address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
    });
    expect(scheme.statusCode, scheme.body).toBe(201);
    const unit = await post(`/api/schemes/${scheme.json().data.id}/properties`, {
      building_num: 'SU4',
      rent_pa: '71000',
      area_size_type: 'sqft',
      nia_sqrt: 7100,
    });
    expect(unit.statusCode, unit.body).toBe(201);
    expect(unit.json().data).toMatchObject({ scheme_id: scheme.json().data.id, rent_sqft: '10.00' });
  });
});

describe('deals', () => {
  it('a New Letting with rent only: rent ÷ NIA on the deal and the property (the issue: £38,000 on 7,100 sq ft)', async () => {
    expect(
      (await put(`/api/properties/${w.property.id}`, { nia_sqrt: 7100, rent_sqft: '40' })).statusCode,
    ).toBe(200);
    expect((await figures()).rent_sqft).toBe('40.00');
    const deal = await recordDeal({
      deal_type: 'new_letting',
      tenant_id: w.co.newTenant.id,
      rent_pa: '38000',
    });
    expect(deal.rent_sqft).toBe('5.35');
    expect(await dealRow(deal.id)).toEqual({ rent_pa: '38000.00', rent_sqft: '5.35' });
    expect(await figures()).toEqual({ rent_pa: '38000.00', rent_sqft: '5.35' });
  });

  it.each([
    ['subletting', {}],
    ['rent_review', {}],
    ['lease_renewal', {}],
    ['tracked_retailer', { tenant_id: 0 }],
    ['sale', { sale_type: 'investment' }],
  ] as const)('a %s with rent only recomputes it; a figure sent is kept', async (type, extra) => {
    const tenant = 'tenant_id' in extra ? { tenant_id: w.co.newTenant.id } : {};
    const body = { deal_type: type, ...extra, ...tenant };
    const first = await recordDeal({ ...body, rent_pa: '48000' });
    expect(first.rent_sqft).toBe('40.00');
    expect(await figures()).toEqual({ rent_pa: '48000.00', rent_sqft: '40.00' });
    const second = await recordDeal({
      ...body,
      effective_date: '2026-02-10',
      rent_pa: '60000',
      rent_sqft: '45',
    });
    expect(second.rent_sqft).toBe('45.00');
    expect(await figures()).toEqual({ rent_pa: '60000.00', rent_sqft: '45.00' });
  });

  it("a deal's new areas recompute the property's figure even without a rent", async () => {
    const deal = await recordDeal({
      deal_type: 'rent_review',
      areas: { area_size_type: 'sqft', nia_sqrt: 2000 },
    });
    expect(deal.rent_sqft).toBe('20.00');
    expect(await figures()).toEqual({ rent_pa: '40000.00', rent_sqft: '20.00' });
  });

  it('a sale without its tenants leaves the rent alone; new areas still recompute it', async () => {
    await recordDeal({ deal_type: 'sale', sale_type: 'vacant_possession', landlords: [w.co.newLandlord.id] });
    expect((await figures()).rent_sqft).toBe('40.00');
    await recordDeal({
      deal_type: 'sale',
      sale_type: 'vacant_possession',
      effective_date: '2026-03-01',
      areas: { area_size_type: 'sqft', nia_sqrt: 4000 },
    });
    expect((await figures()).rent_sqft).toBe('10.00');
  });
});

describe('comparables', () => {
  it("read a deal's figure only when it agrees with rent ÷ NIA", async () => {
    const agreeing = await recordDeal({ deal_type: 'rent_review', rent_pa: '36000', rent_sqft: '30.10' });
    const disagreeing = await recordDeal({
      deal_type: 'rent_review',
      effective_date: '2026-02-01',
      rent_pa: '36000',
      rent_sqft: '90',
    });
    const rows = await queryRows<{ deal_id: number; rent_sqft: string }>(
      t.db,
      sql`select deal_id, rent_sqft::text from deal_comparables order by deal_id`,
    );
    expect(rows).toEqual([
      { deal_id: agreeing.id, rent_sqft: '30.10' },
      { deal_id: disagreeing.id, rent_sqft: '30.00' },
    ]);
  });
});

describe('migration 0027 (the repair)', () => {
  const repair = fs
    .readFileSync(path.join(MIGRATIONS_DIR, '0027_rent_sqft_repair.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('DO $$'))!;

  it('recomputes a figure that disagrees, clears one that cannot be worked out, keeps the rest', async () => {
    const scheme = await post('/api/schemes', {
      name: 'Kirkgate',
      type: 'Shopping centres',
      address: { street: 'Kirkgate', city: 'Leeds', post_code: 'LS2 7DJ' },
    });
    const make = async (body: object) => {
      const res = await post(`/api/schemes/${scheme.json().data.id}/properties`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const ids = {
      stale: w.property.id, // £40,000 / 1,200 sq ft sent as £40.00: 33.33
      sqm: await make({ rent_pa: '50000', area_size_type: 'sqm', nia_sqrt: 100, rent_sqft: '40' }),
      close: await make({ rent_pa: '33333', area_size_type: 'sqft', nia_sqrt: 1000, rent_sqft: '33.50' }),
      noNia: await make({ rent_pa: '50000', rent_sqft: '12' }),
      noRent: await make({ area_size_type: 'sqft', nia_sqrt: 1000, rent_sqft: '12' }),
      none: await make({ rent_pa: '50000', area_size_type: 'sqft', nia_sqrt: 1000 }),
    };
    const staleDeal = await recordDeal({ deal_type: 'rent_review', rent_pa: '48000', rent_sqft: '41' });
    // A figure reported without an NIA to check it against.
    const unchecked = await recordDeal({ deal_type: 'rent_review', property_id: ids.noNia, rent_sqft: '11' });
    // Bad figures as older writes left them (the rule no longer leaves them).
    await t.db.execute(sql`update deals set rent_sqft = 90 where id = ${staleDeal.id}`);
    await t.db.execute(sql`update properties set rent_sqft = 3 where id = ${ids.none}`);
    await t.db.execute(sql`update properties set rent_sqft = 90 where id = ${ids.stale}`);
    const read = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(ids).map(async ([k, id]) => [k, (await figures(id)).rent_sqft] as const),
        ),
      );
    expect(await read()).toEqual({
      stale: '90.00',
      sqm: '40.00',
      close: '33.50',
      noNia: '11.00',
      noRent: '12.00',
      none: '3.00',
    });

    await t.db.execute(sql.raw(repair));

    expect(await read()).toEqual({
      stale: '40.00',
      sqm: '46.45',
      close: '33.50',
      noNia: null,
      noRent: null,
      none: '50.00',
    });
    expect(await dealRow(staleDeal.id)).toEqual({ rent_pa: '48000.00', rent_sqft: '40.00' });
    expect(await dealRow(unchecked.id)).toEqual({ rent_pa: '50000.00', rent_sqft: '11.00' });
    // Comparables followed the repaired deal through its trigger.
    const comps = await queryRows<{ deal_id: number; rent_sqft: string }>(
      t.db,
      sql`select deal_id, rent_sqft::text from deal_comparables order by deal_id`,
    );
    expect(comps).toEqual([
      { deal_id: staleDeal.id, rent_sqft: '40.00' },
      { deal_id: unchecked.id, rent_sqft: '11.00' },
    ]);
  });
});
