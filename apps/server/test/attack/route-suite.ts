/**
 * The route suite: the authorization matrix (ARCHITECTURE.md §6) and the attack suite, walked
 * together over the route inventory of the OpenAPI document (rows in `matrix/<module>.rows.ts`),
 * split into parts (`parts.ts`) that run as files side by side. For every route × actor, one
 * arrange — the world, the row's records, the actor's session — serves:
 * - the plain call → the matrix's expected status, and nothing written when it is refused;
 * - an encoded variant of the path (`/%61pi/…`; one per actor, together every variant) → the same
 *   status, API.md's error shape, never cacheable, nothing written when refused;
 * - in the anonymous actor's test, the route without X-Requested-With (plain and every encoded
 *   variant → the same answer: 403, or the exemption) and the route's fuzz: generated hostile
 *   calls (fast-check: wrong types, huge strings, NUL bytes, lone surrogates, deep nesting,
 *   invalid dates, negative and huge numbers, malformed JSON and multipart, crafted files) as the
 *   actor who may call it → never a 5xx, always API.md's error shape, nothing written when refused.
 * A call that wrote (a write that succeeded) changes what the next call would see (a record
 * deleted, a unique name taken), so the next step starts from a fresh arrange; a refused call
 * (the database checked unchanged) or a read leaves it as it was. A route's further cases
 * (MatrixCases: a limit, a domain another company holds) get the plain call. Each route also has
 * one test of API tokens (token-calls.ts: scoped; each scope and each required area lacking in
 * turn; expired, revoked, unknown, wrong prefix, bad checksum, malformed).
 * Anonymous → 401, ordinary users on admin-only actions → 403 and cross-company writes on master
 * entities → 403 are the rows' expectations. A route without a row fails the first part's first
 * test. FUZZ_RUNS (cases per route, default 24) and FUZZ_SEED change the fuzz; the default is
 * fixed so CI is deterministic. Each part prints its counts; the global teardown prints the sum.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { XHR, buildTestApp, resetData, sessionCookie, tableFingerprint, type TestApp } from '../helpers';
import { MATRIX, MATRIX_CASES, MATRIX_MODULES, documentedRoutes, routeOfCase } from '../matrix';
import { ACTORS, type Actor, type Made, type MatrixRow, type World } from '../matrix/types';
import { buildWorld, userOf } from '../matrix/world';
import { fuzzActor, shapeProblem } from './answers';
import { FUZZ_RUNS, FUZZ_SEED, countsLine, noCounts } from './counts';
import { encodedVariants, hostileCalls, type Call } from './calls';
import { ROUTE_SUITE_PARTS, type RouteSuitePart } from './parts';
import { tokenCalls, tokenTestTitle } from './token-calls';
import { checkedAnswers, notJsonAnswers } from '../response-schemas';

/** Why the suite does not run on PostgreSQL: it tests the routes, not the database. */
export const POSTGRES_SKIP_REASON =
  'route suite (matrix + attack) skipped on PostgreSQL: it tests the routes, which are the same on both databases; it runs on PGlite';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> } | undefined>
  >;
}

const bodyOf = (row: MatrixRow, w: World, made: Made) =>
  typeof row.body === 'function' ? row.body(w, made) : row.body;

/** An answer's body to compare: JSON parsed, anything else (a calendar feed) as its text. */
const answerOf = (res: LightMyRequestResponse): unknown =>
  String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body;

/** The row's records as one actor sees them: `made.actor` picks a record per actor. */
const madeFor = (made: Made, actor: Actor): Made =>
  made[actor] !== undefined ? { ...made, actor: made[actor]! } : made;

export const runRouteSuite = (part: RouteSuitePart) => {
  const counts = noCounts();
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  if (onPostgres) process.stdout.write(`\n${POSTGRES_SKIP_REASON}\n`);

  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    if (onPostgres) return;
    process.stdout.write(`\n${countsLine(`route suite, ${part.name}`, counts)}\n`);
    const dir = inject('routeSuiteCountsDir');
    if (dir) fs.writeFileSync(path.join(dir, `${part.name}.json`), JSON.stringify(counts));
  });
  beforeEach(() => resetData());

  /**
   * The world and the row's records, made again only after a call that wrote. Sessions are
   * opened as the server's sign-in opens them; the sign-in itself is the login row's subject.
   */
  const stage = (row: MatrixRow) => {
    let current: { w: World; made: Made; cookies: Map<Actor, string | undefined> } | undefined;
    let dirty = false;
    const arranged = async () => {
      if (!current || dirty) {
        if (current) await resetData();
        const w = await buildWorld();
        current = { w, made: { ...(await row.setup?.(w)) }, cookies: new Map() };
        dirty = false;
      }
      return current;
    };
    return {
      arranged,
      cookie: async (actor: Actor) => {
        const a = await arranged();
        if (actor !== 'anonymous' && !a.cookies.has(actor))
          a.cookies.set(actor, await sessionCookie(t.app, userOf(a.w, actor)));
        return a.cookies.get(actor);
      },
      /** A write that succeeded: what it changed would change the next call's answer. */
      after: (method: Method, res: LightMyRequestResponse) => {
        if (method !== 'GET' && res.statusCode < 400) dirty = true;
      },
    };
  };

  const inject$ = (
    method: Method,
    url: string,
    headers: Record<string, string>,
    payload: InjectOptions['payload'] | undefined,
  ) => t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });

  /** The matrix's call: the row's URL and body with X-Requested-With and the actor's session. */
  const plainCall = async (route: string, row: MatrixRow, actor: Actor, s: ReturnType<typeof stage>) => {
    const method = route.split(' ')[0] as Method;
    const { w, made } = await s.arranged();
    const cookie = await s.cookie(actor);
    const m = madeFor(made, actor);
    const expected = row.expect[actor];
    const before = expected >= 400 ? await tableFingerprint() : undefined;
    const body = bodyOf(row, w, m);
    const multipart = row.payload?.(w, m);
    const undo = row.around?.(t.app, w, actor);
    counts.matrixCases++;
    const res = await inject$(
      method,
      row.url(w, m),
      { ...XHR, ...(cookie ? { cookie } : {}), ...(multipart?.headers ?? {}) },
      multipart ? multipart.body : body,
    ).finally(undo);
    expect(res.statusCode, res.body).toBe(expected);
    if (before) expect(await tableFingerprint(), 'database changed by a refused call').toEqual(before);
    s.after(method, res);
  };

  /** An encoded variant of the path: the plain path's answer, API.md's shape, never cached. */
  const encodedCall = async (route: string, row: MatrixRow, actor: Actor, s: ReturnType<typeof stage>) => {
    const method = route.split(' ')[0] as Method;
    const { w, made } = await s.arranged();
    const cookie = await s.cookie(actor);
    const m = madeFor(made, actor);
    const expected = row.expect[actor];
    const before = expected >= 400 ? await tableFingerprint() : undefined;
    const body = bodyOf(row, w, m);
    const multipart = row.payload?.(w, m);
    const variants = encodedVariants(row.url(w, m));
    const variant = variants[ACTORS.indexOf(actor) % variants.length]!;
    const undo = row.around?.(t.app, w, actor);
    counts.calls++;
    const res = await inject$(
      method,
      variant,
      {
        ...XHR,
        ...(cookie ? { cookie } : {}),
        ...(multipart?.headers ?? (body ? { 'content-type': 'application/json' } : {})),
      },
      multipart ? multipart.body : body ? JSON.stringify(body) : undefined,
    ).finally(undo);
    if (res.statusCode !== expected) counts.unexpected++;
    expect(res.statusCode, `${variant}: ${res.body.slice(0, 200)}`).toBe(expected);
    expect(shapeProblem(res)).toBe('');
    if (res.statusCode !== 304) expect(res.headers['cache-control'], variant).toBeDefined();
    if (!String(res.headers['content-type'] ?? '').startsWith('image/')) {
      expect(res.headers['cache-control'], variant).toBe('no-store');
    }
    if (before) expect(await tableFingerprint(), 'database changed by a refused call').toEqual(before);
    s.after(method, res);
  };

  /** Without X-Requested-With (and signed out): every encoded variant answers as the plain path. */
  const withoutHeader = async (route: string, row: MatrixRow, s: ReturnType<typeof stage>) => {
    const method = route.split(' ')[0] as Method;
    const { w, made } = await s.arranged();
    const url = row.url(w, madeFor(made, 'anonymous'));
    const plain = await t.app.inject({ method, url });
    s.after(method, plain);
    for (const variant of encodedVariants(url)) {
      counts.calls++;
      const res = await t.app.inject({ method, url: variant });
      if (res.statusCode !== plain.statusCode) counts.unexpected++;
      expect([variant, res.statusCode, answerOf(res)]).toEqual([variant, plain.statusCode, answerOf(plain)]);
      s.after(method, res);
    }
  };

  /** The route's fuzz as the actor who may call it: never a 5xx, API.md's shape, nothing written. */
  const fuzz = async (route: string, row: MatrixRow, s: ReturnType<typeof stage>) => {
    const method = route.split(' ')[0] as Method;
    const actor = fuzzActor(row);
    const { w, made } = await s.arranged();
    const cookie = await s.cookie(actor);
    const index = Object.keys(MATRIX).indexOf(route);
    const calls = fc.sample(hostileCalls(row, w, madeFor(made, actor)), {
      numRuns: FUZZ_RUNS,
      seed: FUZZ_SEED + index,
    });
    const problems: string[] = [];
    // The digest before a call, taken only when the one before it may have written.
    let before: Record<string, string> | undefined;
    for (const call of calls) {
      counts.fuzzCases++;
      before ??= await tableFingerprint();
      const res = await send(method, call, cookie);
      const problem = shapeProblem(res);
      if (problem)
        problems.push(
          `${call.kind} ${call.url.slice(0, 120)} ${JSON.stringify(String(call.payload ?? '').slice(0, 160))} → ${problem}`,
        );
      if (res.statusCode >= 400) {
        const after = await tableFingerprint();
        if (JSON.stringify(after) !== JSON.stringify(before))
          problems.push(
            `${call.kind} ${call.url.slice(0, 120)} → ${res.statusCode} but the database changed`,
          );
        before = after;
      } else before = undefined;
    }
    counts.unexpected += problems.length;
    // The whole list, not vitest's truncated diff: each line is a reproducible request.
    if (problems.length) process.stderr.write(`\n${route}:\n  ${problems.join('\n  ')}\n`);
    expect(problems).toEqual([]);
  };

  const send = (method: Method, call: Call, cookie: string | undefined) => {
    counts.calls++;
    return t.app.inject({
      method,
      url: call.url,
      headers: { ...XHR, ...(cookie ? { cookie } : {}), ...call.headers },
      ...(call.payload !== undefined ? { payload: call.payload } : {}),
    });
  };

  const rows = part.modules.flatMap((m) => Object.entries(MATRIX_MODULES[m]?.rows ?? {}));
  const cases = part.modules.flatMap((m) => Object.entries(MATRIX_MODULES[m]?.cases ?? {}));
  counts.routes = rows.length;

  describe.skipIf(onPostgres)(`route suite, ${part.name}`, () => {
    if (part === ROUTE_SUITE_PARTS[0]) {
      it('has a row for every documented route and no stale rows', async () => {
        const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<
          typeof documentedRoutes
        >[0];
        expect(documentedRoutes(doc)).toEqual(Object.keys(MATRIX).sort());
      });

      it('has cases only of documented routes', () => {
        for (const name of Object.keys(MATRIX_CASES))
          expect(MATRIX, name).toHaveProperty([routeOfCase(name)]);
      });

      it('walks every rows file in exactly one part', () => {
        const walked = ROUTE_SUITE_PARTS.flatMap((p) => p.modules).sort();
        expect(walked).toEqual(Object.keys(MATRIX_MODULES).sort());
      });
    }

    for (const [route, row] of rows) {
      for (const actor of ACTORS) {
        const extra = actor === 'anonymous' ? `; without X-Requested-With; fuzzed as ${fuzzActor(row)}` : '';
        it(`${route} as ${actor} → ${row.expect[actor]}, plain and encoded${extra}`, async () => {
          const s = stage(row);
          await plainCall(route, row, actor, s);
          await encodedCall(route, row, actor, s);
          if (actor !== 'anonymous') return;
          await withoutHeader(route, row, s);
          await fuzz(route, row, s);
        });
      }
    }

    // The token actors (token-calls.ts): one test per route, beside the four actors'.
    for (const [route, row] of rows) {
      it(tokenTestTitle(route, row), async () => {
        const s = stage(row);
        await tokenCalls(route, row, { app: t.app, counts, arranged: s.arranged, bodyOf, madeFor });
      });
    }

    for (const [name, row] of cases) {
      for (const actor of ACTORS) {
        it(`${name} as ${actor} → ${row.expect[actor]}`, async () => {
          await plainCall(routeOfCase(name), row, actor, stage(row));
        });
      }
    }

    // Last (the tests above have run): every answer the matrix expects that has a documented JSON
    // schema was checked against it (test/response-schemas.ts, registered by buildTestApp).
    it('checked every documented answer of its routes against the schema', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDoc;
      const expected = new Set<string>();
      for (const [route, row] of [...rows, ...cases.map(([n, r]) => [routeOfCase(n), r] as const)]) {
        const [method, p] = route.split(' ') as [string, string];
        const responses = doc.paths[p]?.[method.toLowerCase()]?.responses ?? {};
        for (const status of new Set(Object.values(row.expect))) {
          if (responses[String(status)]?.content?.['application/json']) expected.add(`${route} ${status}`);
        }
      }
      const notJson = [...expected].filter((a) => notJsonAnswers.has(a) && !checkedAnswers.has(a));
      const missing = [...expected].filter((a) => !checkedAnswers.has(a) && !notJsonAnswers.has(a)).sort();
      const routes = new Set([...expected].map((a) => a.split(' ').slice(0, 2).join(' ')));
      process.stdout.write(
        `\nresponse schemas, ${part.name}: ${expected.size - notJson.length} documented answers of` +
          ` ${routes.size} routes checked against their schemas; ${notJson.length} sent as a file or` +
          ` stream (${notJson.join(', ') || 'none'}); ${checkedAnswers.size} route answers checked in all\n`,
      );
      expect(missing).toEqual([]);
      expect(expected.size).toBeGreaterThan(0);
    });
  });
};
