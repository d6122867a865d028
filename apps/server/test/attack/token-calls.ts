/**
 * The route suite's token actors (ADR 0097). Every route gets ONE more test, not a copy of its four
 * actors: the tokens below call it as the actor who may (fuzzActor: an ordinary user where one may,
 * else an admin), without a cookie and without X-Requested-With —
 * - a token without the scope the route needs (every other scope) → 403, nothing written;
 * - an expired, a revoked and a wrong-prefix token holding that scope → 401, nothing written;
 * - a token with exactly the scope it needs → the status the matrix expects of its owner (the
 *   owner's permissions still apply), nothing written when that is a refusal.
 * A route no token reaches (api-token-scopes.ts) answers 403 to a token with every scope; a route
 * that needs no session answers as it does to anyone. The scope each route needs comes from the
 * server's own table, so the suite checks the table is enforced; api-tokens.test.ts checks the
 * table's choices.
 */
import { API_TOKEN_AREAS } from '@frontage/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiTokens } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import { hintOf, newApiToken } from '../../src/modules/api-tokens/api-token-format';
import { scopeNeeded } from '../../src/modules/api-tokens/api-token-scopes';
import { tableFingerprint, testDb } from '../helpers';
import type { Actor, Made, MatrixRow, World } from '../matrix/types';
import { userOf } from '../matrix/world';
import { fuzzActor } from './answers';
import type { RouteSuiteCounts } from './counts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ALL_AREA_SCOPES = API_TOKEN_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`]);

/** The router's template of an OpenAPI path (`{id}` → `:id`). */
const templateOf = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Inserts a token as POST /api/tokens would (its last use "just now": no touch write in the call). */
const insertToken = async (
  userId: number,
  scopes: string[],
  state: { expired?: boolean; revoked?: boolean } = {},
): Promise<string> => {
  const token = newApiToken();
  const now = Date.now();
  await (await testDb()).insert(apiTokens).values({
    user_id: userId,
    name: 'Matrix',
    token_hash: hashToken(token),
    hint: hintOf(token),
    scopes,
    expires_at: new Date(now + (state.expired ? -1000 : 86_400_000)),
    revoked_at: state.revoked ? new Date(now) : null,
    last_used_at: new Date(now),
  });
  return token;
};

export interface TokenCallContext {
  app: FastifyInstance;
  counts: RouteSuiteCounts;
  arranged: () => Promise<{ w: World; made: Made }>;
  bodyOf: (row: MatrixRow, w: World, made: Made) => object | undefined;
  madeFor: (made: Made, actor: Actor) => Made;
}

/** The title of the route's token test. */
export const tokenTestTitle = (route: string, row: MatrixRow): string =>
  `${route} by API token (as ${tokenOwner(row)}): scoped → ${expectedWithScope(route, row)}; unscoped → 403; expired, revoked, wrong prefix → 401`;

const tokenOwner = (row: MatrixRow): Exclude<Actor, 'anonymous'> => {
  const a = fuzzActor(row);
  return a === 'anonymous' ? 'same_company' : a;
};

const needOf = (route: string) => {
  const [method, path] = route.split(' ') as [Method, string];
  return { method, need: scopeNeeded(method, templateOf(path)) };
};

const expectedWithScope = (route: string, row: MatrixRow): number => {
  if (row.expect.anonymous !== 401) return row.expect.anonymous;
  return needOf(route).need ? row.expect[tokenOwner(row)] : 403;
};

export const tokenCalls = async (route: string, row: MatrixRow, c: TokenCallContext): Promise<void> => {
  const { method, need } = needOf(route);
  const owner = tokenOwner(row);
  const { w, made } = await c.arranged();
  const user = userOf(w, owner);
  const m = c.madeFor(made, owner);
  const write = method !== 'GET';
  const needed = need
    ? [...need.areas.map((a) => `${a}:${write ? 'write' : 'read'}`), ...(need.admin ? ['admin'] : [])]
    : [...ALL_AREA_SCOPES, ...(user.type === 'admin' ? ['admin'] : [])];
  const multipart = row.payload?.(w, m);
  const body = c.bodyOf(row, w, m);
  const call = async (token: string): Promise<LightMyRequestResponse> => {
    c.counts.calls++;
    c.counts.matrixCases++;
    const undo = row.around?.(c.app, w, owner);
    const opts: InjectOptions = {
      method,
      url: row.url(w, m),
      headers: { authorization: `Bearer ${token}`, ...(multipart?.headers ?? {}) },
      ...(multipart ? { payload: multipart.body } : body !== undefined ? { payload: body } : {}),
    };
    return c.app.inject(opts).finally(undo);
  };
  const expected = expectedWithScope(route, row);
  const sessionless = row.expect.anonymous !== 401;

  if (!sessionless) {
    const before = await tableFingerprint();
    const refusals: Array<[string, string, number]> = [];
    if (need) {
      // Every scope but what the route needs: an admin route without `admin`; a write route with
      // only the read scope of its areas; a read route without its (first) area at all.
      const adminScope = user.type === 'admin' && !need.admin ? ['admin'] : [];
      const lacking = need.admin
        ? ALL_AREA_SCOPES
        : write
          ? ALL_AREA_SCOPES.filter((s) => !need.areas.some((a) => s === `${a}:write`))
          : ALL_AREA_SCOPES.filter((s) => !s.startsWith(`${need.areas[0]}:`));
      refusals.push(['unscoped', await insertToken(user.id, [...lacking, ...adminScope]), 403]);
    }
    refusals.push(['expired', await insertToken(user.id, needed, { expired: true }), 401]);
    refusals.push(['revoked', await insertToken(user.id, needed, { revoked: true }), 401]);
    const good = await insertToken(user.id, needed);
    refusals.push(['wrong prefix', `ghp_${good.slice(4)}`, 401]);
    const after = await tableFingerprint();
    for (const [what, token, status] of refusals) {
      const res = await call(token);
      expect([what, res.statusCode], res.body.slice(0, 200)).toEqual([what, status]);
      expect(res.json()).toHaveProperty('msg');
    }
    expect(await tableFingerprint(), 'database changed by a refused token call').toEqual(after);
    expect(Object.keys(after).length).toBe(Object.keys(before).length);
    const scoped = await call(good);
    expect(scoped.statusCode, scoped.body.slice(0, 200)).toBe(expected);
    if (expected >= 400)
      expect(await tableFingerprint(), 'database changed by a refused call').toEqual(after);
    return;
  }
  const res = await call(await insertToken(user.id, needed));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(expected);
};
