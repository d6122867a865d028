/**
 * Authorization matrix (ARCHITECTURE.md §6): every route in the OpenAPI document × actor → status.
 * A new route without a row here fails the first test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR, buildNotification, buildTestApp, buildUser, login, resetData, type TestApp } from './helpers';

type Actor = 'anonymous' | 'user';
interface Row {
  /** Concrete URL to call (path parameters filled in). */
  url: (ctx: { notificationId: number }) => string;
  body?: object;
  expect: Record<Actor, number>;
}

const PASSWORD = 'matrix-password-1';

const MATRIX: Record<string, Row> = {
  'GET /api/health': { url: () => '/api/health', expect: { anonymous: 200, user: 200 } },
  'POST /api/auth/login': {
    url: () => '/api/auth/login',
    body: { email: 'matrix@example.com', password: PASSWORD },
    expect: { anonymous: 200, user: 200 },
  },
  'GET /api/auth/me': { url: () => '/api/auth/me', expect: { anonymous: 401, user: 200 } },
  'PUT /api/auth/me': {
    url: () => '/api/auth/me',
    body: { name: 'Matrix User', currency: 'GBP' },
    expect: { anonymous: 401, user: 200 },
  },
  'POST /api/auth/refresh': { url: () => '/api/auth/refresh', expect: { anonymous: 401, user: 200 } },
  'POST /api/auth/logout': { url: () => '/api/auth/logout', expect: { anonymous: 401, user: 200 } },
  'PUT /api/auth/password': {
    url: () => '/api/auth/password',
    body: { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
    expect: { anonymous: 401, user: 200 },
  },
  'PUT /api/settings/theme': { url: () => '/api/settings/theme', body: { theme: 'dark' }, expect: { anonymous: 401, user: 200 } },
  'PUT /api/settings/hide-video': {
    url: () => '/api/settings/hide-video',
    body: { video_id: 'intro' },
    expect: { anonymous: 401, user: 200 },
  },
  'GET /api/config': { url: () => '/api/config', expect: { anonymous: 401, user: 200 } },
  'GET /api/notifications': { url: () => '/api/notifications', expect: { anonymous: 401, user: 200 } },
  'GET /api/notifications/unread-count': { url: () => '/api/notifications/unread-count', expect: { anonymous: 401, user: 200 } },
  'PUT /api/notifications/{id}/read': {
    url: ({ notificationId }) => `/api/notifications/${notificationId}/read`,
    expect: { anonymous: 401, user: 200 },
  },
  'PUT /api/notifications/read-all': { url: () => '/api/notifications/read-all', expect: { anonymous: 401, user: 200 } },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetData());

describe('route matrix', () => {
  it('has a row for every documented route and no stale rows', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(documented.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    for (const actor of ['anonymous', 'user'] as const) {
      it(`${route} as ${actor} → ${row.expect[actor]}`, async () => {
        const user = await buildUser({ email: 'matrix@example.com', password: PASSWORD });
        const n = await buildNotification({ user_id: user.id });
        const cookie = actor === 'user' ? await login(t.app, 'matrix@example.com', PASSWORD) : undefined;
        const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT'];
        const res = await t.app.inject({
          method,
          url: row.url({ notificationId: n.id }),
          headers: { ...XHR, ...(cookie ? { cookie } : {}) },
          ...(row.body ? { payload: row.body } : {}),
        });
        expect(res.statusCode, res.body).toBe(row.expect[actor]);
      });
    }
  }
});
