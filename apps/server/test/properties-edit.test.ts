/**
 * The Edit Property and Edit Scheme saves (ADR 0066): PUT /api/properties/{id}
 * carries the property's fields, its areas and its address in one call and one transaction, with
 * field history for every changed field; PUT /api/schemes/{id} likewise with the scheme's address.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  tableFingerprint,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'edit-password-1';
let adminCookie: string;
let agentCookie: string;
let tenant: Awaited<ReturnType<typeof buildCompany>>;

beforeEach(async () => {
  await resetData();
  tenant = await buildCompany({ name: 'Boots' });
  await buildUser({ email: 'admin@edit.test', password: PW, type: 'admin' });
  await buildUser({ email: 'agent@edit.test', password: PW });
  adminCookie = await sessionCookie(t.app, 'admin@edit.test');
  agentCookie = await sessionCookie(t.app, 'agent@edit.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

/** The history rows of one record written by an edit (source 'update'), in order. */
const edits = (entityType: string, id: number) =>
  queryRows<{ field: string; new_value: unknown; verified: boolean }>(
    t.db,
    sql`select field, new_value, verified from field_history
         where entity_type = ${entityType} and entity_id = ${id} and source = 'update' order by id`,
  );

const makeProperty = async () => {
  const res = await call('POST', '/api/properties', adminCookie, {
    building_num: '12',
    company_id: tenant.id,
    area_size_type: 'sqft',
    nia_sqrt: 1250,
    itza_area: 640.5,
    rent_pa: '125000',
    address: { street: 'High Street', city: 'Leeds', post_code: 'LS1 6HW', notes: 'Rear access' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; address_id: number };
};

/** Rent, an area (the unit sent, so ITZA not sent is cleared) and the post code in one call. */
const editBody = {
  rent_pa: '130,000',
  area_size_type: 'sqft',
  nia_sqrt: 1300,
  address: { post_code: 'LS1 6HD' },
};

describe('PUT /api/properties/{id} with areas and address', () => {
  it("applies rent, an area and an address field in one call; the agent's changes are unverified", async () => {
    const p = await makeProperty();
    const res = await call('PUT', `/api/properties/${p.id}`, agentCookie, editBody);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      rent_pa: '130000.00',
      nia_sqrt: 1300,
      itza_area: null,
      building_num: '12',
      address: { post_code: 'LS1 6HD', street: 'High Street', notes: 'Rear access' },
    });
    expect(data.unverified_history_columns).toEqual(
      expect.arrayContaining(['rent_pa', 'nia_sqrt', 'itza_area', 'post_code']),
    );
    expect(await edits('property', p.id)).toEqual([
      { field: 'rent_pa', new_value: '130000.00', verified: false },
      { field: 'nia_sqrt', new_value: 1300, verified: false },
      { field: 'itza_area', new_value: null, verified: false },
    ]);
    expect(await edits('address', p.address_id)).toEqual([
      { field: 'post_code', new_value: 'LS1 6HD', verified: false },
    ]);
    // The record as read afterwards is the one the answer showed.
    const read = (await call('GET', `/api/properties/${p.id}`, agentCookie)).json().data;
    expect(read).toMatchObject({ rent_pa: '130000.00', nia_sqrt: 1300, address: { post_code: 'LS1 6HD' } });
  });

  it("records an admin's edit as verified", async () => {
    const p = await makeProperty();
    const res = await call('PUT', `/api/properties/${p.id}`, adminCookie, editBody);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.unverified_history_count).toBe(0);
    expect((await edits('property', p.id)).map((r) => r.verified)).toEqual([true, true, true]);
    expect(await edits('address', p.address_id)).toEqual([
      { field: 'post_code', new_value: 'LS1 6HD', verified: true },
    ]);
  });

  it('without area_size_type only the areas sent change; an empty address changes nothing', async () => {
    const p = await makeProperty();
    const res = await call('PUT', `/api/properties/${p.id}`, agentCookie, { mezzanine: 200, address: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ nia_sqrt: 1250, itza_area: 640.5, mezzanine: 200 });
    expect((await edits('property', p.id)).map((r) => r.field)).toEqual(['mezzanine']);
    expect(await edits('address', p.address_id)).toEqual([]);
  });

  it('refuses a bad field anywhere with 422 keyed by its path and writes nothing', async () => {
    const p = await makeProperty();
    const before = await tableFingerprint();
    const refusals: Array<[object, string[]]> = [
      [{ ...editBody, address: { post_code: 'LS1 6HD'.repeat(5) } }, ['address.post_code']],
      [{ ...editBody, nia_sqrt: -5 }, ['nia_sqrt']],
      [{ ...editBody, area_size_type: 'acres' }, ['area_size_type']],
      [{ ...editBody, address: { latitude: 53.8 } }, ['address.longitude']],
      // Checked inside the transaction, after the payload passed: still nothing written.
      [{ ...editBody, landlords: [999_999] }, ['landlords.0']],
    ];
    for (const [body, keys] of refusals) {
      const res = await call('PUT', `/api/properties/${p.id}`, agentCookie, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(keys);
    }
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses hostile bytes in the address and the property fields with 422', async () => {
    const p = await makeProperty();
    const before = await tableFingerprint();
    for (const body of [
      { rent_pa: '1', address: { street: 'High\u0000Street' } },
      { address: { notes: 'a\ud800b' } },
      { incentive: '\udfffrent free', nia_sqrt: 10 },
    ]) {
      const res = await call('PUT', `/api/properties/${p.id}`, agentCookie, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toBeTypeOf('object');
    }
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('PUT /api/schemes/{id} with its address', () => {
  const makeScheme = async () => {
    const res = await call('POST', '/api/schemes', adminCookie, {
      name: 'Trinity',
      type: 'Shopping centres',
      address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; address_id: number };
  };

  it('applies the scheme fields and its address (notes and point too) in one call, with history', async () => {
    const s = await makeScheme();
    const res = await call('PUT', `/api/schemes/${s.id}`, agentCookie, {
      car_spaces: 800,
      address: {
        post_code: 'LS1 5AY',
        notes: 'Car park off Boar Lane',
        latitude: 53.7961,
        longitude: -1.5447,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      car_spaces: 800,
      address: { post_code: 'LS1 5AY', notes: 'Car park off Boar Lane', lat: 53.7961, lng: -1.5447 },
    });
    expect(res.json().data.unverified_history_columns).toEqual(
      expect.arrayContaining(['car_spaces', 'post_code', 'notes']),
    );
    expect(await edits('scheme', s.id)).toEqual([{ field: 'car_spaces', new_value: 800, verified: false }]);
    expect((await edits('address', s.address_id)).map((r) => r.field)).toEqual([
      'post_code',
      'notes',
      'lat',
      'lng',
    ]);
  });

  it('refuses a bad address field with 422 keyed by its path and writes nothing', async () => {
    const s = await makeScheme();
    const before = await tableFingerprint();
    for (const [body, keys] of [
      [{ name: 'Trinity Leeds', address: { post_code: 'x'.repeat(21) } }, ['address.post_code']],
      [{ name: 'Trinity Leeds', address: { latitude: 53.8 } }, ['address.longitude']],
      [{ name: 'Trinity Leeds', address: { street: 'Albion\u0000Street' } }, ['address.street']],
    ] as const) {
      const res = await call('PUT', `/api/schemes/${s.id}`, agentCookie, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(keys);
    }
    expect(await tableFingerprint()).toEqual(before);
  });
});
