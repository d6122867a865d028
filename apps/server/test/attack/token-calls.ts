/**
 * The route suite's token actors (ADR 0097). Every route gets ONE more test, not a copy of its four
 * actors: one arrange, one insert of every token below, then each token calls the route as the
 * actor who may (fuzzActor: an ordinary user where one may, else an admin), without a cookie and
 * without X-Requested-With —
 * - a token lacking what the route needs → 403: each scope alone that does not reach it, each
 *   required area (and `admin`) missing in turn beside every other scope, and the read scopes of
 *   its areas where it writes (token-actors.ts derives them from the server's table);
 * - expired and revoked tokens holding the scopes it needs, an unknown one, and texts that are no
 *   token (wrong prefix, bad checksum, malformed) → 401;
 * - nothing written by any of those;
 * - a token with exactly the scopes it needs → the status the matrix expects of its owner (the
 *   owner's permissions still apply), nothing written when that is a refusal.
 * A route no token reaches (api-token-scopes.ts) answers 403 to a token with every scope and to
 * each scope alone; a route that needs no session answers as it does to anyone. The scope each
 * route needs comes from the server's own table, so the suite checks the table is enforced;
 * api-tokens.test.ts checks the table's choices.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiTokens } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import { hintOf, newApiToken } from '../../src/modules/api-tokens/api-token-format';
import { scopeNeeded } from '../../src/modules/api-tokens/api-token-scopes';
import { tableFingerprint, testDb } from '../helpers';
import type { Actor, Made, MatrixRow, World } from '../matrix/types';
import { userOf } from '../matrix/world';
import { fuzzActor, shapeProblem } from './answers';
import type { RouteSuiteCounts } from './counts';
import { scopeActors } from './token-actors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface StoredToken {
  scopes: string[];
  expired?: boolean;
  revoked?: boolean;
}

/** The router's template of an OpenAPI path (`{id}` → `:id`). */
const templateOf = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Inserts the tokens in one statement, as POST /api/tokens would make them (their last use "just
 * now": no touch write in the calls).
 */
const insertTokens = async (userId: number, stored: StoredToken[]): Promise<string[]> => {
  const tokens = stored.map(() => newApiToken());
  const now = Date.now();
  await (await testDb()).insert(apiTokens).values(
    stored.map((s, i) => ({
      user_id: userId,
      name: `Matrix ${i + 1}`,
      token_hash: hashToken(tokens[i]!),
      hint: hintOf(tokens[i]!),
      scopes: s.scopes,
      expires_at: new Date(now + (s.expired ? -1000 : 86_400_000)),
      revoked_at: s.revoked ? new Date(now) : null,
      last_used_at: new Date(now),
    })),
  );
  return tokens;
};

/** The text with its checksum's last digit changed: the right prefix and shape, the wrong sum. */
const badChecksum = (token: string) => `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;

export interface TokenCallContext {
  app: FastifyInstance;
  counts: RouteSuiteCounts;
  arranged: () => Promise<{ w: World; made: Made }>;
  bodyOf: (row: MatrixRow, w: World, made: Made) => object | undefined;
  madeFor: (made: Made, actor: Actor) => Made;
}

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

const NOT_TOKENS = 'expired, revoked, unknown, wrong prefix, bad checksum, malformed';

/** The title of the route's token test. */
export const tokenTestTitle = (route: string, row: MatrixRow): string => {
  const { method, need } = needOf(route);
  const owner = tokenOwner(row);
  const scoped = `${route} by API token (as ${owner}): scoped → ${expectedWithScope(route, row)}`;
  if (row.expect.anonymous !== 401) return scoped;
  const { lacking } = scopeActors(method, need, owner === 'admin');
  return `${scoped}; ${lacking.length} tokens each lacking a scope → 403; ${NOT_TOKENS} → 401`;
};

export const tokenCalls = async (route: string, row: MatrixRow, c: TokenCallContext): Promise<void> => {
  const { method, need } = needOf(route);
  const owner = tokenOwner(row);
  const { w, made } = await c.arranged();
  const user = userOf(w, owner);
  const m = c.madeFor(made, owner);
  const { needed, lacking } = scopeActors(method, need, user.type === 'admin');
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

  if (row.expect.anonymous !== 401) {
    const [token] = await insertTokens(user.id, [{ scopes: needed }]);
    const res = await call(token!);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(expected);
    return;
  }

  const [good, expiredToken, revokedToken, ...lackingTokens] = (await insertTokens(user.id, [
    { scopes: needed },
    { scopes: needed, expired: true },
    { scopes: needed, revoked: true },
    ...lacking.map(({ scopes }) => ({ scopes })),
  ])) as [string, string, string, ...string[]];
  const refusals: Array<[string, string, number]> = [
    ...lacking.map(({ what }, i): [string, string, number] => [what, lackingTokens[i]!, 403]),
    ['expired', expiredToken, 401],
    ['revoked', revokedToken, 401],
    ['unknown', newApiToken(), 401],
    ['wrong prefix', `ghp_${good.slice(4)}`, 401],
    ['bad checksum', badChecksum(good), 401],
    ['malformed', good.slice(0, -1), 401],
  ];
  const before = await tableFingerprint();
  const answers: Array<[string, number, string]> = [];
  for (const [what, token] of refusals) {
    const res = await call(token);
    answers.push([what, res.statusCode, shapeProblem(res)]);
  }
  // Every answer at once (API.md's shape: no problem): a diff names each token wrongly answered.
  expect(answers).toEqual(refusals.map(([what, , status]) => [what, status, '']));
  expect(await tableFingerprint(), 'database changed by a refused token call').toEqual(before);
  const scoped = await call(good);
  expect(scoped.statusCode, scoped.body.slice(0, 200)).toBe(expected);
  if (expected >= 400) expect(await tableFingerprint(), 'database changed by a refused call').toEqual(before);
};
