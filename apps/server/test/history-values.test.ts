import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';

/** The history list shows values as a user reads them (ADR 0044). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'history-values-password-1';
let cookie: string;
let boots: Awaited<ReturnType<typeof buildCompany>>;
let tesco: Awaited<ReturnType<typeof buildCompany>>;
let landsec: Awaited<ReturnType<typeof buildCompany>>;
let savills: Awaited<ReturnType<typeof buildCompany>>;
let aldi: Awaited<ReturnType<typeof buildCompany>>;
let lena: Awaited<ReturnType<typeof buildUser>>;
let tom: Awaited<ReturnType<typeof buildUser>>;

beforeEach(async () => {
  await resetData();
  boots = await buildCompany({ name: 'Boots' });
  tesco = await buildCompany({ name: 'Tesco Stores Ltd' });
  landsec = await buildCompany({ name: 'Landsec' });
  savills = await buildCompany({ name: 'Savills' });
  aldi = await buildCompany({ name: 'Aldi' }); // the highest id, first by name
  lena = await buildUser({ name: 'Lena Landlord', company_id: landsec.id });
  tom = await buildUser({ name: "Tom O'Tenant", company_id: boots.id });
  await buildUser({ email: 'user@history-values.test', password: PW });
  cookie = await sessionCookie(t.app, 'user@history-values.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

interface Entry {
  id: number;
  field: string;
  source: string;
  old_display?: string | null;
  new_display?: string | null;
  deal_id: number | null;
}

const historyOf = async (path: string): Promise<Entry[]> => {
  const res = await call('GET', `${path}/history?per_page=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Entry[];
};

/** The newest entry of a field (optionally of one source), as [old, new] display strings. */
const shown = (rows: Entry[], field: string, source?: string) => {
  const e = rows.find((r) => r.field === field && (!source || r.source === source));
  expect(e, `no history entry for ${field}`).toBeDefined();
  return [e!.old_display, e!.new_display];
};

const createProperty = async (extra: object = {}) => {
  const res = await call('POST', '/api/properties', {
    building_num: '12',
    company_id: boots.id,
    currency: 'GBP',
    rent_pa: '40000',
    lease_end_date: '2030-03-24',
    nia_sqrt: 1250,
    landlords: [landsec.id],
    address: { street: 'Briggate', city: 'Leeds' },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
};

describe('GET /api/properties/{id}/history: readable values', () => {
  it('names tenants and party lists, and shows dates, money and areas in en-GB', async () => {
    const p = await createProperty();
    const upd = await call('PUT', `/api/properties/${p.id}`, {
      company_id: tesco.id,
      lease_end_date: '2034-01-31',
      rent_pa: '45000.50',
      landlords: [savills.id, landsec.id, aldi.id],
      tenant_contacts: [tom.id, lena.id],
      rent_review_clause: '5 yearly upward only',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    const rows = await historyOf(`/api/properties/${p.id}`);

    expect(shown(rows, 'tenant_id', 'update')).toEqual(['Boots', 'Tesco Stores Ltd']);
    expect(shown(rows, 'lease_end_date', 'update')).toEqual(['24/03/2030', '31/01/2034']);
    expect(shown(rows, 'rent_pa', 'update')).toEqual(['£40,000.00', '£45,000.50']);
    // A party list is a set: its names in alphabetical order, whatever the ids.
    expect(shown(rows, 'landlords', 'update')).toEqual(['Landsec', 'Aldi, Landsec, Savills']);
    // Contact lists name users.
    expect(shown(rows, 'tenant_contacts', 'update')).toEqual([null, "Lena Landlord, Tom O'Tenant"]);
    expect(shown(rows, 'rent_review_clause', 'update')).toEqual([null, '5 yearly upward only']);
    expect(shown(rows, 'nia_sqrt', 'create')).toEqual([null, '1,250 sq ft']);
    expect(shown(rows, 'currency', 'create')).toEqual([null, 'GBP']);
    // The raw values stay as they were, for clients that read them.
    expect(rows.find((r) => r.field === 'tenant_id' && r.source === 'update')).toMatchObject({
      old_value: boots.id,
      new_value: tesco.id,
      deal_id: null,
    });
  });

  it('shows money in the currency it had when it changed, and areas in their unit', async () => {
    const p = await createProperty();
    await call('PUT', `/api/properties/${p.id}`, { rent_pa: '45000.50' });
    await call('PUT', `/api/properties/${p.id}`, { currency: 'EUR', rent_pa: '50000' });
    await call('PUT', `/api/properties/${p.id}/areas`, { area_size_type: 'sqm', nia_sqrt: '1160.25' });
    const rows = await historyOf(`/api/properties/${p.id}`);
    const rents = rows.filter((r) => r.field === 'rent_pa').map((r) => [r.old_display, r.new_display]);
    expect(rents).toEqual([
      ['£45,000.50', '€50,000.00'], // the same change switched the currency
      ['£40,000.00', '£45,000.50'], // before the switch: still pounds
      [null, '£40,000.00'],
    ]);
    expect(shown(rows, 'currency', 'update')).toEqual(['GBP', 'EUR']);
    expect(shown(rows, 'nia_sqrt', 'areas')).toEqual(['1,250 sq ft', '1,160.25 sq m']);
    expect(shown(rows, 'area_size_type', 'areas')).toEqual(['sq ft', 'sq m']);
  });

  it('names the scheme and shows a reason label, Yes/No and a count', async () => {
    const s = await call('POST', '/api/schemes', {
      name: 'Meadowhall',
      type: 'Shopping centres',
      car_spaces: 12000,
      under_construction: false,
      address: { street: 'Meadowhall Way', city: 'Sheffield' },
    });
    expect(s.statusCode, s.body).toBe(201);
    const scheme = s.json().data as { id: number };
    await call('PUT', `/api/schemes/${scheme.id}`, { is_under_construction: true, reason: 'new_store' });
    const sRows = await historyOf(`/api/schemes/${scheme.id}`);
    expect(shown(sRows, 'is_under_construction', 'update')).toEqual(['No', 'Yes']);
    expect(shown(sRows, 'reason', 'update')).toEqual([null, 'New store']);
    expect(shown(sRows, 'car_spaces', 'create')).toEqual([null, '12,000']);

    const p = await createProperty();
    const moved = await call('PUT', `/api/properties/${p.id}`, { scheme_id: scheme.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const pRows = await historyOf(`/api/properties/${p.id}`);
    expect(shown(pRows, 'scheme_id', 'update')).toEqual([null, 'Meadowhall']);
  });
});
