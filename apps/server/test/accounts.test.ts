import { CONTACT_MESSAGES } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  cookieOf,
  forbiddenKeys,
  resetData,
  sessionCookie,
  tableFingerprint,
  testDb,
  type TestApp,
} from './helpers';

/** The account fields an admin sets on a contact (ADR 0065). */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'accounts-password-1';
const TEMP = 'temporary-pass-1';
let admin: string;
let adminId: number;
let agent: string;
let agentId: number;
let colleagueId: number;
let agency: { id: number };

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  agency = await buildCompany({ name: 'Savills', domain: 'savills.co.uk' });
  adminId = (
    await buildUser({
      name: 'Alex Admin',
      email: 'admin@example.com',
      password: PW,
      type: 'admin',
      company_id: platform.id,
    })
  ).id;
  agentId = (
    await buildUser({
      name: 'Jamie Agent',
      email: 'agent@savills.co.uk',
      password: PW,
      company_id: agency.id,
    })
  ).id;
  colleagueId = (
    await buildUser({
      name: 'Priya Shah',
      email: 'priya@savills.co.uk',
      password: null,
      company_id: agency.id,
    })
  ).id;
  admin = await sessionCookie(t.app, 'admin@example.com');
  agent = await sessionCookie(t.app, 'agent@savills.co.uk');
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const rowOf = async (id: number) => (await (await testDb()).select().from(users).where(eq(users.id, id)))[0]!;

/** The contact's current editable fields, as the edit page sends them, plus the account fields. */
const putContact = async (cookie: string, id: number, account: object) => {
  const row = await rowOf(id);
  return call('PUT', `/api/users/${id}`, cookie, {
    company_id: row.company_id,
    name: row.name,
    email: row.email,
    direct_dial: row.direct_dial,
    mobile: row.mobile,
    ...account,
  });
};

const tryLogin = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, payload: { email, password } });

describe('the account state in the contact payload', () => {
  it('shows type and can_sign_in, never the password hash', async () => {
    const agentView = await call('GET', `/api/users/${agentId}`, admin);
    expect(agentView.json().data).toMatchObject({ type: 'user', can_sign_in: true, is_temp: false });
    const colleague = await call('GET', `/api/users/${colleagueId}`, admin);
    expect(colleague.json().data).toMatchObject({ type: 'user', can_sign_in: false });
    const list = await call('GET', `/api/users/?company_id=${agency.id}`, admin);
    expect(
      list
        .json()
        .data.map((u: { can_sign_in: boolean }) => u.can_sign_in)
        .sort(),
    ).toEqual([false, true]);
    for (const res of [agentView, colleague, list]) expect(forbiddenKeys(res.json())).toEqual([]);
  });
});

describe('an admin sets the account fields', () => {
  it('a temporary password lets the contact sign in, flagged is_temp until they change it', async () => {
    const res = await putContact(admin, colleagueId, { can_sign_in: true, password: TEMP });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ can_sign_in: true, is_temp: true });

    const signedIn = await tryLogin('priya@savills.co.uk', TEMP);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ id: colleagueId, is_temp: true });

    const cookie = cookieOf(signedIn);
    const changed = await call('PUT', '/api/auth/password', cookie, {
      current_password: TEMP,
      password: 'my-own-password-1',
      password_confirmation: 'my-own-password-1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await tryLogin('priya@savills.co.uk', 'my-own-password-1')).json().data).toMatchObject({
      is_temp: false,
    });
    expect((await call('GET', `/api/users/${colleagueId}`, admin)).json().data.is_temp).toBe(false);
  });

  it('a type change takes effect on the signed-in user’s next request', async () => {
    const spare = await buildUser({ name: 'Spare Contact', email: 'spare@example.com' });
    // An ordinary user may not delete contacts; the same session may once it is an admin's.
    expect((await call('DELETE', `/api/users/${spare.id}`, agent)).statusCode).toBe(403);
    const res = await putContact(admin, agentId, { type: 'admin' });
    expect(res.json().data).toMatchObject({ type: 'admin' });
    expect((await call('GET', '/api/auth/me', agent)).json().data.type).toBe('admin');
    expect((await call('DELETE', `/api/users/${spare.id}`, agent)).statusCode).toBeLessThan(300);
    // And back: the next request is an ordinary user's again.
    await putContact(admin, agentId, { type: 'user' });
    const other = await buildUser({ name: 'Other Contact', email: 'other@example.com' });
    expect((await call('DELETE', `/api/users/${other.id}`, agent)).statusCode).toBe(403);
  });

  it('can_sign_in false clears the password and signs the user out at once', async () => {
    const second = await sessionCookie(t.app, 'agent@savills.co.uk');
    expect((await call('GET', '/api/auth/me', agent)).statusCode).toBe(200);
    const res = await putContact(admin, agentId, { can_sign_in: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ can_sign_in: false, is_temp: false });
    expect((await call('GET', '/api/auth/me', agent)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', second)).statusCode).toBe(401);
    expect((await tryLogin('agent@savills.co.uk', PW)).statusCode).toBe(401);
    const row = await rowOf(agentId);
    expect(row.password_hash).toBeNull();
    expect(row.is_temp).toBe(false);
    // The admin's own session is untouched.
    expect((await call('GET', '/api/auth/me', admin)).statusCode).toBe(200);
  });

  it('turning sign-in on needs a temporary password when the user has none', async () => {
    const before = await tableFingerprint();
    const res = await putContact(admin, colleagueId, { can_sign_in: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: [CONTACT_MESSAGES.passwordNeeded] });
    const both = await putContact(admin, colleagueId, { can_sign_in: false, password: TEMP });
    expect(both.json().errors).toEqual({ password: [CONTACT_MESSAGES.passwordWithoutSignIn] });
    expect(await tableFingerprint()).toEqual(before);
    // A user who already signs in keeps their password.
    expect((await putContact(admin, agentId, { can_sign_in: true })).statusCode).toBe(200);
    expect((await tryLogin('agent@savills.co.uk', PW)).statusCode).toBe(200);
  });

  it('refuses an admin turning off their own sign-in or their own admin rights', async () => {
    const before = await tableFingerprint();
    const off = await putContact(admin, adminId, { can_sign_in: false });
    expect(off.statusCode).toBe(422);
    expect(off.json().errors).toEqual({ can_sign_in: [CONTACT_MESSAGES.cannotDisableSelf] });
    const demote = await putContact(admin, adminId, { type: 'user' });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ type: [CONTACT_MESSAGES.cannotDemoteSelf] });
    expect(await tableFingerprint()).toEqual(before);
    expect((await call('GET', '/api/auth/me', admin)).json().data).toMatchObject({ type: 'admin' });
    // Saying what is already true is fine.
    expect((await putContact(admin, adminId, { type: 'admin', can_sign_in: true })).statusCode).toBe(200);
  });

  it('creates a contact who can sign in only with a temporary password', async () => {
    const body = { company_id: agency.id, name: 'New Person', email: 'new@savills.co.uk' };
    const refused = await call('POST', '/api/users', admin, { ...body, can_sign_in: true });
    expect(refused.json().errors).toEqual({ password: [CONTACT_MESSAGES.passwordNeeded] });
    const made = await call('POST', '/api/users', admin, { ...body, can_sign_in: true, password: TEMP });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ can_sign_in: true, is_temp: true });
  });
});

describe('an ordinary user sending the account fields', () => {
  const sneaky = { type: 'admin', password: 'sneaky-password-1', can_sign_in: true };

  it('changes nothing on their own record', async () => {
    const before = await rowOf(agentId);
    const res = await putContact(agent, agentId, sneaky);
    expect(res.statusCode, res.body).toBe(200);
    const after = await rowOf(agentId);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect((await tryLogin('agent@savills.co.uk', 'sneaky-password-1')).statusCode).toBe(401);
    const off = await putContact(agent, agentId, { can_sign_in: false });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', agent)).statusCode).toBe(200);
    expect((await rowOf(agentId)).password_hash).toBe(before.password_hash);
  });

  it('changes nothing on a colleague’s record', async () => {
    const before = await rowOf(colleagueId);
    const res = await putContact(agent, colleagueId, sneaky);
    expect(res.statusCode, res.body).toBe(200);
    const after = await rowOf(colleagueId);
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect((await tryLogin('priya@savills.co.uk', 'sneaky-password-1')).statusCode).toBe(401);
  });
});
