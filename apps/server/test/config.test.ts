import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from '../src/config';
import { cspDirectives } from '../src/app';
import { XHR, buildTestApp, buildUser, type TestApp } from './helpers';

describe('config', () => {
  it('has the documented defaults, resolved from the repository root', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, 'data'),
      seedDemo: true,
      logLevel: 'info',
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      cookieSecure: false,
      trustProxy: false,
      sessionIdleMinutes: 120,
      sessionAbsoluteHours: 168,
      login: {
        pairFreeFailures: 3,
        addressFreeFailures: 10,
        accountFreeFailures: 10,
        delayBaseSeconds: 1,
        delayMaxSeconds: 900,
        forgetHours: 24,
        knownAddressDays: 90,
        alertFailures: 5,
      },
      rateLimitMax: 600,
      dbPoolMax: 10,
      webConcurrency: 1,
      shutdownTimeoutMs: 10000,
      scryptCost: 16384,
      docsUrl: 'https://docs.frontage.example',
      supportUrl: 'https://support.frontage.example',
      helpEmail: 'help@frontage.example',
    });
    expect(path.basename(REPO_ROOT)).not.toBe('server');
  });

  it('parses values and refuses bad ones with a readable error', () => {
    const c = loadConfig({
      PORT: '8080',
      SEED_DEMO: 'false',
      COOKIE_SECURE: 'true',
      DATA_DIR: 'rel/dir',
      DATABASE_URL: '',
    });
    expect(c.port).toBe(8080);
    expect(c.seedDemo).toBe(false);
    expect(c.cookieSecure).toBe(true);
    expect(c.dataDir).toBe(path.resolve('rel/dir'));
    expect(loadConfig({ WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '0' }).webConcurrency).toBe(0);
    expect(() => loadConfig({ WEB_CONCURRENCY: '-1' })).toThrow(/WEB_CONCURRENCY/);
    expect(c.databaseUrl).toBeUndefined();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('reads the LOGIN_* throttling settings and refuses inconsistent ones', () => {
    const c = loadConfig({
      LOGIN_FREE_FAILURES: '2',
      LOGIN_ADDRESS_FREE_FAILURES: '4',
      LOGIN_ACCOUNT_FREE_FAILURES: '6',
      LOGIN_DELAY_BASE_SECONDS: '5',
      LOGIN_DELAY_MAX_MINUTES: '60',
      LOGIN_FORGET_HOURS: '1',
      LOGIN_KNOWN_ADDRESS_DAYS: '7',
      LOGIN_ALERT_FAILURES: '3',
    });
    expect(c.login).toEqual({
      pairFreeFailures: 2,
      addressFreeFailures: 4,
      accountFreeFailures: 6,
      delayBaseSeconds: 5,
      delayMaxSeconds: 3600,
      forgetHours: 1,
      knownAddressDays: 7,
      alertFailures: 3,
    });
    expect(() => loadConfig({ LOGIN_FREE_FAILURES: '0' })).toThrow(/LOGIN_FREE_FAILURES/);
    expect(() => loadConfig({ LOGIN_DELAY_MAX_MINUTES: 'soon' })).toThrow(/LOGIN_DELAY_MAX_MINUTES/);
    // A delay may not outlast the memory of its failures, nor the first delay the longest.
    expect(() => loadConfig({ LOGIN_DELAY_MAX_MINUTES: '61', LOGIN_FORGET_HOURS: '1' })).toThrow(
      /LOGIN_DELAY_MAX_MINUTES: must not exceed LOGIN_FORGET_HOURS/,
    );
    expect(() => loadConfig({ LOGIN_DELAY_BASE_SECONDS: '61', LOGIN_DELAY_MAX_MINUTES: '1' })).toThrow(
      /LOGIN_DELAY_BASE_SECONDS/,
    );
  });
});

describe('COOKIE_SECURE', () => {
  let t: TestApp;
  afterAll(() => t.close());
  it('marks the session cookie Secure', async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } });
    await buildUser({ email: 'secure@example.com', password: 'password-123' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      payload: { email: 'secure@example.com', password: 'password-123' },
    });
    expect(String(res.headers['set-cookie'])).toContain('Secure');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});

describe('MAP_STYLE_URL', () => {
  let t: TestApp;
  afterAll(() => t.close());
  it('is offered to the web app and its origin is allowed by the CSP', async () => {
    t = await buildTestApp({ env: { MAP_STYLE_URL: 'https://tiles.example.com/styles/streets/style.json' } });
    await buildUser({ email: 'map@example.com', password: 'password-123' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: XHR,
      payload: { email: 'map@example.com', password: 'password-123' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const res = await t.app.inject({ method: 'GET', url: '/api/config', headers: { ...XHR, cookie } });
    expect(res.json().data.map_style_url).toBe('https://tiles.example.com/styles/streets/style.json');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https://tiles.example.com");
    expect(csp).toContain("img-src 'self' data: blob: https://i.ytimg.com https://tiles.example.com");
  });
});

describe('MAP_STYLES', () => {
  it('parses the hosted basemaps by name and refuses anything else', () => {
    expect(
      loadConfig({ MAP_STYLES: 'hybrid=https://h.example/style.json, road=https://r.example/s.json' })
        .mapStyles,
    ).toEqual({
      road: 'https://r.example/s.json',
      satellite: null,
      hybrid: 'https://h.example/style.json',
    });
    expect(loadConfig({}).mapStyles).toEqual({ road: null, satellite: null, hybrid: null });
    expect(() => loadConfig({ MAP_STYLES: 'terrain=https://t.example/s.json' })).toThrow(/MAP_STYLES/);
    expect(() => loadConfig({ MAP_STYLES: 'road=not a url' })).toThrow(/MAP_STYLES/);
  });

  it('widens the CSP for every configured origin', () => {
    const d = cspDirectives(
      null,
      'https://h.example/style.json',
      null,
      'https://h.example/other.json',
      'https://s.example/x',
    );
    expect(d.connectSrc).toEqual(["'self'", 'https://h.example', 'https://s.example']);
  });
});
