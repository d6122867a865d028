/**
 * Authorization matrix (ARCHITECTURE.md §6): every route in the OpenAPI document × actor → status.
 * Rows live beside this file in `matrix/<module>.rows.ts`; a route without a row fails the first
 * test. After every refused call (4xx) the database must be exactly as it was.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, login, resetData, tableFingerprint, type TestApp } from './helpers';
import { MATRIX, MATRIX_CASES, documentedRoutes, routeOfCase } from './matrix';
import { ACTORS } from './matrix/types';
import { buildWorld, userOf } from './matrix/world';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetData());

describe('route matrix', () => {
  it('has a row for every documented route and no stale rows', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Parameters<
      typeof documentedRoutes
    >[0];
    expect(documentedRoutes(doc)).toEqual(Object.keys(MATRIX).sort());
  });

  it('has cases only of documented routes', () => {
    for (const name of Object.keys(MATRIX_CASES)) expect(MATRIX, name).toHaveProperty([routeOfCase(name)]);
  });

  for (const [name, row] of [...Object.entries(MATRIX), ...Object.entries(MATRIX_CASES)]) {
    const route = routeOfCase(name);
    for (const actor of ACTORS) {
      it(`${name} as ${actor} → ${row.expect[actor]}`, async () => {
        const w = await buildWorld();
        const made = { ...(await row.setup?.(w)) };
        // `made.actor` lets a row pick a record per actor (e.g. "my own notification").
        if (made[actor] !== undefined) made.actor = made[actor]!;
        const cookie =
          actor === 'anonymous' ? undefined : await login(t.app, userOf(w, actor).email!, w.password);
        const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
        const before = await tableFingerprint();
        const body = typeof row.body === 'function' ? row.body(w, made) : row.body;
        const multipart = row.payload?.(w, made);
        const undo = row.around?.(t.app, w, actor);
        const res = await t.app
          .inject({
            method,
            url: row.url(w, made),
            headers: { ...XHR, ...(cookie ? { cookie } : {}), ...(multipart?.headers ?? {}) },
            ...(multipart ? { payload: multipart.body } : body ? { payload: body } : {}),
          })
          .finally(undo);
        expect(res.statusCode, res.body).toBe(row.expect[actor]);
        if (res.statusCode >= 400)
          expect(await tableFingerprint(), 'database changed by a refused call').toEqual(before);
      });
    }
  }
});
