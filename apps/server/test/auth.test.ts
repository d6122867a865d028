import { API_MESSAGES } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { sessions, users } from '../src/db/schema';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  cookieOf,
  forbiddenKeys,
  login,
  resetData,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetData();
});

const PASSWORD = 'correct-horse-9';

const post = (url: string, payload?: unknown, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, ...(cookie ? { cookie } : {}) } });
const put = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

describe('POST /api/auth/login', () => {
  it('signs in, sets a hardened cookie and answers the user with company', async () => {
    const company = await buildCompany({ name: 'Savills' });
    await buildUser({ email: 'Jamie@Example.com', password: PASSWORD, company_id: company.id });
    const res = await post('/api/auth/login', { email: 'jamie@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.email).toBe('Jamie@Example.com');
    expect(body.data.company).toMatchObject({ id: company.id, name: 'Savills' });
    expect(body.data.settings).toEqual({ theme: 'light', hidden_videos: [] });
    expect(body.data.last_activity).toMatch(/Z$/);
    expect(forbiddenKeys(body)).toEqual([]);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^frontage_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    // Stored hashed, never as sent.
    const token = res.cookies[0]!.value;
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers unknown user, wrong password and passwordless contact identically', async () => {
    await buildUser({ email: 'a@example.com', password: PASSWORD });
    await buildUser({ email: 'contact@example.com', password: null });
    const answers = await Promise.all([
      post('/api/auth/login', { email: 'nobody@example.com', password: PASSWORD }),
      post('/api/auth/login', { email: 'a@example.com', password: 'wrong-password' }),
      post('/api/auth/login', { email: 'contact@example.com', password: PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: API_MESSAGES.badCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates the body with 422 field errors', async () => {
    const res = await post('/api/auth/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: API_MESSAGES.invalidData,
      errors: {
        email: ['The email must be a valid email address.'],
        password: ['The password field is required.'],
      },
    });
  });

  // Failures used to lock the account for everyone (and an address for every
  // account) for 15 minutes. They now delay only the (account, address) pair that failed, and an
  // address across the accounts it is not known for (ADR 0035; the full policy in login-throttle.test.ts).
  it('answers repeated failures from one address with 429 and Retry-After, not the same account elsewhere', async () => {
    await buildUser({ email: 'lock@example.com', password: PASSWORD });
    for (let i = 0; i < 4; i++) {
      const r = await post('/api/auth/login', { email: 'lock@example.com', password: 'nope-nope' });
      expect(r.statusCode).toBe(401);
    }
    const res = await post('/api/auth/login', { email: 'LOCK@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ msg: API_MESSAGES.tooManyAttempts });
    expect(Number(res.headers['retry-after'])).toBe(1);
    // The owner from another address is not locked out.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      remoteAddress: '10.1.2.3',
      payload: { email: 'lock@example.com', password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
    // When the delay ends the right password works here too and clears the pair's failures.
    await t.db.execute(sql`update login_throttle set blocked_until = now() - interval '1 second'`);
    expect(
      (await post('/api/auth/login', { email: 'lock@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    const rows = await queryRows<{ failures: number }>(
      t.db,
      sql`select failures from login_throttle where key = 'pair:lock@example.com|127.0.0.1'`,
    );
    expect(rows).toEqual([{ failures: 0 }]);
  });

  it('slows an address that fails across accounts, except for accounts known there', async () => {
    const local = await buildTestApp({ env: { LOGIN_ADDRESS_FREE_FAILURES: '3' } });
    try {
      await buildUser({ email: 'ip@example.com', password: PASSWORD });
      await buildUser({ email: 'known@example.com', password: PASSWORD });
      const from = (email: string, password: string, remoteAddress = '127.0.0.1') =>
        local.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: XHR,
          remoteAddress,
          payload: { email, password },
        });
      expect((await from('known@example.com', PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await from(`other${i}@example.com`, 'nope-nope')).statusCode).toBe(401);
      const res = await from('ip@example.com', PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // An account that signed in from this address before is not slowed; another address is not affected.
      expect((await from('known@example.com', PASSWORD)).statusCode).toBe(200);
      expect((await from('ip@example.com', PASSWORD, '10.1.2.3')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a session', async () => {
    const res = await get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ msg: API_MESSAGES.unauthenticated });
  });

  it('works with and without a trailing slash, company only when included', async () => {
    const company = await buildCompany();
    await buildUser({ email: 'me@example.com', password: PASSWORD, company_id: company.id });
    const cookie = await login(t.app, 'me@example.com', PASSWORD);
    const plain = await get('/api/auth/me', cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).not.toHaveProperty('company');
    const slash = await get('/api/auth/me/?include=company', cookie);
    expect(slash.statusCode).toBe(200);
    expect(slash.json().data.company.id).toBe(company.id);
    expect(forbiddenKeys(slash.json())).toEqual([]);
    const unknownInclude = await get('/api/auth/me?include=scraper,company', cookie);
    expect(unknownInclude.json().data.company.id).toBe(company.id);
  });

  it('answers company null for a user without a company', async () => {
    await buildUser({ email: 'solo@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'solo@example.com', PASSWORD);
    expect((await get('/api/auth/me?include=company', cookie)).json().data.company).toBeNull();
  });

  it('rejects a made-up cookie', async () => {
    const res = await get('/api/auth/me', 'frontage_session=forged');
    expect(res.statusCode).toBe(401);
  });
});

describe('session lifetime', () => {
  it('refresh rotates the token: the old one stops working after a short grace, the new one works', async () => {
    await buildUser({ email: 'r@example.com', password: PASSWORD });
    const oldCookie = await login(t.app, 'r@example.com', PASSWORD);
    const res = await post('/api/auth/refresh', undefined, oldCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('r@example.com');
    const newCookie = cookieOf(res);
    expect(newCookie).not.toBe(oldCookie);
    // Requests already on their way with the old cookie (another tab's) still work (ADR 0074) ...
    expect((await get('/api/auth/me', oldCookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', newCookie)).statusCode).toBe(200);
    // ... for a minute (sessions.test.ts has the rest).
    const later = await buildTestApp({ now: () => new Date(Date.now() + 61_000) });
    try {
      const me = (cookie: string) =>
        later.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...XHR, cookie } });
      expect((await me(oldCookie)).statusCode).toBe(401);
      expect((await me(newCookie)).statusCode).toBe(200);
    } finally {
      await later.close();
    }
  });

  it('refresh accepts an empty JSON body', async () => {
    await buildUser({ email: 'rj@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'rj@example.com', PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...XHR, cookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('ends after the idle lifetime; refresh resets the idle clock', async () => {
    await buildUser({ email: 'idle@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'idle@example.com', PASSWORD);
    await t.db.execute(sql`update sessions set last_seen_at = now() - interval '119 minutes'`);
    const refreshed = await post('/api/auth/refresh', undefined, cookie);
    expect(refreshed.statusCode).toBe(200);
    const fresh = cookieOf(refreshed);
    const [row] = await t.db.select().from(sessions);
    expect(Date.now() - row!.last_seen_at.getTime()).toBeLessThan(60_000);
    await t.db.execute(sql`update sessions set last_seen_at = now() - interval '121 minutes'`);
    expect((await get('/api/auth/me', fresh)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('ends at the absolute lifetime even when refreshed', async () => {
    await buildUser({ email: 'abs@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'abs@example.com', PASSWORD);
    const [before] = await t.db.select().from(sessions);
    const refreshed = await post('/api/auth/refresh', undefined, cookie);
    const fresh = cookieOf(refreshed);
    const [after] = await t.db.select().from(sessions);
    expect(after!.expires_at.getTime()).toBe(before!.expires_at.getTime());
    expect(after!.expires_at.getTime() - after!.created_at.getTime()).toBe(168 * 3600 * 1000);
    // Move the clock past the absolute end.
    const late = await buildTestApp({ now: () => new Date(after!.expires_at.getTime() + 1000) });
    try {
      const res = await late.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { ...XHR, cookie: fresh },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await late.close();
    }
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    await buildUser({ email: 'out@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'out@example.com', PASSWORD);
    const res = await post('/api/auth/logout', undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', msg: API_MESSAGES.loggedOut, data: null });
    expect(String(res.headers['set-cookie'])).toMatch(/frontage_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });
});

describe('PUT /api/auth/password', () => {
  it('refuses a wrong current password on current_password', async () => {
    await buildUser({ email: 'pw@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'pw@example.com', PASSWORD);
    const res = await put(
      '/api/auth/password',
      { current_password: 'wrong-one', password: 'new-password-1', password_confirmation: 'new-password-1' },
      cookie,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: API_MESSAGES.invalidData,
      errors: { current_password: ['The current password is incorrect.'] },
    });
  });

  it('refuses a mismatched confirmation and a short password', async () => {
    await buildUser({ email: 'pw2@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'pw2@example.com', PASSWORD);
    const res = await put(
      '/api/auth/password',
      { current_password: PASSWORD, password: 'new-password-1', password_confirmation: 'other-password' },
      cookie,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password_confirmation: ['The password confirmation does not match.'],
    });
    const short = await put(
      '/api/auth/password',
      { current_password: PASSWORD, password: 'short', password_confirmation: 'short' },
      cookie,
    );
    expect(short.json().errors.password).toEqual(['The password must be at least 8 characters.']);
  });

  it('changes the password, clears is_temp, keeps this session and drops the others', async () => {
    const user = await buildUser({ email: 'temp@example.com', password: PASSWORD, is_temp: true });
    const other = await login(t.app, 'temp@example.com', PASSWORD);
    const cookie = await login(t.app, 'temp@example.com', PASSWORD);
    const res = await put(
      '/api/auth/password',
      { current_password: PASSWORD, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: API_MESSAGES.passwordChanged,
      data: { is_temp: false },
    });
    expect(forbiddenKeys(res.json())).toEqual([]);
    expect((await get('/api/auth/me', cookie)).statusCode).toBe(200);
    expect((await get('/api/auth/me', other)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.is_temp).toBe(false);
    expect(
      (await post('/api/auth/login', { email: 'temp@example.com', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: 'temp@example.com', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
  });
});

describe('PUT /api/auth/me', () => {
  it('saves the profile', async () => {
    await buildUser({ email: 'prof@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'prof@example.com', PASSWORD);
    const res = await put(
      '/api/auth/me',
      { name: 'Priya Shah', direct_dial: '020 7946 0123', mobile: '', currency: 'EUR', type: 'admin' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: API_MESSAGES.profileSaved,
      data: { name: 'Priya Shah', direct_dial: '020 7946 0123', mobile: null, currency: 'EUR', type: 'user' },
    });
  });

  it('answers 422 for a short name and an unknown currency', async () => {
    await buildUser({ email: 'prof2@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'prof2@example.com', PASSWORD);
    const res = await put('/api/auth/me', { name: 'Al', currency: 'JPY' }, cookie);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe(API_MESSAGES.invalidData);
    expect(body.errors.name).toEqual(['The name must be at least 3 characters.']);
    expect(body.errors.currency).toHaveLength(1);
  });
});
