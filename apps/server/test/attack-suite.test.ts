/**
 * The attack suite (issue 10): walks the route inventory of the OpenAPI document and, for every
 * route, attacks it as an outside tester would.
 * - Every actor through encoded variants of the path (`/%61pi/…`) → the answer of the plain path
 *   (the authorization matrix's expectation), nothing written when refused, never cacheable.
 * - No X-Requested-With through an encoded path → the plain path's answer (403, or the exemption).
 * - A generated fuzz of each route's body, query, path parameters and multipart form (fast-check:
 *   wrong types, huge strings, NUL bytes, lone surrogates, deep nesting, invalid dates, negative
 *   and huge numbers, malformed JSON and multipart) → never a 5xx, always API.md's error shape,
 *   and nothing written when refused.
 * Anonymous → 401, ordinary users on admin-only actions → 403 and cross-company writes on master
 * entities → 403 (database unchanged) are the authorization matrix's rows, run beside this file
 * from the same inventory. A route without a row fails the first test. The counts are printed.
 * FUZZ_RUNS (cases per route, default 24) and FUZZ_SEED change the fuzz; the default is fixed so
 * CI is deterministic.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostileCalls, encodedVariants, type Call } from './attack/calls';
import { XHR, buildTestApp, login, resetData, tableFingerprint, type TestApp } from './helpers';
import { MATRIX, documentedRoutes } from './matrix';
import { ACTORS, type Actor, type MatrixRow } from './matrix/types';
import { buildWorld, userOf } from './matrix/world';

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 24);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const counts = { routes: 0, calls: 0, fuzzCases: 0, unexpected: 0 };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  process.stdout.write(
    `\nattack suite: ${counts.routes} routes, ${counts.calls} calls, ${counts.fuzzCases} fuzz cases, ${counts.unexpected} unexpected answers (seed ${FUZZ_SEED})\n`,
  );
});
beforeEach(() => resetData());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The world, the row's records and a signed-in actor's cookie. */
const arrange = async (row: MatrixRow, actor: Actor) => {
  const w = await buildWorld();
  const made = { ...(await row.setup?.(w)) };
  if (made[actor] !== undefined) made.actor = made[actor]!;
  const cookie = actor === 'anonymous' ? undefined : await login(t.app, userOf(w, actor).email!, w.password);
  return { w, made, cookie };
};

const send = async (
  method: Method,
  call: Call,
  cookie: string | undefined,
): Promise<LightMyRequestResponse> => {
  counts.calls++;
  return t.app.inject({
    method,
    url: call.url,
    headers: { ...XHR, ...(cookie ? { cookie } : {}), ...call.headers },
    ...(call.payload !== undefined ? { payload: call.payload } : {}),
  });
};

/** What is wrong with an answer to a refused or accepted call ('' when it is API.md's shape). */
const shapeProblem = (res: LightMyRequestResponse): string => {
  if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return '';
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} without a JSON body: ${res.body.slice(0, 120)}`;
  }
  const b = body as { msg?: unknown; message?: unknown; errors?: unknown };
  if (res.statusCode === 422) {
    const errors = b.errors as Record<string, unknown> | undefined;
    const ok =
      b.message === 'The given data was invalid.' &&
      !!errors &&
      Object.keys(errors).length > 0 &&
      Object.values(errors).every(
        (m) => Array.isArray(m) && m.length > 0 && m.every((s) => typeof s === 'string' && s),
      );
    return ok ? '' : `422 not in API.md's shape: ${res.body.slice(0, 200)}`;
  }
  return typeof b.msg === 'string' && b.msg
    ? ''
    : `${res.statusCode} without a msg: ${res.body.slice(0, 200)}`;
};

/** The actor a route's fuzz signs in as: an ordinary user where one may call it, else an admin. */
const fuzzActor = (row: MatrixRow): Actor =>
  row.expect.same_company < 400
    ? 'same_company'
    : row.expect.admin < 400
      ? 'admin'
      : row.expect.anonymous < 400
        ? 'anonymous'
        : 'same_company';

describe('attack suite', () => {
  it('has a row for every documented route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<
      typeof documentedRoutes
    >[0];
    expect(documentedRoutes(doc)).toEqual(Object.keys(MATRIX).sort());
    counts.routes = Object.keys(MATRIX).length;
  });

  describe("an encoded path gets the plain path's answer", () => {
    for (const [route, row] of Object.entries(MATRIX)) {
      const method = route.split(' ')[0] as Method;
      for (const actor of ACTORS) {
        it(`${route} as ${actor} → ${row.expect[actor]}`, async () => {
          const { w, made, cookie } = await arrange(row, actor);
          const url = row.url(w, made);
          const body = typeof row.body === 'function' ? row.body(w, made) : row.body;
          const multipart = row.payload?.(w, made);
          // One variant per actor keeps the suite short; together they cover every variant.
          const variants = encodedVariants(url);
          const variant = variants[ACTORS.indexOf(actor) % variants.length]!;
          const before = await tableFingerprint();
          const res = await send(
            method,
            {
              kind: 'encoded',
              url: variant,
              headers: multipart?.headers ?? (body ? { 'content-type': 'application/json' } : {}),
              ...(multipart ? { payload: multipart.body } : body ? { payload: JSON.stringify(body) } : {}),
            },
            cookie,
          );
          if (res.statusCode !== row.expect[actor]) counts.unexpected++;
          expect(res.statusCode, `${variant}: ${res.body.slice(0, 200)}`).toBe(row.expect[actor]);
          expect(shapeProblem(res)).toBe('');
          if (res.statusCode !== 304) expect(res.headers['cache-control'], variant).toBeDefined();
          if (!String(res.headers['content-type'] ?? '').startsWith('image/')) {
            expect(res.headers['cache-control'], variant).toBe('no-store');
          }
          if (res.statusCode >= 400)
            expect(await tableFingerprint(), 'database changed by a refused call').toEqual(before);
        });
      }
      it(`${route} without X-Requested-With: encoded as plain`, async () => {
        const { w, made } = await arrange(row, 'anonymous');
        const url = row.url(w, made);
        const plain = await t.app.inject({ method, url });
        for (const variant of encodedVariants(url)) {
          counts.calls++;
          const res = await t.app.inject({ method, url: variant });
          if (res.statusCode !== plain.statusCode) counts.unexpected++;
          expect([variant, res.statusCode, res.json()]).toEqual([variant, plain.statusCode, plain.json()]);
        }
      });
    }
  });

  describe("fuzzed input: never a 5xx, always API.md's error shape, nothing written when refused", () => {
    Object.entries(MATRIX).forEach(([route, row], index) => {
      const method = route.split(' ')[0] as Method;
      it(`${route}`, async () => {
        const actor = fuzzActor(row);
        const { w, made, cookie } = await arrange(row, actor);
        const calls = fc.sample(hostileCalls(row, w, made), { numRuns: FUZZ_RUNS, seed: FUZZ_SEED + index });
        const problems: string[] = [];
        let before = await tableFingerprint();
        for (const call of calls) {
          counts.fuzzCases++;
          const res = await send(method, call, cookie);
          const problem = shapeProblem(res);
          if (problem)
            problems.push(
              `${call.kind} ${call.url.slice(0, 120)} ${JSON.stringify(String(call.payload ?? '').slice(0, 160))} → ${problem}`,
            );
          const after = await tableFingerprint();
          if (res.statusCode >= 400 && JSON.stringify(after) !== JSON.stringify(before)) {
            problems.push(
              `${call.kind} ${call.url.slice(0, 120)} → ${res.statusCode} but the database changed`,
            );
          }
          before = after;
        }
        counts.unexpected += problems.length;
        // The whole list, not vitest's truncated diff: each line is a reproducible request.
        if (problems.length) process.stderr.write(`\n${route}:\n  ${problems.join('\n  ')}\n`);
        expect(problems).toEqual([]);
      });
    });
  });
});
