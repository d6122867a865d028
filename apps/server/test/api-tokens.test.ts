/**
 * API tokens (ADR 0097): made once and kept hashed; `Authorization: Bearer` without a cookie or
 * X-Requested-With; scopes per area (403, nothing written); expiry, revocation and malformed
 * tokens (401); the owner's permissions still apply; integration accounts; a rate limit per
 * token; last use recorded at most once a minute.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokens, comments, users } from '../src/db/schema';
import { scopeNeeded } from '../src/modules/api-tokens/api-token-scopes';
import { createIntegrationAccount } from '../src/modules/auth/account.service';
import { documentedRoutes } from './matrix';
import {
  XHR,
  buildCompanies,
  buildTestApp,
  buildUsers,
  resetData,
  sessionCookie,
  tableFingerprint,
  type TestApp,
} from './helpers';

const START = new Date('2026-06-01T09:00:00Z');
let clock = START;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const world = async () => {
  const [a, b] = await buildCompanies([{ name: 'Alpha Estates' }, { name: 'Beta Retail' }]);
  const [admin, agent, other, bot] = await buildUsers([
    { email: 'admin@example.com', password: 'pw-123456', type: 'admin' },
    { email: 'agent@example.com', password: 'pw-123456', company_id: a!.id },
    { email: 'other@example.com', password: 'pw-123456', company_id: b!.id },
    { name: 'Accounts sync', email: null, is_integration: true },
  ]);
  return { a: a!, b: b!, admin: admin!, agent: agent!, other: other!, bot: bot! };
};
type W = Awaited<ReturnType<typeof world>>;
let w: W;

beforeEach(async () => {
  clock = START;
  await resetData();
  w = await world();
});

const create = async (user: { id: number }, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { ...XHR, cookie: await sessionCookie(t.app, user) },
    payload: body,
  });

const tokenFor = async (user: { id: number }, scopes: string[], more: object = {}): Promise<string> => {
  const res = await create(user, { name: 'Test', scopes, ...more });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { token: string } }).data.token;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('making, listing and revoking tokens', () => {
  it('answers the token once, recognisable and checksummed, and keeps only its hash', async () => {
    const res = await create(w.agent, { name: 'Website', scopes: ['properties:read'] });
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: Record<string, unknown> & { token: string; id: number } };
    expect(data.token).toMatch(/^frt_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
    expect(data).toMatchObject({
      name: 'Website',
      scopes: ['properties:read'],
      owner: { id: w.agent.id, is_integration: false },
      created_at: START.toISOString(),
      expires_at: new Date(START.getTime() + 90 * 86_400_000).toISOString(),
      last_used_at: null,
      hint: `${data.token.slice(0, 8)}…`,
    });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(row!.token_hash).toBe(createHash('sha256').update(data.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(data.token);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(data.token);
    expect((list.json() as { data: Array<{ id: number }> }).data.map((x) => x.id)).toEqual([data.id]);
  });

  it('requires a name and a scope, and an expiry of 1 to 365 days', async () => {
    for (const [body, field] of [
      [{ name: '', scopes: ['deals:read'] }, 'name'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['deals:delete'] }, 'scopes.0'],
      [{ name: 'x', scopes: ['deals:read'], expires_in_days: 0 }, 'expires_in_days'],
      [{ name: 'x', scopes: ['deals:read'], expires_in_days: 366 }, 'expires_in_days'],
    ] as const) {
      const res = await create(w.agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys((res.json() as { errors: object }).errors)).toContain(field);
    }
    const year = await create(w.agent, { name: 'x', scopes: ['deals:read'], expires_in_days: 365 });
    expect((year.json() as { data: { expires_at: string } }).data.expires_at).toBe(
      new Date(START.getTime() + 365 * 86_400_000).toISOString(),
    );
  });

  it('gives the admin scope only to an admin', async () => {
    const refused = await create(w.agent, { name: 'x', scopes: ['admin'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { scopes: ['Only an admin may give a token the admin scope.'] },
    });
    expect(await create(w.admin, { name: 'x', scopes: ['admin'] })).toHaveProperty('statusCode', 201);
  });

  it('lets an admin make, list and revoke an integration account’s tokens, and nobody else', async () => {
    const made = await create(w.admin, { name: 'Sync', scopes: ['deals:read'], owner_id: w.bot.id });
    expect(made.statusCode).toBe(201);
    const { data } = made.json() as { data: { id: number; token: string } };
    expect(made.json()).toMatchObject({ data: { owner: { id: w.bot.id, is_integration: true } } });
    // The integration account's token works as that account.
    const res = await t.app.inject({ method: 'GET', url: '/api/deals', headers: bearer(data.token) });
    expect(res.statusCode).toBe(200);

    expect(
      (await create(w.admin, { name: 'x', scopes: ['deals:read'], owner_id: w.agent.id })).statusCode,
    ).toBe(422);
    expect(
      (await create(w.agent, { name: 'x', scopes: ['deals:read'], owner_id: w.bot.id })).statusCode,
    ).toBe(403);

    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.admin) },
    });
    expect(adminList.json()).toMatchObject({
      data: [{ id: data.id }],
      meta: { integration_accounts: [{ id: w.bot.id, name: 'Accounts sync' }] },
    });
    const agentList = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(agentList.json()).toEqual({ data: [], meta: { integration_accounts: [] } });

    const byAgent = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${data.id}`,
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(byAgent.statusCode).toBe(404);
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${data.id}`,
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.admin) },
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe('integration accounts (user:create --integration)', () => {
  it('makes an account that cannot sign in and whose token works as it', async () => {
    const account = await createIntegrationAccount(
      { db: t.db, config: t.config, now: () => clock },
      { name: 'Website feed' },
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ is_integration: true, password_hash: null, email: null, type: 'user' });
    const token = await tokenFor(w.admin, ['comments:write'], { owner_id: account.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(token),
      payload: { content: '<p>Synced</p>', entity_type: 'company', entity_id: w.a.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.db.select().from(comments))[0]!.user_id).toBe(account.id);
    const admin = await create(w.admin, { name: 'x', scopes: ['admin'], owner_id: account.id });
    expect(admin.statusCode).toBe(422);
  });
});

describe('integration accounts (POST /api/integration-accounts)', () => {
  const makeAccount = async (user: { id: number } | string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integration-accounts',
      headers: { ...XHR, cookie: typeof user === 'string' ? user : await sessionCookie(t.app, user) },
      payload,
    });

  it('lets an admin make one, listed for token owners, that cannot sign in', async () => {
    const res = await makeAccount(w.admin, { name: '  Accounts export ', admin: true });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data as { id: number; name: string; admin: boolean };
    expect(made).toEqual({ id: made.id, name: 'Accounts export', admin: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, made.id));
    expect(row).toMatchObject({ is_integration: true, password_hash: null, email: null, type: 'admin' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/tokens',
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.admin) },
    });
    expect(list.json().meta.integration_accounts).toContainEqual({ id: made.id, name: 'Accounts export' });
    // An admin account's token may carry the admin scope.
    await tokenFor(w.admin, ['admin', 'deals:read'], { owner_id: made.id });
  });

  it('refuses everyone but an admin, and a short name, writing nothing', async () => {
    // Not with a token either, whatever its scopes (a leaked token cannot make owners of tokens).
    const token = await tokenFor(w.admin, ['admin', 'companies:write']);
    const [agent, other, admin] = await Promise.all(
      [w.agent, w.other, w.admin].map((u) => sessionCookie(t.app, u)),
    );
    const before = await tableFingerprint();
    for (const cookie of [agent!, other!])
      expect((await makeAccount(cookie, { name: 'Sneaky sync' })).statusCode).toBe(403);
    const short = await makeAccount(admin!, { name: 'ab' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ name: ['The name must be at least 3 characters.'] });
    const byToken = await t.app.inject({
      method: 'POST',
      url: '/api/integration-accounts',
      headers: bearer(token),
      payload: { name: 'Token-made sync' },
    });
    expect(byToken.statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('Authorization: Bearer', () => {
  it('needs no cookie and no X-Requested-With; the CSRF guard still holds for cookies', async () => {
    const token = await tokenFor(w.agent, ['properties:read']);
    const res = await t.app.inject({ method: 'GET', url: '/api/properties', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json()).toEqual({ msg: 'The X-Requested-With header is required.' });
  });

  it('refuses a route its scopes do not cover with 403, writing nothing', async () => {
    const token = await tokenFor(w.agent, ['comments:read', 'deals:write']);
    const before = await tableFingerprint();
    for (const [method, url] of [
      ['POST', '/api/comments'],
      ['GET', '/api/properties'],
      ['GET', '/api/companies'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/password'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/notifications'],
      ['GET', '/api/core/news'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'GET' ? {} : { payload: { body: '<p>hi</p>', name: 'x', scopes: ['admin'] } }),
      });
      expect([url, res.statusCode], res.body).toEqual([url, 403]);
      expect(res.json()).toEqual({ msg: "This token's scopes do not allow this request." });
    }
    expect(await tableFingerprint()).toEqual(before);
    // Read is included in write, and a read scope reads.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/deals', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/comments?entity_type=company&entity_id=${w.a.id}`,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
  });

  it('writes as its owner, whose permissions still apply', async () => {
    const token = await tokenFor(w.agent, ['comments:write', 'companies:write']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: bearer(token),
      payload: { content: '<p>From the accounts system</p>', entity_type: 'company', entity_id: w.a.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(comments);
    expect(row!.user_id).toBe(w.agent.id);
    // A company of another firm is not the agent's to change, token or not.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${w.b.id}`,
      headers: bearer(token),
      payload: { name: 'Renamed' },
    });
    expect(put.statusCode).toBe(403);
  });

  it('reaches admin routes only with the admin scope of an admin', async () => {
    const withAdmin = await tokenFor(w.admin, ['admin']);
    const without = await tokenFor(w.admin, ['properties:write', 'companies:write']);
    const ok = await t.app.inject({ method: 'GET', url: '/api/core/news', headers: bearer(withAdmin) });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/core/news', headers: bearer(without) });
    expect(refused.statusCode).toBe(403);
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${w.a.id}/merge`,
      headers: bearer(without),
      payload: { target_id: w.b.id },
    });
    expect(merge.statusCode).toBe(403);
  });

  it('refuses expired, revoked, malformed, wrong-prefix and bad-checksum tokens with 401', async () => {
    const token = await tokenFor(w.agent, ['deals:read'], { expires_in_days: 1 });
    const call = (auth: string) =>
      t.app.inject({ method: 'GET', url: '/api/deals', headers: { authorization: auth } });
    expect((await call(`Bearer ${token}`)).statusCode).toBe(200);
    const [, random, check] = /^frt_(\w{32})_(\w{6})$/.exec(token)!;
    const flipped = check![0] === 'A' ? `B${check!.slice(1)}` : `A${check!.slice(1)}`;
    for (const bad of [
      'Bearer ',
      'Bearer nonsense',
      `Bearer ghp_${random}_${check}`,
      `Bearer frt_${random}_${flipped}`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${token}x`,
    ]) {
      const res = await call(bad);
      expect([bad, res.statusCode]).toEqual([bad, 401]);
      expect(res.json()).toEqual({ msg: 'Unauthenticated.' });
    }
    // A bad bearer is never rescued by a cookie that came with it.
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/deals',
      headers: { ...XHR, authorization: 'Bearer frt_x', cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(both.statusCode).toBe(401);

    clock = new Date(START.getTime() + 86_400_000);
    expect((await call(`Bearer ${token}`)).statusCode).toBe(401);

    clock = START;
    const other = await tokenFor(w.agent, ['deals:read']);
    const id = (await t.db.select().from(apiTokens).where(eq(apiTokens.name, 'Test'))).at(-1)!.id;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(revoke.json()).toEqual({ status: 'success', msg: 'The token has been revoked.', data: null });
    expect((await call(`Bearer ${other}`)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${id}`,
      headers: { ...XHR, cookie: await sessionCookie(t.app, w.agent) },
    });
    expect(again.statusCode).toBe(404);
  });

  it('stops working when its owner can no longer sign in', async () => {
    const token = await tokenFor(w.agent, ['deals:read']);
    await t.db.update(users).set({ password_hash: null }).where(eq(users.id, w.agent.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/deals', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('records the last use and address at most once a minute', async () => {
    const token = await tokenFor(w.agent, ['deals:read']);
    const lastUsed = async () =>
      (await t.db.select().from(apiTokens))[0]!.last_used_at?.toISOString() ?? null;
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/deals',
        headers: bearer(token),
        remoteAddress: '203.0.113.9',
      });
    await get();
    expect(await lastUsed()).toBe(START.toISOString());
    expect((await t.db.select().from(apiTokens))[0]!.last_used_ip).toBe('203.0.113.9');
    clock = new Date(START.getTime() + 30_000);
    await get();
    expect(await lastUsed()).toBe(START.toISOString());
    clock = new Date(START.getTime() + 61_000);
    await get();
    expect(await lastUsed()).toBe(clock.toISOString());
  });
});

describe('a rate limit per token', () => {
  it('answers 429 with Retry-After past API_TOKEN_RATE_LIMIT, for that token only', async () => {
    const local = await buildTestApp({ env: { API_TOKEN_RATE_LIMIT: '3' } });
    try {
      const cookie = await sessionCookie(local.app, w.agent);
      const make = async () =>
        (
          (
            await local.app.inject({
              method: 'POST',
              url: '/api/tokens',
              headers: { ...XHR, cookie },
              payload: { name: 'x', scopes: ['deals:read'] },
            })
          ).json() as { data: { token: string } }
        ).data.token;
      const [one, two] = [await make(), await make()];
      const get = (token: string) =>
        local.app.inject({ method: 'GET', url: '/api/deals', headers: bearer(token) });
      for (let i = 0; i < 3; i++) expect((await get(one)).statusCode).toBe(200);
      const limited = await get(one);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ msg: 'Too many requests. Please slow down.' });
      expect((await get(two)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});

/**
 * The routes no token reaches: the session and sign-in, the tokens themselves, the user's own
 * settings, notifications and screens' state, and the routes that need no session at all. A new
 * route lands here until the scope table names it: a conscious choice, not an accident.
 */
const NO_TOKEN = [
  'DELETE /api/settings/calendar-feed',
  'DELETE /api/tokens/{id}',
  'DELETE /api/watches/{entity_type}/{id}',
  'GET /api/auth/me',
  'GET /api/calendar/{token}.ics',
  'GET /api/config',
  'GET /api/health',
  'GET /api/news/whats-new',
  'GET /api/notifications',
  'GET /api/notifications/stream',
  'GET /api/notifications/unread-count',
  'GET /api/reminders/unsubscribe/{token}',
  'GET /api/settings/calendar-feed',
  'GET /api/settings/reminders',
  'GET /api/tokens',
  'GET /api/ui-state/{screen}',
  'GET /api/videos',
  'GET /api/watches',
  'GET /api/watches/{entity_type}/{id}',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/integration-accounts',
  'POST /api/news/seen',
  'POST /api/settings/calendar-feed',
  'POST /api/tokens',
  'PUT /api/auth/me',
  'PUT /api/auth/password',
  'PUT /api/notifications/read-all',
  'PUT /api/notifications/{id}/read',
  'PUT /api/settings/hide-video',
  'PUT /api/settings/reminders',
  'PUT /api/settings/theme',
  'PUT /api/ui-state/{screen}',
  'PUT /api/watches/{entity_type}/{id}',
];

describe('the scope table', () => {
  it('leaves exactly the account, session, token and personal routes out of every token’s reach', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<
      typeof documentedRoutes
    >[0];
    const unreachable = documentedRoutes(doc).filter((r) => {
      const [method, path] = r.split(' ') as [string, string];
      return !scopeNeeded(method, path.replace(/\{([^}]+)\}/g, ':$1'));
    });
    expect(unreachable).toEqual(NO_TOKEN);
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme beside the session cookie', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { securitySchemes: Record<string, object> };
      security: object[];
    };
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ apiToken: [] });
  });
});
