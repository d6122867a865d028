import { UI_STATE_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'ui-state-password-1';
let alice: string;
let bob: string;
beforeEach(async () => {
  await resetData();
  await buildUser({ email: 'alice@example.com', password: PW });
  await buildUser({ email: 'bob@example.com', password: PW });
  alice = await sessionCookie(t.app, 'alice@example.com');
  bob = await sessionCookie(t.app, 'bob@example.com');
});

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

describe('saved interface state', () => {
  it('is empty until saved, then kept per user and screen, replaced on every save', async () => {
    expect((await call('GET', '/api/ui-state/companies', alice)).json()).toEqual({
      data: { screen: 'companies', state: {}, updated_at: null },
    });
    const state = { q: 'boots', category_id: 3, verification: 'lapsed', sort: '-updated_at', per_page: 50 };
    const saved = await call('PUT', '/api/ui-state/companies', alice, { state });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ screen: 'companies', state });
    expect((await call('GET', '/api/ui-state/companies', alice)).json().data.state).toEqual(state);
    expect((await call('GET', '/api/ui-state/companies', bob)).json().data.state).toEqual({});
    expect((await call('GET', '/api/ui-state/contacts', alice)).json().data.state).toEqual({});
    await call('PUT', '/api/ui-state/companies', alice, { state: { q: 'next' } });
    expect((await call('GET', '/api/ui-state/companies', alice)).json().data.state).toEqual({ q: 'next' });
  });

  it('refuses unknown screens, non-objects and oversized state with 422', async () => {
    expect((await call('GET', '/api/ui-state/secrets', alice)).statusCode).toBe(422);
    expect((await call('PUT', '/api/ui-state/companies', alice, { state: [1, 2] })).statusCode).toBe(422);
    const big = await call('PUT', '/api/ui-state/map', alice, { state: { blob: 'x'.repeat(9000) } });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors).toEqual({ state: [UI_STATE_MESSAGES.tooLarge] });
    expect((await call('GET', '/api/ui-state/map', alice)).json().data.state).toEqual({});
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ui-state/map', headers: XHR })).statusCode).toBe(
      401,
    );
  });
});
