import { VERIFICATION_QUEUE_MESSAGES, type VerificationQueueGroup } from '@frontage/shared';
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
  testDb,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'queue-password-1';
let admin: string;
let agent: string;
let agent2: string;
let agentId: number;
let agent2Id: number;
let boots: number;
let greggs: number;
let landlord: number;
let propertyId: number;
let addressId: number;
let schemeId: number;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const ok = async (p: ReturnType<typeof call>) => {
  const res = await p;
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
};

/** Runs a step and dates the changes it recorded (sessions keep the real clock). */
const on = async <T>(iso: string, step: () => Promise<T>): Promise<T> => {
  const db = await testDb();
  const [last] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from field_history`,
  );
  const out = await step();
  await db.execute(sql`update field_history set created_at = ${iso}::timestamptz where id > ${last!.id}`);
  return out;
};

beforeEach(async () => {
  await resetData();
  boots = (await buildCompany({ name: 'Boots' })).id;
  greggs = (await buildCompany({ name: 'Greggs' })).id;
  landlord = (await buildCompany({ name: 'Landsec' })).id;
  const agency = await buildCompany({ name: 'Savills' });
  await buildUser({ email: 'admin@queue.test', password: PW, type: 'admin' });
  agentId = (
    await buildUser({ name: 'Agnes Agent', email: 'agent@queue.test', password: PW, company_id: agency.id })
  ).id;
  agent2Id = (
    await buildUser({ name: 'Bob Broker', email: 'agent2@queue.test', password: PW, company_id: agency.id })
  ).id;
  admin = await sessionCookie(t.app, 'admin@queue.test');
  agent = await sessionCookie(t.app, 'agent@queue.test');
  agent2 = await sessionCookie(t.app, 'agent2@queue.test');
  // The admin's records: verified from the start.
  const p = (
    await ok(
      call('POST', '/api/properties', admin, {
        company_id: boots,
        rent_pa: '40000',
        address: { street: '12 Briggate', city: 'Leeds', post_code: 'LS1 6HD' },
      }),
    )
  ).data;
  propertyId = p.id;
  addressId = p.address_id;
  schemeId = (
    await ok(
      call('POST', '/api/schemes', admin, {
        name: 'Meadowhall',
        type: 'Shopping centres',
        address: { street: 'Meadowhall Way', city: 'Sheffield', post_code: 'S9 1EP' },
      }),
    )
  ).data.id;
  // The agents' changes wait: the property on 3 March, its address on 4 March, the scheme on 5 March.
  await on('2026-03-03T09:00:00Z', () =>
    ok(call('PUT', `/api/properties/${propertyId}`, agent, { rent_pa: '50000', company_id: greggs })),
  );
  await on('2026-03-04T09:00:00Z', () =>
    ok(call('PUT', `/api/addresses/${addressId}`, agent, { city: 'Bradford' })),
  );
  await on('2026-03-05T09:00:00Z', () =>
    ok(call('PUT', `/api/schemes/${schemeId}`, agent2, { name: 'Meadowhall Centre', landlords: [landlord] })),
  );
});

const queue = async (query = '') =>
  (await ok(call('GET', `/api/core/verification-queue${query}`, admin))) as {
    data: VerificationQueueGroup[];
    meta: { pagination: { total: number } };
  };

interface HistoryRow {
  id: number;
  field: string;
  source: string;
  old_value: unknown;
  new_value: unknown;
  verified: boolean;
  verified_by: number | null;
  rejected_by: number | null;
  rejected_at: Date | null;
  user_id: number;
}

const historyOf = async (entity: string, id: number) =>
  queryRows<HistoryRow>(
    await testDb(),
    sql`select id::int as id, field, source, old_value, new_value, verified, verified_by, rejected_by, rejected_at, user_id
        from field_history where entity_type = ${entity} and entity_id = ${id} order by id`,
  );

const waitingIds = async (entity: string, id: number, field?: string) =>
  (await historyOf(entity, id)).filter((h) => !h.verified && (!field || h.field === field)).map((h) => h.id);

describe('the verification queue', () => {
  it('groups the waiting changes by record, the longest waiting first, shown as users read them', async () => {
    const q = await queue();
    expect(q.meta.pagination.total).toBe(3);
    expect(q.data.map((g) => [g.entity_type, g.entity_id, g.label, g.link, g.total_changes])).toEqual([
      ['property', propertyId, '12 Briggate, Bradford, LS1 6HD', { kind: 'property', id: propertyId }, 2],
      ['address', addressId, '12 Briggate, Bradford, LS1 6HD', { kind: 'property', id: propertyId }, 1],
      ['scheme', schemeId, 'Meadowhall Centre', { kind: 'scheme', id: schemeId }, 2],
    ]);
    const property = q.data[0]!;
    expect(property.oldest_at).toBe('2026-03-03T09:00:00.000Z');
    const tenant = property.changes.find((c) => c.field === 'tenant_id')!;
    expect([tenant.old_display, tenant.new_display]).toEqual(['Boots', 'Greggs']);
    expect(tenant.user).toEqual({ id: agentId, name: 'Agnes Agent' });
    expect(property.changes.find((c) => c.field === 'rent_pa')!.new_display).toContain('50,000');
    expect(q.data[2]!.changes.find((c) => c.field === 'landlords')!.new_display).toBe('Landsec');
  });

  it('filters by user, type and dates (UK days, inclusive) and pages over records', async () => {
    const ids = async (query: string) =>
      (await queue(query)).data.map((g) => `${g.entity_type}:${g.entity_id}`);
    expect(await ids(`?user_id=${agent2Id}`)).toEqual([`scheme:${schemeId}`]);
    expect(await ids('?entity_type=address')).toEqual([`address:${addressId}`]);
    expect(await ids('?from=2026-03-04&to=2026-03-04')).toEqual([`address:${addressId}`]);
    expect(await ids('?from=2026-03-04')).toEqual([`address:${addressId}`, `scheme:${schemeId}`]);
    expect(await ids('?to=2026-03-03')).toEqual([`property:${propertyId}`]);
    const page2 = await queue('?page=2&per_page=1');
    expect(page2.meta.pagination.total).toBe(3);
    expect(page2.data.map((g) => g.entity_type)).toEqual(['address']);
  });

  it('verify marks the changes verified by the admin and takes the record out of the queue', async () => {
    const ids = await waitingIds('property', propertyId);
    const res = await ok(call('POST', '/api/core/verification-queue/verify', admin, { ids }));
    expect(res).toMatchObject({ msg: VERIFICATION_QUEUE_MESSAGES.verified, data: { verified: 2 } });
    expect((await queue()).data.map((g) => g.entity_type)).toEqual(['address', 'scheme']);
    const rows = (await historyOf('property', propertyId)).filter((h) => ids.includes(h.id));
    expect(rows.every((h) => h.verified && h.verified_by !== null && h.rejected_at === null)).toBe(true);
    // Verified already: all or nothing.
    const again = await call('POST', '/api/core/verification-queue/verify', admin, { ids });
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(VERIFICATION_QUEUE_MESSAGES.notFound);
  });

  it('reject restores the previous values (columns, the address, party lists) and records the rejection in history', async () => {
    const tenantChange = await waitingIds('property', propertyId, 'tenant_id');
    const cityChange = await waitingIds('address', addressId, 'city');
    const schemeChanges = await waitingIds('scheme', schemeId);
    const res = await ok(
      call('POST', '/api/core/verification-queue/reject', admin, {
        ids: [...tenantChange, ...cityChange, ...schemeChanges],
      }),
    );
    expect(res).toMatchObject({ msg: VERIFICATION_QUEUE_MESSAGES.rejected, data: { rejected: 4 } });
    const property = (await ok(call('GET', `/api/properties/${propertyId}`, admin))).data;
    expect(property.tenant_id).toBe(boots);
    expect(property.rent_pa).toBe('50000.00');
    const scheme = (await ok(call('GET', `/api/schemes/${schemeId}`, admin))).data;
    expect(scheme.name).toBe('Meadowhall');
    const addr = await queryRows<{ city: string }>(
      await testDb(),
      sql`select city from addresses where id = ${addressId}`,
    );
    expect(addr[0]!.city).toBe('Leeds');
    const landlords = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from scheme_parties where scheme_id = ${schemeId}`,
    );
    expect(landlords[0]!.n).toBe(0);

    const history = await historyOf('property', propertyId);
    const rejected = history.find((h) => h.id === tenantChange[0])!;
    expect(rejected).toMatchObject({ verified: true, rejected_by: expect.any(Number) });
    expect(rejected.rejected_at).not.toBeNull();
    const restoration = history.filter((h) => h.source === 'reject');
    expect(restoration).toEqual([
      expect.objectContaining({ field: 'tenant_id', old_value: greggs, new_value: boots, verified: true }),
    ]);
    // The History panel shows the rejection too.
    const panel = (await ok(call('GET', `/api/properties/${propertyId}/history`, admin))).data as Array<{
      id: number;
      source: string;
      rejected?: boolean;
    }>;
    expect(panel[0]).toMatchObject({ source: 'reject' });
    expect(panel.find((h) => h.id === tenantChange[0])!.rejected).toBe(true);
    // Only the rent change still waits.
    expect((await queue()).data.map((g) => [g.entity_type, g.total_changes])).toEqual([['property', 1]]);
  });

  it('refuses to reject a change a later waiting change overwrote, writing nothing; both together go newest first', async () => {
    await on('2026-03-07T09:00:00Z', () =>
      ok(call('PUT', `/api/properties/${propertyId}`, agent, { rent_pa: '60000' })),
    );
    const [first, second] = await waitingIds('property', propertyId, 'rent_pa');
    const before = await tableFingerprint();
    const res = await call('POST', '/api/core/verification-queue/reject', admin, { ids: [first] });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(VERIFICATION_QUEUE_MESSAGES.laterChange);
    expect(await tableFingerprint()).toEqual(before);
    await ok(call('POST', '/api/core/verification-queue/reject', admin, { ids: [first, second] }));
    expect((await ok(call('GET', `/api/properties/${propertyId}`, admin))).data.rent_pa).toBe('40000.00');
  });

  it('refuses to reject a creation (nothing to restore), writing nothing', async () => {
    const created = (
      await ok(
        call('POST', '/api/properties', agent, {
          address: { street: '3 Boar Lane', city: 'Leeds', post_code: 'LS1 6EA' },
        }),
      )
    ).data.id;
    const ids = await waitingIds('property', created);
    const before = await tableFingerprint();
    const res = await call('POST', '/api/core/verification-queue/reject', admin, { ids });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.ids).toEqual([VERIFICATION_QUEUE_MESSAGES.cannotReject]);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses to restore a company that no longer exists, writing nothing', async () => {
    const gone = (await buildCompany({ name: 'Gone Ltd' })).id;
    await ok(call('PUT', `/api/properties/${propertyId}`, admin, { landlords: [gone] }));
    await ok(call('PUT', `/api/properties/${propertyId}`, agent, { landlords: [landlord] }));
    await (await testDb()).execute(sql`delete from companies where id = ${gone}`);
    const ids = await waitingIds('property', propertyId, 'landlords');
    const before = await tableFingerprint();
    const res = await call('POST', '/api/core/verification-queue/reject', admin, { ids });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.ids).toEqual([VERIFICATION_QUEUE_MESSAGES.cannotReject]);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses every route to an agent with the database unchanged', async () => {
    const ids = await waitingIds('property', propertyId);
    const before = await tableFingerprint();
    expect((await call('GET', '/api/core/verification-queue', agent)).statusCode).toBe(403);
    expect((await call('POST', '/api/core/verification-queue/verify', agent, { ids })).statusCode).toBe(403);
    expect((await call('POST', '/api/core/verification-queue/reject', agent, { ids })).statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });
});
