/**
 * Sessions per browser (ADR 0074): signing in again in the same browser ends
 * its old session, other browsers keep theirs, and two tabs refreshing one session at once both
 * stay signed in. The app's clock is moved by hand to cross the refresh grace.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { REFRESH_GRACE_MS } from '../src/modules/auth/auth.service';
import { hashToken } from '../src/lib/tokens';
import { XHR, buildTestApp, buildUser, cookieOf, login, resetData, type TestApp } from './helpers';

const PASSWORD = 'session-password-1';
let clock = 0;
const now = () => new Date(clock);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  clock = Date.parse('2026-03-02T09:00:00.000Z');
  await resetData();
});

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...XHR, cookie } });
const refresh = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { ...XHR, cookie } });
const signIn = (email: string, password: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: { email, password },
  });
const sessionRows = () => t.db.select().from(sessions);

describe('two tabs refreshing at once', () => {
  it('both succeed, both get the same new token, and it works; the old one only for the grace', async () => {
    await buildUser({ email: 'tabs@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'tabs@example.com', PASSWORD);
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [ca, cb] = [cookieOf(a), cookieOf(b)];
    expect(ca).toBe(cb);
    expect(ca).not.toBe(cookie);
    for (const c of [ca, cb, cookie]) expect((await me(c)).statusCode).toBe(200);
    expect(await sessionRows()).toHaveLength(1);

    // Past the grace the old cookie is refused (it is not ended: the session lives on).
    clock += REFRESH_GRACE_MS;
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await me(ca)).statusCode).toBe(200);
  });

  it('a tab whose refresh comes just after the other tab’s gets the same token', async () => {
    await buildUser({ email: 'late@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'late@example.com', PASSWORD);
    const first = await refresh(cookie);
    clock += REFRESH_GRACE_MS - 1000;
    const second = await refresh(cookie);
    expect(second.statusCode).toBe(200);
    expect(cookieOf(second)).toBe(cookieOf(first));
    const [row] = await sessionRows();
    expect(row!.token_hash).toBe(hashToken(cookieOf(first).split('=')[1]!));
    expect(row!.previous_token_hash).toBe(hashToken(cookie.split('=')[1]!));
  });

  it('a token two refreshes old answers 401, and ten tabs at once all keep working', async () => {
    await buildUser({ email: 'many@example.com', password: PASSWORD });
    const t1 = await login(t.app, 'many@example.com', PASSWORD);
    const t2 = cookieOf(await refresh(t1));
    const t3 = cookieOf(await refresh(t2));
    expect((await me(t1)).statusCode).toBe(401);
    expect((await refresh(t1)).statusCode).toBe(401);
    expect((await me(t2)).statusCode).toBe(200);
    const all = await Promise.all(Array.from({ length: 10 }, () => refresh(t3)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(all.map(cookieOf)).size).toBe(1);
    expect((await me(cookieOf(all[0]!))).statusCode).toBe(200);
  });

  it('a refresh still ends with the session: logged out, neither token refreshes', async () => {
    await buildUser({ email: 'gone@example.com', password: PASSWORD });
    const t1 = await login(t.app, 'gone@example.com', PASSWORD);
    const t2 = cookieOf(await refresh(t1));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...XHR, cookie: t1 } }))
        .statusCode,
    ).toBe(200);
    for (const c of [t1, t2]) {
      expect((await refresh(c)).statusCode).toBe(401);
      expect((await me(c)).statusCode).toBe(401);
    }
  });
});

describe('signing in again', () => {
  it('in the same browser (its cookie sent along) ends the old session', async () => {
    const user = await buildUser({ email: 'again@example.com', password: PASSWORD });
    const old = await login(t.app, 'again@example.com', PASSWORD);
    const res = await signIn('again@example.com', PASSWORD, old);
    expect(res.statusCode).toBe(200);
    const fresh = cookieOf(res);
    expect((await me(old)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, user.id))).toHaveLength(1);
  });

  it('as another user in the same browser ends the first user’s session there', async () => {
    await buildUser({ email: 'first@example.com', password: PASSWORD });
    await buildUser({ email: 'second@example.com', password: PASSWORD });
    const first = await login(t.app, 'first@example.com', PASSWORD);
    const res = await signIn('second@example.com', PASSWORD, first);
    expect(res.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(cookieOf(res))).json().data.email).toBe('second@example.com');
  });

  it('from another browser or device keeps the first one’s session', async () => {
    await buildUser({ email: 'devices@example.com', password: PASSWORD });
    const laptop = await login(t.app, 'devices@example.com', PASSWORD);
    const phone = await login(t.app, 'devices@example.com', PASSWORD);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
    expect(await sessionRows()).toHaveLength(2);
  });

  it('with a wrong password ends nothing', async () => {
    await buildUser({ email: 'typo@example.com', password: PASSWORD });
    const cookie = await login(t.app, 'typo@example.com', PASSWORD);
    expect((await signIn('typo@example.com', 'wrong-password-1', cookie)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('with the cookie of a tab that has just refreshed ends that session too', async () => {
    await buildUser({ email: 'mid@example.com', password: PASSWORD });
    const t1 = await login(t.app, 'mid@example.com', PASSWORD);
    const t2 = cookieOf(await refresh(t1));
    const res = await signIn('mid@example.com', PASSWORD, t1);
    expect(res.statusCode).toBe(200);
    expect((await me(t2)).statusCode).toBe(401);
    expect(await sessionRows()).toHaveLength(1);
  });
});
