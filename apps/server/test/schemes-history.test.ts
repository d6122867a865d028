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

const PW = 'schemes-password-1';
let adminCookie: string;
let userCookie: string;
let landlord: Awaited<ReturnType<typeof buildCompany>>;
let contact: Awaited<ReturnType<typeof buildUser>>;

beforeEach(async () => {
  await resetData();
  landlord = await buildCompany({ name: 'British Land' });
  contact = await buildUser({ name: 'Lena Landlord', company_id: landlord.id });
  await buildUser({ email: 'admin@schemes.test', password: PW, type: 'admin' });
  await buildUser({ email: 'user@schemes.test', password: PW });
  adminCookie = await sessionCookie(t.app, 'admin@schemes.test');
  userCookie = await sessionCookie(t.app, 'user@schemes.test');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const meadowhall = {
  name: 'Meadowhall',
  type: 'Shopping centres',
  opened: '1990',
  car_spaces: 12000,
  under_construction: false,
  address: {
    street: 'Meadowhall Way',
    city: 'Sheffield',
    region: 'South Yorkshire',
    post_code: 'S9 1EP',
    latitude: 53.4146,
    longitude: -1.4118,
  },
};

describe('schemes', () => {
  it('creates, reads with every include, lists and updates a scheme with history', async () => {
    const created = await call('POST', '/api/schemes', userCookie, {
      ...meadowhall,
      landlords: [landlord.id],
      landlord_contacts: [contact.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json().data;
    expect(s).toMatchObject({
      entity_type: 'scheme',
      name: 'Meadowhall',
      opened_at: 1990,
      car_spaces: 12000,
      is_under_construction: false,
      landlords: [{ id: landlord.id }],
      landlord_contacts: [{ id: contact.id }],
      properties: [],
      files: [],
    });
    await call('POST', `/api/schemes/${s.id}/properties`, userCookie, { building_num: 'Unit 1' });

    const read = (
      await call(
        'GET',
        `/api/schemes/${s.id}?include=address,files,properties,landlords,agents,tenant,contacts`,
        userCookie,
      )
    ).json().data;
    expect(read.properties).toEqual([
      expect.objectContaining({
        building_num: 'Unit 1',
        address: { full_address: 'Meadowhall Way, Sheffield, South Yorkshire, S9 1EP' },
      }),
    ]);
    expect(read.address.lat).toBe(53.4146);

    const list = (
      await call('GET', '/api/schemes?q=meadow&per_page=50&include=address,landlords&type=all', userCookie)
    ).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].landlords).toHaveLength(1);
    expect(list.data[0].landlord_contacts).toBeUndefined();
    expect((await call('GET', '/api/schemes?type=Leisure', userCookie)).json().data).toEqual([]);
    expect((await call('GET', '/api/schemes?type=Cinema', userCookie)).statusCode).toBe(422);
    expect((await call('GET', '/api/schemes?sort=rent', userCookie)).statusCode).toBe(422);

    const updated = await call('PUT', `/api/schemes/${s.id}`, userCookie, {
      name: 'Meadowhall Centre',
      opened: 1991,
      landlords: [],
      address: { unit: 'x', post_code: 'S9 1EQ', country: 'United Kingdom' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({
      name: 'Meadowhall Centre',
      opened_at: 1991,
      landlords: [],
      address: { post_code: 'S9 1EQ' },
    });

    const hist = (await call('GET', `/api/schemes/${s.id}/history?per_page=100`, userCookie)).json();
    const updates = hist.data
      .filter((h: { source: string }) => h.source === 'update')
      .map((h: { field: string }) => h.field)
      .sort();
    expect(updates).toEqual(['landlords', 'name', 'opened_at', 'post_code']);
    expect(
      hist.data.every((h: { verified: boolean; user: { name: string } }) => !h.verified && h.user.name),
    ).toBe(true);
  });

  it('refuses an invalid scheme with 422 and writes nothing', async () => {
    const before = await tableFingerprint();
    const res = await call('POST', '/api/schemes', userCookie, {
      name: ' ',
      type: 'Cinema',
      opened: 99,
      car_spaces: -1,
      landlords: [424242],
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['car_spaces', 'name', 'opened', 'type']);
    const refs = await call('POST', '/api/schemes', userCookie, {
      ...meadowhall,
      landlords: [424242],
      landlord_agent_contacts: [contact.id, 5555],
    });
    expect(Object.keys(refs.json().errors).sort()).toEqual(['landlord_agent_contacts.1', 'landlords.0']);
    expect((await call('PUT', '/api/schemes/999', userCookie, { name: 'X' })).statusCode).toBe(404);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('property history and verification', () => {
  it('lists changes newest first with the user, and lets admins verify them', async () => {
    const p = (
      await call('POST', '/api/properties', userCookie, {
        rent_pa: '1000',
        address: { street: 'Fargate', city: 'Sheffield' },
      })
    ).json().data;
    await call('PUT', `/api/properties/${p.id}`, userCookie, { rent_pa: '2000' });
    const page = (await call('GET', `/api/properties/${p.id}/history?per_page=3`, userCookie)).json();
    expect(page.meta.pagination.total).toBeGreaterThan(3);
    expect(page.data[0]).toMatchObject({
      field: 'rent_pa',
      old_value: '1000.00',
      new_value: '2000.00',
      verified: false,
      user: { name: expect.any(String) },
      verified_by: null,
    });

    expect((await call('PUT', `/api/history/${page.data[0].id}/verify`, userCookie)).statusCode).toBe(403);
    const one = await call('PUT', `/api/history/${page.data[0].id}/verify`, adminCookie);
    expect(one.json()).toMatchObject({ status: 'success', data: { verified: 1 } });
    expect((await call('PUT', '/api/history/999999/verify', adminCookie)).statusCode).toBe(404);

    const before = (await call('GET', `/api/properties/${p.id}`, userCookie)).json().data;
    expect(before.unverified_history_columns).toEqual(expect.arrayContaining(['rent_pa', 'street', 'city']));
    const some = await call('PUT', `/api/properties/${p.id}/history/verify`, adminCookie, {
      fields: ['street'],
    });
    expect(some.json().data.verified).toBe(1);
    const all = await call('PUT', `/api/properties/${p.id}/history/verify`, adminCookie, {});
    expect(all.json().data.verified).toBeGreaterThan(0);
    const after = (await call('GET', `/api/properties/${p.id}`, userCookie)).json().data;
    expect(after).toMatchObject({ unverified_history_count: 0, unverified_history_columns: [] });
    const [v] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int n from field_history where verified and verified_by is null`,
    );
    expect(v!.n).toBe(0);
    expect(
      (await call('GET', `/api/properties/${p.id}/history?unverified=1`, userCookie)).json().data,
    ).toEqual([]);
    expect((await call('GET', '/api/properties/9999/history', userCookie)).statusCode).toBe(404);
  });
});
