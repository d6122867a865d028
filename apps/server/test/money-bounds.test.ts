/**
 * Money and areas within bounds (ADR 0079): every money field at most
 * £10,000,000,000 and not negative, every area at most 10,000,000 sq ft (929,030 sq m) and a
 * frontage at most 10,000 ft (3,048 m) — a 422 in API.md's shape with the messages the forms show,
 * and nothing written. The map filters answer with the same messages, never zod's own text.
 */
import { AREA_MESSAGES, MAP_MESSAGES, MONEY_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, tableFingerprint, type TestApp } from './helpers';
import { api, buildDealWorld, type DealWorld } from './deals.fixtures';
import { buildEnquiryWorld, enquiryApi } from './enquiries.fixtures';

let t: TestApp;
let w: DealWorld;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildDealWorld(t);
});

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie: w.adminCookie }, ...(payload ? { payload } : {}) });

/** The call is a 422 with exactly these field messages, and writes nothing. */
const refused = async (call: () => ReturnType<typeof send>, errors: Record<string, string[]>) => {
  const before = await tableFingerprint();
  const res = await call();
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ message: 'The given data was invalid.', errors });
  expect(await tableFingerprint()).toEqual(before);
};

describe('property writes', () => {
  it('refuses £999,999,999,999, a negative amount and junk, each with its message', async () => {
    await refused(
      () =>
        send('POST', '/api/properties', {
          rent_pa: '999,999,999,999',
          rent_sqft: '-500',
          rateable_value: '1e6',
          service_charge: '0.001',
        }),
      {
        rent_pa: [MONEY_MESSAGES.tooLarge],
        rent_sqft: [MONEY_MESSAGES.negative],
        rateable_value: [MONEY_MESSAGES.invalid],
        service_charge: [MONEY_MESSAGES.invalid],
      },
    );
    await refused(() => send('PUT', `/api/properties/${w.property.id}`, { rent_pa: 10_000_000_000.01 }), {
      rent_pa: [MONEY_MESSAGES.tooLarge],
    });
  });

  it('takes £10,000,000,000 exactly', async () => {
    const res = await send('PUT', `/api/properties/${w.property.id}`, { rent_pa: '10,000,000,000' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rent_pa).toBe('10000000000.00');
  });

  it('bounds areas in their unit and the frontage as a length', async () => {
    await refused(
      () =>
        send('POST', '/api/properties', {
          area_size_type: 'sqft',
          nia_sqrt: 10_000_001,
          frontage_area: 10_001,
          itza_area: -1,
        }),
      {
        nia_sqrt: ['The area may not be more than 10,000,000 sq ft.'],
        frontage_area: ['The frontage may not be more than 10,000 ft.'],
        itza_area: [AREA_MESSAGES.negative],
      },
    );
    await refused(
      () =>
        send('PUT', `/api/properties/${w.property.id}/areas`, { area_size_type: 'sqm', nia_sqrt: 1_000_000 }),
      { nia_sqrt: ['The area may not be more than 929,030 sq m.'] },
    );
  });

  it('bounds areas sent without their unit in the unit stored', async () => {
    const url = `/api/properties/${w.property.id}`;
    expect((await send('PUT', url, { area_size_type: 'sqm', nia_sqrt: 100 })).statusCode).toBe(200);
    await refused(() => send('PUT', url, { nia_sqrt: 2_000_000, frontage_area: 3_049 }), {
      nia_sqrt: ['The area may not be more than 929,030 sq m.'],
      frontage_area: ['The frontage may not be more than 3,048 m.'],
    });
    expect((await send('PUT', url, { nia_sqrt: 929_030, frontage_area: 3_048 })).statusCode).toBe(200);
  });
});

describe('deal writes', () => {
  it('refuses a price, a rent or an area out of bounds', async () => {
    const deals = api(t);
    await refused(
      () =>
        deals.post(w.adminCookie, {
          deal_type: 'sale',
          property_id: w.property.id,
          sale_type: 'investment',
          sale_price: '99999999999',
          rent_pa: '-1',
          prev_rent_pa: 'lots',
          areas: { area_size_type: 'sqft', nia_sqrt: 20_000_000 },
        }),
      {
        sale_price: [MONEY_MESSAGES.tooLarge],
        rent_pa: [MONEY_MESSAGES.negative],
        'areas.nia_sqrt': ['The area may not be more than 10,000,000 sq ft.'],
      },
    );
    await refused(
      () =>
        deals.post(w.adminCookie, {
          deal_type: 'rent_review',
          property_id: w.property.id,
          prev_rent_pa: '12.345',
          rent_sqft: 999_999_999_999,
        }),
      { prev_rent_pa: [MONEY_MESSAGES.invalid], rent_sqft: [MONEY_MESSAGES.tooLarge] },
    );
  });
});

describe('enquiry writes', () => {
  it('refuses a rent or a size out of bounds, without a false range message', async () => {
    const e = await buildEnquiryWorld(t);
    const enquiries = enquiryApi(t);
    const before = await tableFingerprint();
    const res = await enquiries.create(e.cookies.author, {
      property_id: e.place.unit,
      company_id: e.co.boots.id,
      stage: 'interest',
      rent_from: '50000',
      rent_to: '999,999,999,999',
      size_from: '-10',
      size_to: 20_000_000,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      rent_to: [MONEY_MESSAGES.tooLarge],
      size_from: [AREA_MESSAGES.negative],
      size_to: [AREA_MESSAGES.tooLarge],
    });
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('map filters', () => {
  it("answer with the forms' messages and no false range message", async () => {
    const res = await send(
      'GET',
      '/api/map/clusters?bbox=-2,53,-1,54&zoom=8&rent_sqft_min=99999999999999&rent_sqft_max=5&area_min=abc',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      rent_sqft_min: [MONEY_MESSAGES.tooLarge],
      area_min: [AREA_MESSAGES.invalid],
    });
    const order = await send('GET', '/api/map/clusters?bbox=-2,53,-1,54&zoom=8&area_min=900&area_max=100');
    expect(order.json().errors).toEqual({ area_max: [MAP_MESSAGES.range] });
  });
});
