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

const PW = 'places-password-1';
let adminCookie: string;
let userCookie: string;
let user: Awaited<ReturnType<typeof buildUser>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let tenant: Awaited<ReturnType<typeof buildCompany>>;
let landlord: Awaited<ReturnType<typeof buildCompany>>;

beforeEach(async () => {
  await resetData();
  tenant = await buildCompany({ name: 'Boots' });
  landlord = await buildCompany({ name: 'Landsec' });
  admin = await buildUser({ email: 'admin@places.test', password: PW, type: 'admin' });
  user = await buildUser({
    email: 'user@places.test',
    password: PW,
    company_id: landlord.id,
    currency: 'EUR',
  });
  adminCookie = await sessionCookie(t.app, admin);
  userCookie = await sessionCookie(t.app, user);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const history = (entityType: string, id: number) =>
  queryRows<{
    field: string;
    old_value: unknown;
    new_value: unknown;
    verified: boolean;
    source: string;
    user_id: number;
  }>(
    t.db,
    sql`select field, old_value, new_value, verified, source, user_id from field_history where entity_type = ${entityType} and entity_id = ${id} order by id`,
  );

const standalone = (extra: object = {}) => ({
  building_num: '12',
  company_id: tenant.id,
  area_size_type: 'sqft',
  nia_sqrt: 1250,
  itza_area: '640.5',
  lease_start_date: '2020-03-25',
  lease_end_date: '2030-03-24',
  rent_pa: '125,000',
  rent_sqft: 45.5,
  landlords: [landlord.id],
  landlord_contacts: [user.id],
  address: {
    street: 'High Street',
    city: 'Leeds',
    region: 'West Yorkshire',
    post_code: 'LS1 6HW',
    latitude: 53.7975,
    longitude: -1.5437,
    notes: 'Rear access from Vicar Lane',
  },
  ...extra,
});

describe('POST /api/properties (standalone)', () => {
  it('creates the property with its address, parties and normalised money, dates and areas', async () => {
    const res = await call('POST', '/api/properties', userCookie, standalone());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      entity_type: 'property',
      building_num: '12',
      tenant_id: tenant.id,
      tenant: { id: tenant.id, name: 'Boots' },
      rent_pa: '125000.00',
      rent_sqft: '45.50',
      nia_sqrt: 1250,
      itza_area: 640.5,
      mezzanine: null,
      area_size_type: 'sqft',
      lease_end_date: '2030-03-24',
      currency: 'EUR', // the user's currency when none is sent
      scheme_id: null,
      address: {
        street: 'High Street',
        country: 'United Kingdom',
        full_address: 'High Street, Leeds, West Yorkshire, LS1 6HW',
        lat: 53.7975,
        notes: 'Rear access from Vicar Lane',
      },
      landlords: [{ id: landlord.id, name: 'Landsec' }],
      landlord_contacts: [{ id: user.id, company: { id: landlord.id, name: 'Landsec' } }],
      tenant_agents: [],
      files: [],
      import_property: null,
      is_subscription_exists: false,
    });
    expect(p.unverified_history_count).toBeGreaterThan(0);
    expect(p.unverified_history_columns).toEqual(expect.arrayContaining(['rent_pa', 'landlords', 'street']));
  });

  it('writes unverified history for a user and verified history for an admin', async () => {
    const mine = (await call('POST', '/api/properties', userCookie, standalone())).json().data;
    const rows = await history('property', mine.id);
    expect(rows.find((r) => r.field === 'rent_pa')).toMatchObject({
      old_value: null,
      new_value: '125000.00',
      verified: false,
      source: 'create',
      user_id: user.id,
    });
    expect(rows.find((r) => r.field === 'landlords')).toMatchObject({ new_value: [landlord.id] });
    expect((await history('address', mine.address_id)).map((r) => r.field)).toEqual(
      expect.arrayContaining(['street', 'city', 'lat']),
    );

    const theirs = (await call('POST', '/api/properties', adminCookie, standalone())).json().data;
    expect((await history('property', theirs.id)).every((r) => r.verified)).toBe(true);
    expect(theirs.unverified_history_count).toBe(0);
  });

  it('refuses bad money, dates, areas and unknown parties with 422 and writes nothing', async () => {
    const before = await tableFingerprint();
    const res = await call(
      'POST',
      '/api/properties',
      userCookie,
      standalone({
        rent_pa: '12.345',
        lease_end_date: '2025-02-31',
        nia_sqrt: -5,
        landlords: [landlord.id, 99999],
        company_id: 88888,
      }),
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['lease_end_date', 'nia_sqrt', 'rent_pa']);

    const refs = await call(
      'POST',
      '/api/properties',
      userCookie,
      standalone({ landlords: [landlord.id, 99999], company_id: 88888, tenant_contacts: [77777] }),
    );
    expect(refs.statusCode).toBe(422);
    expect(Object.keys(refs.json().errors).sort()).toEqual([
      'company_id',
      'landlords.1',
      'tenant_contacts.0',
    ]);

    const pair = await call(
      'POST',
      '/api/properties',
      userCookie,
      standalone({ address: { street: 'X', latitude: 51.5 } }),
    );
    expect(pair.statusCode).toBe(422);
    expect(Object.keys(pair.json().errors)).toEqual(['address.longitude']);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('accepts an empty payload (nothing is required) with the defaults', async () => {
    const res = await call('POST', '/api/properties', adminCookie, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      area_size_type: 'sqft',
      currency: 'GBP',
      address: { country: 'United Kingdom', full_address: '' },
    });
  });
});

const createScheme = async (cookie = userCookie, extra: object = {}) => {
  const res = await call('POST', '/api/schemes', cookie, {
    name: 'Trinity Leeds',
    type: 'Shopping centres',
    opened: 2013,
    car_spaces: 0,
    is_under_construction: false,
    address: {
      street: 'Albion Street',
      city: 'Leeds',
      region: 'West Yorkshire',
      post_code: 'LS1 5AT',
      latitude: 53.7965,
      longitude: -1.5447,
    },
    landlords: [landlord.id],
    landlord_contacts: [user.id],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

describe('POST /api/schemes/{id}/properties', () => {
  it("copies the scheme's address with an offset point and defaults the landlord lists to the scheme's", async () => {
    const scheme = await createScheme();
    const res = await call('POST', `/api/schemes/${scheme.id}/properties`, userCookie, {
      building_num: 'SU12',
      company_id: tenant.id,
      rent_pa: 90000,
      lease_end_date: '2031-06-30',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      scheme_id: scheme.id,
      scheme: { id: scheme.id, name: 'Trinity Leeds' },
      building_num: 'SU12',
      address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
      landlords: [{ id: landlord.id }],
      landlord_contacts: [{ id: user.id }],
    });
    expect(p.address_id).not.toBe(scheme.address_id);
    expect(Math.abs(p.address.lat - 53.7965)).toBeLessThanOrEqual(0.0002);
    expect(Math.abs(p.address.lng + 1.5447)).toBeLessThanOrEqual(0.0002);

    const other = await buildCompany({ name: 'Hammerson' });
    const own = await call('POST', `/api/schemes/${scheme.id}/properties`, userCookie, {
      landlords: [other.id],
      address: { position: { lat: 53.8, lng: -1.55 } },
    });
    expect(own.json().data.landlords.map((l: { id: number }) => l.id)).toEqual([other.id]);
    expect(Math.abs(own.json().data.address.lat - 53.8)).toBeLessThanOrEqual(0.0002);
  });

  it('answers 404 for a missing scheme and writes nothing', async () => {
    const before = await tableFingerprint();
    expect((await call('POST', '/api/schemes/999/properties', userCookie, {})).statusCode).toBe(404);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('PUT /api/properties/{id} and /areas', () => {
  it('changes only the fields sent and records each change', async () => {
    const p = (await call('POST', '/api/properties', userCookie, standalone())).json().data;
    const agent = await buildCompany({ name: 'Savills' });
    const res = await call('PUT', `/api/properties/${p.id}`, userCookie, {
      rent_pa: '130000',
      tenant_agents: [agent.id],
      company_id: null,
      planning: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      rent_pa: '130000.00',
      tenant_id: null,
      tenant: null,
      tenant_agents: [{ id: agent.id }],
      lease_end_date: '2030-03-24',
    });
    const rows = (await history('property', p.id)).filter((r) => r.source === 'update');
    // The rent changed without a rent per sq ft: it is worked out again (ADR 0079).
    expect(rows.map((r) => r.field).sort()).toEqual(['rent_pa', 'rent_sqft', 'tenant_agents', 'tenant_id']);
    expect(rows.find((r) => r.field === 'tenant_id')).toMatchObject({
      old_value: tenant.id,
      new_value: null,
      verified: false,
    });

    // The same values again: nothing changes, nothing is recorded.
    await call('PUT', `/api/properties/${p.id}`, userCookie, {
      rent_pa: '130000.00',
      tenant_agents: [agent.id],
    });
    expect((await history('property', p.id)).filter((r) => r.source === 'update')).toHaveLength(4);
  });

  it('stores only the ticked areas: areas not sent become null', async () => {
    const p = (await call('POST', '/api/properties', userCookie, standalone())).json().data;
    const res = await call('PUT', `/api/properties/${p.id}/areas`, userCookie, {
      area_size_type: 'sqm',
      itza_area: 60,
      basement_area: '30.25',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      area_size_type: 'sqm',
      nia_sqrt: null,
      itza_area: 60,
      basement_area: 30.25,
      mezzanine: null,
    });
    const rows = (await history('property', p.id)).filter((r) => r.source === 'areas');
    expect(rows.map((r) => r.field).sort()).toEqual([
      'area_size_type',
      'basement_area',
      'itza_area',
      'nia_sqrt',
      // No NIA left: rent per sq ft cannot be worked out and is cleared (ADR 0079).
      'rent_sqft',
    ]);

    expect(
      (await call('PUT', `/api/properties/${p.id}/areas`, userCookie, { itza_area: 60 })).statusCode,
    ).toBe(422);
    expect(
      (
        await call('PUT', `/api/properties/${p.id}/areas`, userCookie, {
          area_size_type: 'sqft',
          itza_area: 'ten',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', '/api/properties/999/areas', userCookie, { area_size_type: 'sqft' })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/addresses/{id}', () => {
  it('updates the address and the unit number of its property, with history', async () => {
    const p = (await call('POST', '/api/properties', userCookie, standalone())).json().data;
    const res = await call('PUT', `/api/addresses/${p.address_id}`, userCookie, {
      unit: '14A',
      street: 'Briggate',
      city: 'Leeds',
      post_code: 'LS1 6HD',
      country: 'GB',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      street: 'Briggate',
      country: 'United Kingdom',
      full_address: 'Briggate, Leeds, West Yorkshire, LS1 6HD',
    });
    const read = (await call('GET', `/api/properties/${p.id}`, userCookie)).json().data;
    expect(read.building_num).toBe('14A');
    expect(
      (await history('address', p.address_id))
        .filter((r) => r.source === 'address')
        .map((r) => r.field)
        .sort(),
    ).toEqual(['post_code', 'street']);
    expect((await history('property', p.id)).find((r) => r.source === 'address')).toMatchObject({
      field: 'building_num',
      old_value: '12',
      new_value: '14A',
    });
    expect(
      (await call('PUT', `/api/addresses/${p.address_id}`, userCookie, { country: 'Atlantis' })).statusCode,
    ).toBe(422);
    expect((await call('PUT', '/api/addresses/9999', userCookie, { street: 'X' })).statusCode).toBe(404);
  });
});

describe('GET /api/properties/{id}', () => {
  it('carries every include of spec B §7', async () => {
    const p = (await call('POST', '/api/properties', userCookie, standalone())).json().data;
    const res = await call(
      'GET',
      `/api/properties/${p.id}?include=tenant,legal_tenant,address,files,scheme`,
      userCookie,
    );
    expect(res.statusCode).toBe(200);
    const keys = Object.keys(res.json().data);
    for (const k of [
      'tenant',
      'legal_tenant',
      'address',
      'files',
      'scheme',
      'unverified_history_columns',
      'import_property',
      'tenant_agents',
      'tenant_agent_contacts',
      'is_subscription_exists',
      'tenant_contacts',
      'landlords',
      'landlord_agents',
      'landlord_contacts',
      'landlord_agent_contacts',
      'reason',
      'unverified_history_count',
    ]) {
      expect(keys, k).toContain(k);
    }
    expect((await call('GET', '/api/properties/9999', userCookie)).statusCode).toBe(404);
  });
});

describe('GET /api/properties and /simple', () => {
  const seedSome = async () => {
    const scheme = await createScheme(adminCookie);
    const a = (await call('POST', '/api/properties', adminCookie, standalone())).json().data;
    const b = (
      await call('POST', '/api/properties', adminCookie, {
        building_num: '3',
        lease_end_date: '2026-01-31',
        rent_pa: '20000',
        address: { street: 'Deansgate', city: 'Manchester', post_code: 'M3 2BW' },
      })
    ).json().data;
    const c = (
      await call('POST', `/api/schemes/${scheme.id}/properties`, adminCookie, {
        building_num: 'SU1',
        company_id: tenant.id,
      })
    ).json().data;
    return { scheme, a, b, c };
  };

  it('searches by street and town with filters, sorts and pages', async () => {
    const { scheme, a, b, c } = await seedSome();
    const ids = async (url: string) =>
      (await call('GET', url, userCookie)).json().data.map((p: { id: number }) => p.id);
    expect(await ids('/api/properties?q=deansgate')).toEqual([b.id]);
    expect(await ids('/api/properties?q=high%20leeds')).toEqual([a.id]);
    expect((await ids('/api/properties?town=leeds')).sort()).toEqual([a.id, c.id].sort());
    expect(await ids(`/api/properties?scheme_id=${scheme.id}`)).toEqual([c.id]);
    expect(await ids('/api/properties?vacant=1')).toEqual([b.id]);
    expect((await ids(`/api/properties?tenant_id=${tenant.id}`)).sort()).toEqual([a.id, c.id].sort());
    expect((await ids(`/api/properties?landlord_id=${landlord.id}`)).sort()).toEqual([a.id, c.id].sort());
    expect(await ids('/api/properties?lease_end_from=2026-01-01&lease_end_to=2026-12-31')).toEqual([b.id]);
    expect(await ids('/api/properties?sort=-rent_pa')).toEqual([a.id, b.id, c.id]);
    expect(await ids('/api/properties?sort=town')).toEqual([a.id, c.id, b.id]);

    const page = (await call('GET', '/api/properties?per_page=2&page=2&sort=-updated_at', userCookie)).json();
    expect(page.meta.pagination).toEqual({
      total: 3,
      count: 1,
      per_page: 2,
      current_page: 2,
      total_pages: 2,
    });

    const withParties = (
      await call('GET', `/api/properties?include=landlords,tenant_agents&q=high`, userCookie)
    ).json().data[0];
    expect(withParties.landlords).toHaveLength(1);
    expect(withParties.tenant_agents).toEqual([]);
    expect(withParties.landlord_contacts).toBeUndefined();
  });

  it('refuses bad filters and sorts with 422', async () => {
    for (const q of [
      'sort=name',
      'per_page=101',
      'vacant=maybe',
      'lease_end_from=2026-02-30',
      'lease_end_from=2027-01-01&lease_end_to=2026-01-01',
      'scheme_id=x',
    ]) {
      expect((await call('GET', `/api/properties?${q}`, userCookie)).statusCode, q).toBe(422);
    }
  });

  it('answers the typeahead with unit, scheme, tenant and full address; type=standalone leaves scheme units out', async () => {
    const { scheme, a, b, c } = await seedSome();
    const res = await call(
      'GET',
      '/api/properties/simple?q=leeds&per_page=50&include=address,tenant,scheme',
      userCookie,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((r: { id: number }) => r.id).sort()).toEqual([a.id, c.id].sort());
    expect(rows.find((r: { id: number }) => r.id === c.id)).toEqual({
      id: c.id,
      building_num: 'SU1',
      scheme_id: scheme.id,
      scheme: { id: scheme.id, name: 'Trinity Leeds' },
      tenant: { id: tenant.id, name: 'Boots', is_verified: false, verified_at: null },
      address: { full_address: 'Albion Street, Leeds, West Yorkshire, LS1 5AT' },
    });
    // The tenant carries its verification state for the retailer indicator beside it.
    await t.db.execute(
      sql`update companies set is_verified = true, verified_at = '2026-05-04T09:30:00Z' where id = ${tenant.id}`,
    );
    const res2 = await call('GET', '/api/properties/simple?q=leeds', userCookie);
    const again = res2.json().data;
    expect(again.find((r: { id: number }) => r.id === c.id).tenant).toEqual({
      id: tenant.id,
      name: 'Boots',
      is_verified: true,
      verified_at: '2026-05-04T09:30:00.000Z',
    });
    const standaloneOnly = (
      await call('GET', '/api/properties/simple?q=leeds&type=standalone', userCookie)
    ).json().data;
    expect(standaloneOnly.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await call('GET', '/api/properties/simple?q=3', userCookie)).json().data[0].id).toBe(b.id);
    expect((await call('GET', '/api/properties/simple?per_page=101', userCookie)).statusCode).toBe(422);
  });

  it("limits the typeahead to one scheme's units with scheme_id", async () => {
    const { scheme, c } = await seedSome();
    const d = (
      await call('POST', `/api/schemes/${scheme.id}/properties`, adminCookie, { building_num: 'SU2' })
    ).json().data;
    const ids = async (url: string) => {
      const res = await call('GET', url, userCookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((p: { id: number }) => p.id);
    };
    // Every unit of the scheme, unit numbers in order; nothing standalone (the town matches both).
    expect(await ids(`/api/properties/simple?scheme_id=${scheme.id}`)).toEqual([c.id, d.id]);
    expect(await ids(`/api/properties/simple?scheme_id=${scheme.id}&q=leeds`)).toEqual([c.id, d.id]);
    expect(await ids(`/api/properties/simple?scheme_id=${scheme.id}&q=su2`)).toEqual([d.id]);
    expect(await ids(`/api/properties/simple?scheme_id=${scheme.id}&q=deansgate`)).toEqual([]);
    expect(await ids(`/api/properties/simple?scheme_id=${scheme.id + 1000}`)).toEqual([]);
    expect((await call('GET', '/api/properties/simple?scheme_id=abc', userCookie)).statusCode).toBe(422);
  });

  it("lists My Properties: where the user or the user's company holds a party role", async () => {
    const { a, c } = await seedSome();
    // user's company is the landlord of a (and of the scheme, so of c); nothing links b.
    const mine = (await call('GET', '/api/properties?mine=1', userCookie))
      .json()
      .data.map((p: { id: number }) => p.id);
    expect(mine.sort()).toEqual([a.id, c.id].sort());
    const loner = await buildUser({ email: 'loner@places.test', password: PW });
    const lonerCookie = await sessionCookie(t.app, loner);
    expect((await call('GET', '/api/properties?mine=1', lonerCookie)).json().data).toEqual([]);
  });
});

describe('set me as contact', () => {
  it('adds the user once, records it, and is idempotent', async () => {
    const p = (
      await call('POST', '/api/properties', adminCookie, standalone({ landlord_contacts: [] }))
    ).json().data;
    const first = await call('POST', `/api/properties/${p.id}/set-me-as-landlord-contact`, userCookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'success', data: { landlord_contacts: [{ id: user.id }] } });
    const again = await call('POST', `/api/properties/${p.id}/set-me-as-landlord-contact`, userCookie);
    expect(again.json().data.landlord_contacts).toHaveLength(1);
    const tenantSide = await call('POST', `/api/properties/${p.id}/set-me-as-tenant-contact`, userCookie);
    expect(tenantSide.json().data.tenant_contacts).toEqual([expect.objectContaining({ id: user.id })]);
    const rows = (await history('property', p.id)).filter((r) => r.source === 'set_me_as_contact');
    expect(rows.map((r) => [r.field, r.new_value, r.verified])).toEqual([
      ['landlord_contacts', [user.id], false],
      ['tenant_contacts', [user.id], false],
    ]);
    expect((await call('POST', '/api/properties/999/set-me-as-tenant-contact', userCookie)).statusCode).toBe(
      404,
    );
  });
});
