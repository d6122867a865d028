/**
 * Every answer carries the security headers: those the router or Node's HTTP
 * parser give before any hook runs too, and a signed-in resource is never cached publicly.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => resetData());

type Headers = Record<string, unknown>;

/** The headers helmet gives every answer of the app. */
const expectSecurityHeaders = (headers: Headers, what: string) => {
  expect(String(headers['content-security-policy']), what).toContain("default-src 'self'");
  expect(String(headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
};

describe('security headers', () => {
  it.each([
    [
      'a malformed escape under /api',
      { method: 'GET', url: '/api/%' },
      400,
      { msg: API_MESSAGES.badRequest },
    ],
    [
      'a cut escape',
      { method: 'GET', url: '/api/companies/%E0%A4%A' },
      400,
      { msg: API_MESSAGES.badRequest },
    ],
    [
      'an unknown /api route',
      { method: 'GET', url: '/api/nowhere' },
      404,
      { msg: API_MESSAGES.routeNotFound },
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${'x'.repeat(1024 * 1024 + 16)}"}`,
      },
      413,
      { msg: API_MESSAGES.payloadTooLarge },
    ],
    [
      'an unsupported media type',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      415,
      { msg: API_MESSAGES.badRequest },
    ],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      400,
      { msg: API_MESSAGES.badRequest },
    ],
  ] as const)(
    '%s: answered in API.md shape, with the headers and no-store',
    async (what, req, status, body) => {
      const res = await t.app.inject({
        ...req,
        headers: { ...XHR, ...('headers' in req ? req.headers : {}) },
      });
      expect(res.statusCode, what).toBe(status);
      expect(res.json()).toEqual(body);
      expectSecurityHeaders(res.headers, what);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('a malformed URL outside /api has them too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers, 'outside /api');
  });

  it('the health check answered during shutdown has them', async () => {
    const local = await buildTestApp();
    try {
      local.app.beginShutdown();
      const res = await local.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expectSecurityHeaders(res.headers, 'shutdown');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await local.close();
    }
  });

  describe("Node's HTTP parser refusals (over a real socket)", () => {
    let base: { port: number };
    let listening: FastifyInstance;
    beforeAll(async () => {
      listening = (await buildTestApp()).app;
      await listening.listen({ port: 0, host: '127.0.0.1' });
      base = listening.server.address() as net.AddressInfo;
    });
    afterAll(async () => {
      await listening.close();
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(base.port, '127.0.0.1', () => socket.write(bytes));
        let out = '';
        socket.on('data', (c: Buffer) => (out += c.toString()));
        socket.on('error', reject);
        socket.on('close', () => resolve(out));
      });
    const parse = (answer: string) => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [status = '', ...lines] = head.split('\r\n');
      const headers: Headers = {};
      for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 2);
      return { status, headers, body };
    };

    it('a malformed request line: 400 with the headers', async () => {
      const res = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      expect(res.status).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(res.body)).toEqual({ msg: API_MESSAGES.badRequest });
      expectSecurityHeaders(res.headers, 'client error');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('headers over the limit: 431 with the headers', async () => {
      const res = parse(
        await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      expect(res.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(JSON.parse(res.body)).toEqual({ msg: API_MESSAGES.payloadTooLarge });
      expectSecurityHeaders(res.headers, 'header overflow');
    });
  });
});

describe('private caching of signed-in resources', () => {
  it('the logo at its versioned URL is private and immutable; unversioned it is revalidated', async () => {
    const agent = await buildUser({ email: 'agent@example.com', password: 'logo-password-1' });
    const etag = 'abcdef0123456789abcdef0123456789';
    const company = await buildCompany({
      logo: Buffer.from('89504e470d0a1a0a', 'hex'),
      logo_mime: 'image/png',
      logo_etag: etag,
    });
    const cookie = await sessionCookie(t.app, agent);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/logo${query}`, headers: { cookie } });

    const versioned = await get(`?v=${etag.slice(0, 12)}`);
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expectSecurityHeaders(versioned.headers, 'logo');

    for (const query of ['', '?v=000000000000']) {
      const other = await get(query);
      expect(other.statusCode).toBe(200);
      expect(other.headers['cache-control']).toBe('private, no-cache');
    }
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/logo`,
      headers: { cookie, 'if-none-match': `"${etag}"` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('private, no-cache');
    // Signed out: no image, nothing cacheable.
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/companies/${company.id}/logo` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
