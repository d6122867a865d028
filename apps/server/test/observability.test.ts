import { API_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/logger';
import { shutdown } from '../src/lifecycle';
import { WAIT_MS, XHR, buildTestApp, buildUser, captureStream, resetData, type TestApp } from './helpers';

describe('secret keys never leave the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      extend: (app) => {
        app.get('/api/test/leak', async () => ({ data: { nested: [{ password_hash: 'x' }] } }));
      },
    });
  });
  afterAll(() => t.close());

  it('the test harness itself rejects a body with a password-like key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/leak', headers: XHR });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('password_hash');
  });
});

describe('logs', () => {
  it('never contain the password, the cookie or the session token', async () => {
    const cap = captureStream();
    const logger = createLogger('trace', cap.stream);
    const t = await buildTestApp({ logger });
    try {
      await resetData();
      await buildUser({ email: 'log@example.com', password: 'super-secret-pass' });
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: XHR,
        payload: { email: 'log@example.com', password: 'super-secret-pass' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.cookies[0]!.value;
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: { ...XHR, cookie: `frontage_session=${token}`, authorization: 'Bearer abc-secret' },
        payload: {
          current_password: 'super-secret-pass',
          password: 'another-secret-1',
          password_confirmation: 'another-secret-1',
        },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: XHR,
        payload: { email: 'log@example.com', password: 'wrong-secret-pass' },
      });
      // A direct attempt to log a body is redacted too.
      t.app.log.info({ body: { password: 'logged-by-mistake' }, password: 'logged-by-mistake' }, 'oops');
      const text = cap.text();
      expect(text).toContain('incoming request');
      for (const secret of [
        'super-secret-pass',
        'another-secret-1',
        'wrong-secret-pass',
        token,
        'abc-secret',
        'logged-by-mistake',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and answers 503 to new ones', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const t = await buildTestApp({
      extend: (app) => {
        app.get('/api/test/slow', async () => {
          entered();
          await gate;
          return { done: true };
        });
      },
    });
    let dbClosed = false;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}`;

    const inflight = fetch(`${base}/api/test/slow`, { headers: XHR });
    await inside;
    t.app.beginShutdown();
    const late = await fetch(`${base}/api/health`, { headers: XHR });
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('3');
    expect(await late.json()).toEqual({ msg: API_MESSAGES.shuttingDown });

    const stopping = shutdown(t.app, async () => {
      dbClosed = true;
    });
    // The shutdown has closed the listener and now waits for the request in progress: the
    // database stays open until it is answered.
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false), { timeout: WAIT_MS, interval: 5 });
    expect(dbClosed).toBe(false);
    release();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await stopping;
    expect(dbClosed).toBe(true);
  });
});
