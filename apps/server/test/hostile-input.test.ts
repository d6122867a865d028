/**
 * Text PostgreSQL cannot hold (a NUL byte, a lone surrogate) anywhere in a
 * body or query, and malformed multipart bodies, are the client's error: 422 (400 for a body that
 * cannot be read) in API.md's shape, the field named, and nothing written. Every string of every
 * JSON write body in the route inventory is tried, one at a time.
 */
import { API_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, resetData, sessionCookie, tableFingerprint, type TestApp } from './helpers';
import { MATRIX } from './matrix';
import type { Actor } from './matrix/types';
import { buildWorld, userOf } from './matrix/world';
import { pathsOf, replaceAt } from './attack/hostile';
import { logoPart, multipart, pngImage } from './companies.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetData());

const valueAt = (body: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], body);
const writes = Object.entries(MATRIX).filter(
  ([route, row]) => !route.startsWith('GET') && row.body !== undefined,
);

describe('unstorable text in a JSON body', () => {
  for (const [route, row] of writes) {
    it(`${route}: every text field with a NUL byte or a lone surrogate → 422 on that field, nothing written`, async () => {
      const actor: Exclude<Actor, 'anonymous'> = row.expect.same_company < 400 ? 'same_company' : 'admin';
      const w = await buildWorld();
      const made = { ...(await row.setup?.(w)) };
      if (made[actor] !== undefined) made.actor = made[actor]!;
      const cookie =
        route === 'POST /api/auth/login' ? undefined : await sessionCookie(t.app, userOf(w, actor));
      const body = typeof row.body === 'function' ? row.body(w, made) : row.body!;
      // A string field of the valid body, or a new `name` where the body has none.
      const fields = pathsOf(body).filter((p) => typeof valueAt(body, p) === 'string');
      const targets = fields.length ? fields : [['name']];
      const before = await tableFingerprint();
      for (const path of targets) {
        for (const bad of ['Boots\u0000Ltd', 'Boots \ud800', '\udc00']) {
          const original = valueAt(body, path);
          const res = await t.app.inject({
            method: route.split(' ')[0] as 'POST' | 'PUT',
            url: row.url(w, made),
            headers: { ...XHR, ...(cookie ? { cookie } : {}) },
            payload: replaceAt(
              body,
              path,
              typeof original === 'string' ? `${original}${bad}` : bad,
            ) as object,
          });
          expect(res.statusCode, `${path.join('.')} = ${JSON.stringify(bad)}: ${res.body}`).toBe(422);
          expect(res.json()).toEqual({
            message: API_MESSAGES.invalidData,
            errors: { [path.join('.')]: [API_MESSAGES.textNotAllowed] },
          });
        }
      }
      expect(await tableFingerprint()).toEqual(before);
    });
  }

  it('a key with a NUL byte in saved interface state (jsonb) → 422', async () => {
    const w = await buildWorld();
    const cookie = await sessionCookie(t.app, w.sameUser);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/ui-state/companies',
      headers: { ...XHR, cookie },
      payload: { state: { 'q\u0000': 'x' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ state: [API_MESSAGES.textNotAllowed] });
  });
});

describe('unstorable text in a query', () => {
  const urls = [
    '/api/companies?q=%00',
    '/api/users?q=a%00b',
    '/api/properties?q=%00',
    '/api/properties/simple?q=%00',
    '/api/schemes?q=%00',
    '/api/companies/export?q=%00',
    '/api/users/export?q=%00',
    '/api/properties/export?q=%00',
    '/api/schemes/export?q=%00',
    '/api/comments/search-entity?q=%00',
    '/api/geocode/search?q=%00',
  ];
  for (const url of urls) {
    it(`${url} → 422 on q`, async () => {
      const w = await buildWorld();
      const cookie = await sessionCookie(t.app, w.sameUser);
      const res = await t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.q).toBeDefined();
    });
  }
});

describe('multipart bodies', () => {
  it('no boundary, cut off mid-part, or a NUL in a field → 400/422 and no company', async () => {
    const w = await buildWorld();
    const cookie = await sessionCookie(t.app, w.sameUser);
    const form = multipart([['name', 'Broken Retail']], [logoPart(await pngImage(60, 40))]);
    const before = await tableFingerprint();
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: { ...XHR, cookie, 'content-type': contentType },
        payload,
      });
    const noBoundary = await send(form.body, 'multipart/form-data');
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toEqual({ msg: API_MESSAGES.badRequest });
    const cut = await send(form.body.subarray(0, form.body.length - 200), form.headers['content-type']);
    expect(cut.statusCode, cut.body).toBe(400);
    const cutInHeaders = await send(form.body.subarray(0, 30), form.headers['content-type']);
    expect(cutInHeaders.statusCode, cutInHeaders.body).toBe(400);
    const nul = multipart([['name', 'Nul\u0000Retail']]);
    const withNul = await send(nul.body, nul.headers['content-type']);
    expect(withNul.statusCode, withNul.body).toBe(422);
    expect(withNul.json().errors).toEqual({ name: [API_MESSAGES.textNotAllowed] });
    expect(await tableFingerprint()).toEqual(before);
  });
});
