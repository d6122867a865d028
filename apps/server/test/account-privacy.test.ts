/**
 * A user's account — who is an admin, who is on a temporary password, who can sign in, their
 * preferences, when they were last active — is read only by the user themselves and by admins
 * (ADR 0073). Everyone else reads a contact's name, e-mail, phones and company:
 * in the list and the pickers' search, the record, the export, the answers to their own writes and
 * a 412's current record; and no other route carries a user's account at all.
 */
import { ACCOUNT_FIELDS, CONTACT_EXPORT_COLUMNS } from '@frontage/shared';
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
import { MATRIX } from './matrix';
import { buildWorld } from './matrix/world';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'privacy-password-1';
let admin: string;
let agent: string;
let agentId: number;
let adminId: number;
let otherId: number;
let agencyId: number;

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  const agency = await buildCompany({ name: 'Savills' });
  const retailer = await buildCompany({ name: 'Boots' });
  agencyId = agency.id;
  adminId = (
    await buildUser({
      name: 'Ada Admin',
      email: 'ada@frontage.example',
      password: PW,
      type: 'admin',
      company_id: platform.id,
    })
  ).id;
  agentId = (
    await buildUser({ name: 'Sam Agent', email: 'sam@savills.example', password: PW, company_id: agency.id })
  ).id;
  // Another company's user on a temporary password, active a moment ago.
  otherId = (
    await buildUser({
      name: 'Tara Temp',
      email: 'tara@boots.example',
      password: PW,
      is_temp: true,
      company_id: retailer.id,
      last_activity: new Date('2026-11-20T09:15:42.123Z'),
      currency: 'EUR',
    })
  ).id;
  admin = await sessionCookie(t.app, 'ada@frontage.example');
  agent = await sessionCookie(t.app, 'sam@savills.example');
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
  ifMatch?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...XHR, cookie, ...(ifMatch ? { 'if-match': `"${ifMatch}"` } : {}) },
    ...(payload ? { payload } : {}),
  });

type Row = Record<string, unknown> & { id: number };
const accountOf = (u: Row) => Object.keys(u).filter((k) => (ACCOUNT_FIELDS as readonly string[]).includes(k));
const list = async (cookie: string, query = '') =>
  (await call('GET', `/api/users/?per_page=100&include=company${query}`, cookie)).json().data as Row[];

describe("another user's account is not an agent's to read", () => {
  it('the list and the pickers’ search: name, e-mail, phones and company, no account', async () => {
    for (const rows of [await list(agent), await list(agent, '&q=tara'), await list(agent, '&q=ada')]) {
      for (const u of rows.filter((r) => r.id !== agentId)) {
        expect(accountOf(u), `user ${u.id}`).toEqual([]);
        expect(u).toHaveProperty('email');
        expect(u).toHaveProperty('company');
      }
    }
    expect((await list(agent, '&q=tara')).map((u) => u.id)).toEqual([otherId]);
  });

  it('the record: neither who is an admin nor who is on a temporary password', async () => {
    for (const id of [adminId, otherId]) {
      const res = await call('GET', `/api/users/${id}?include=company`, agent);
      expect(res.statusCode).toBe(200);
      expect(accountOf(res.json().data)).toEqual([]);
      expect(res.json().data).toMatchObject({ id, company: expect.any(Object) });
    }
  });

  it('the export has no account column', async () => {
    const res = await call('GET', '/api/users/export', agent);
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .split('\n')[0]!
        .replace(/^\uFEFF/, '')
        .trim(),
    ).toBe(CONTACT_EXPORT_COLUMNS.join(','));
    expect(res.body).not.toMatch(/2026-11-20|admin|EUR/);
  });

  it('nor the answers to their own writes, nor a 412’s current record', async () => {
    const colleague = await buildUser({
      name: 'Cara Colleague',
      email: 'cara@savills.example',
      company_id: agencyId,
    });
    const body = { company_id: agencyId, name: 'Cara Colleague', email: 'cara@savills.example' };
    const created = await call('POST', '/api/users', agent, {
      ...body,
      email: 'new@savills.example',
      name: 'New Person',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(accountOf(created.json().data)).toEqual([]);
    const read = (await call('GET', `/api/users/${colleague.id}`, agent)).json().data as Row & {
      version: string;
    };
    const saved = await call(
      'PUT',
      `/api/users/${colleague.id}`,
      agent,
      { ...body, mobile: '07700 900123' },
      read.version,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(accountOf(saved.json().data)).toEqual([]);
    const stale = await call('PUT', `/api/users/${colleague.id}`, agent, body, read.version);
    expect(stale.statusCode).toBe(412);
    expect(accountOf(stale.json().data)).toEqual([]);
  });

  it('the version everyone reads does not change with the type, so it cannot betray it', async () => {
    const before = (await call('GET', `/api/users/${otherId}`, agent)).json().data.version as string;
    expect((await call('GET', `/api/users/${otherId}`, admin)).json().data.version).toBe(before);
    const promoted = await call('PUT', `/api/users/${otherId}`, admin, {
      company_id: null,
      name: 'Tara Temp',
      email: 'tara@boots.example',
      type: 'admin',
    });
    expect(promoted.json().data).toMatchObject({ type: 'admin' });
    // The same form with only the type changed back: the version does not move.
    const asUser = await call('PUT', `/api/users/${otherId}`, admin, {
      company_id: null,
      name: 'Tara Temp',
      email: 'tara@boots.example',
      type: 'user',
    });
    expect(asUser.json().data.version).toBe(promoted.json().data.version);
  });
});

describe('the user themselves and admins read the account', () => {
  it('an agent reads their own, in the record and in the list', async () => {
    const own = (await call('GET', `/api/users/${agentId}`, agent)).json().data as Row;
    expect(accountOf(own).sort()).toEqual([...ACCOUNT_FIELDS].sort());
    expect(own).toMatchObject({ type: 'user', is_temp: false, can_sign_in: true });
    const row = (await list(agent)).find((u) => u.id === agentId)!;
    expect(accountOf(row).sort()).toEqual([...ACCOUNT_FIELDS].sort());
    const me = (await call('GET', '/api/auth/me', agent)).json().data as Row;
    expect(accountOf(me).sort()).toEqual([...ACCOUNT_FIELDS].sort());
  });

  it('an admin reads everyone’s', async () => {
    const rows = await list(admin);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const u of rows) expect(accountOf(u).sort(), `user ${u.id}`).toEqual([...ACCOUNT_FIELDS].sort());
    const tara = (await call('GET', `/api/users/${otherId}`, admin)).json().data;
    expect(tara).toMatchObject({
      type: 'user',
      is_temp: true,
      can_sign_in: true,
      currency: 'EUR',
      last_activity: '2026-11-20T09:15:42.123Z',
    });
    expect((await call('GET', `/api/users/${adminId}`, admin)).json().data).toMatchObject({ type: 'admin' });
  });
});

describe('no other route carries an account', () => {
  /** Objects that look like a user (an e-mail beside a name) and carry an account field, anywhere. */
  const accountsIn = (value: unknown, path = '$'): string[] => {
    if (Array.isArray(value)) return value.flatMap((v, i) => accountsIn(v, `${path}[${i}]`));
    if (!value || typeof value !== 'object') return [];
    const o = value as Record<string, unknown>;
    const own =
      'email' in o && 'name' in o
        ? ACCOUNT_FIELDS.filter((k) => k in o).map((k) => `${path}.${k}`)
        : ['is_temp', 'can_sign_in', 'last_activity'].filter((k) => k in o).map((k) => `${path}.${k}`);
    return [...own, ...Object.entries(o).flatMap(([k, v]) => accountsIn(v, `${path}.${k}`))];
  };

  it('every GET of the route matrix, as another company’s user, except their own session', async () => {
    const gets = Object.entries(MATRIX).filter(
      ([route, row]) =>
        route.startsWith('GET ') && row.expect.other_company === 200 && !route.startsWith('GET /api/auth/'),
    );
    expect(gets.length).toBeGreaterThan(30);
    for (const [route, row] of gets) {
      await resetData();
      const w = await buildWorld();
      // An admin of company A on a temporary password, active a moment ago: none of it may show.
      await buildUser({
        name: 'Quiet Admin',
        email: 'quiet@example.com',
        type: 'admin',
        password: PW,
        is_temp: true,
        last_activity: new Date(),
        company_id: w.companyA.id,
      });
      const made = { ...(await row.setup?.(w)) };
      if (made.other_company !== undefined) made.actor = made.other_company;
      const cookie = await sessionCookie(t.app, w.otherUser);
      const res = await call('GET', row.url(w, made), cookie);
      expect(res.statusCode, route).toBe(200);
      if (!String(res.headers['content-type']).includes('json')) continue;
      const self = w.otherUser.id;
      const leaks = accountsIn(res.json()).filter((p) => !isOwn(res.json(), p, self));
      expect(leaks, route).toEqual([]);
    }
  });
});

/** A leak path inside the viewer's own record (their own account is theirs to read). */
const isOwn = (body: unknown, path: string, self: number): boolean => {
  const parts = path.replace(/^\$/, '').match(/\.[^.[]+|\[\d+\]/g) ?? [];
  let node: unknown = body;
  for (const part of parts.slice(0, -1)) {
    node = part.startsWith('[')
      ? (node as unknown[])[Number(part.slice(1, -1))]
      : (node as Record<string, unknown>)[part.slice(1)];
  }
  return (node as { id?: number } | undefined)?.id === self;
};
