import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../src/db/client';
import {
  XHR,
  buildTestApp,
  buildUser,
  forbiddenKeys,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) => {
      app.get('/api/test/boom', async () => {
        throw new Error('select secret_column from internal_table where password = $1');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetData();
});

describe('X-Requested-With guard', () => {
  it('refuses a GET without the header with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: API_MESSAGES.missingRequestedWith });
  });

  it('refuses a POST without the header and does nothing (no login)', async () => {
    await buildUser({ email: 'csrf@example.com', password: 'password-123' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'csrf@example.com', password: 'password-123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await queryRows(t.db, sqlCount('sessions'))).toEqual([{ n: 0 }]);
    const user = await queryRows<{ last_activity: unknown }>(
      t.db,
      sqlRaw("select last_activity from users where email = 'csrf@example.com'"),
    );
    expect(user[0]!.last_activity).toBeNull();
  });

  it('lets GET /api/health and /api/docs through without it', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['content-security-policy']).toBeDefined();
    // But not a POST to health.
    expect((await t.app.inject({ method: 'POST', url: '/api/health' })).statusCode).toBe(403);
  });
});

describe('error shapes', () => {
  it('answers 401 on every session route without a session', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/me'],
      ['POST', '/api/auth/refresh'],
      ['POST', '/api/auth/logout'],
      ['PUT', '/api/auth/password'],
      ['PUT', '/api/settings/theme'],
      ['PUT', '/api/settings/hide-video'],
      ['GET', '/api/config'],
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', '/api/notifications/1/read'],
      ['PUT', '/api/notifications/read-all'],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: XHR,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ msg: API_MESSAGES.unauthenticated });
    }
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: XHR });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: API_MESSAGES.routeNotFound });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a non-/api path with a hint when the web app is not built', async () => {
    const local = await buildTestApp({ env: { WEB_DIST_DIR: '/nonexistent-frontage-dist' } });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/companies' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('npm run build');
      const me = await local.app.inject({ method: 'GET', url: '/api/auth/me', headers: XHR });
      expect(me.json()).toEqual({ msg: API_MESSAGES.unauthenticated });
    } finally {
      await local.close();
    }
  });

  it('refuses per_page outside 1–100 with the 422 shape', async () => {
    await buildUser({ email: 'pp@example.com', password: 'password-123' });
    const cookie = await sessionCookie(t.app, 'pp@example.com');
    for (const pp of ['0', '101', 'abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/notifications?per_page=${pp}`,
        headers: { ...XHR, cookie },
      });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.message).toBe(API_MESSAGES.invalidData);
      expect(Object.keys(body.errors)).toEqual(['per_page']);
      expect(body.errors.per_page[0]).toEqual(expect.any(String));
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?per_page=100',
      headers: { ...XHR, cookie },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('names missing fields the way the app words them', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: API_MESSAGES.invalidData,
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: XHR });
    expect(none.statusCode).toBe(422);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ msg: API_MESSAGES.payloadTooLarge });
  });

  it('answers malformed JSON with 400 and a msg', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: expect.any(String) });
  });

  it('never shows a stack trace, SQL or internal name in a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: XHR });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msg: API_MESSAGES.serverError });
    expect(res.body).not.toMatch(/select|internal_table|stack|at |Error/);
  });

  it('answers 503 from health when the database is gone', async () => {
    const { buildApp } = await import('../src/app');
    const { testConfig } = await import('./helpers');
    const down = {
      execute: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.1:5432 (password=hunter2)')),
    } as unknown as Db;
    const app = await buildApp({ config: testConfig(), db: down });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ msg: API_MESSAGES.databaseUnavailable });
    } finally {
      await app.close();
    }
  });
});

describe('headers and documentation', () => {
  it('sets no-store and the security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://i.ytimg.com",
      // Help videos (ADR 0063, 0064): the cookie-less embed and video files over https only.
      'frame-src https://www.youtube-nocookie.com',
      "media-src 'self' https:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(d);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('serves an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const p of [
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/password',
      '/api/settings/theme',
      '/api/settings/hide-video',
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/{id}/read',
      '/api/notifications/read-all',
      '/api/config',
      '/api/health',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
    expect(forbiddenKeys(doc.paths['/api/auth/me'].get.responses)).toEqual([]);
  });

  it('GET /api/config answers the links and the map style (none: the offline basemap)', async () => {
    await buildUser({ email: 'cfg@example.com', password: 'password-123' });
    const cookie = await sessionCookie(t.app, 'cfg@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/config/', headers: { ...XHR, cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        docs_url: 'https://docs.frontage.example',
        support_url: 'https://support.frontage.example',
        help_email: 'help@frontage.example',
        map_style_url: null,
        map_styles: { road: null, satellite: null, hybrid: null },
      },
    });
  });
});

describe('general rate limit', () => {
  it('answers 429 with Retry-After past the per-IP limit on /api', async () => {
    const local = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await local.app.inject({ method: 'GET', url: '/api/auth/me', headers: XHR });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      expect(last!.json()).toEqual({ msg: API_MESSAGES.tooManyRequests });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });
  it('counts percent-encoded API paths against the same limit', async () => {
    const local = await buildTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (const url of ['/%61pi/auth/me', '/api/%61uth/me', '/%61%70%69/auth/me', '/%61pi/auth/me']) {
        codes.push((await local.app.inject({ method: 'GET', url, headers: XHR })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await local.close();
    }
  });
});

describe('static web app', () => {
  it('serves index.html for app paths and long-caches hashed assets', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-dist-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Frontage</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const local = await buildTestApp({ env: { WEB_DIST_DIR: dir } });
    try {
      for (const url of ['/', '/some/path', '/properties?id=12', '/login/']) {
        const res = await local.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }
      const asset = await local.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await local.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      // The API's error shapes still apply with the static plugin registered.
      const me = await local.app.inject({ method: 'GET', url: '/api/auth/me', headers: XHR });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ msg: API_MESSAGES.unauthenticated });
      const api = await local.app.inject({ method: 'GET', url: '/api/nothing', headers: XHR });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ msg: API_MESSAGES.routeNotFound });
    } finally {
      await local.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { sql } from 'drizzle-orm';
function sqlCount(table: string) {
  return sql.raw(`select count(*)::int as n from ${table}`);
}
function sqlRaw(q: string) {
  return sql.raw(q);
}
