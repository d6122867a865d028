/**
 * Webhooks (ADR 0098): the retry schedule with a failing receiver, Retry-After, the SSRF
 * guard (tests target loopback only, with the allowance off; names resolve through a test
 * resolver, never DNS) and the one plain-http rule at save and delivery (ADR 0111), the OpenAPI
 * `webhooks` section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SCHEDULE,
} from '@frontage/shared';
import { addressAllowed, postOnce, type Resolve } from '../src/modules/webhooks/webhooks.http';
import { XHR } from './helpers';
import {
  buildWebhookApp,
  createWebhook,
  resolverOf,
  settledDelivery,
  startReceiver,
  type Receiver,
} from './webhooks.fixtures';
import { verify, world, type App } from './webhooks-world';

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

describe('retries', () => {
  let t: App;
  beforeAll(async () => {
    t = await buildWebhookApp({ WEBHOOKS_RETRY_SCHEDULE: '0,1,1,1' });
  });
  afterAll(() => t.close());

  it('retries a failing receiver on the schedule, re-signed each time with the same webhook-id', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 }, { status: 503 }, { status: 500 }, { status: 204 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    await rx.waitFor(4);
    const d = await settledDelivery(t, w.cookie, hook.id);
    expect(d).toMatchObject({ status: 'succeeded', attempt_count: 4 });
    expect(d.attempts.map((a) => a.status_code)).toEqual([204, 500, 503, 500]);
    const ids = new Set(rx.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of rx.received) verify(hook.secret, r);
    const stamps = rx.received.map((r) => Number(r.headers['webhook-timestamp']));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(stamps.at(-1)!).toBeGreaterThan(stamps[0]!);
    expect(new Set(rx.received.map((r) => r.headers['webhook-signature'])).size).toBe(4);
  });

  it('gives up when the schedule is spent', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    const d = await settledDelivery(t, w.cookie, hook.id);
    expect(d).toMatchObject({ status: 'failed', attempt_count: 4, next_attempt_at: null });
  });
});

describe('Retry-After', () => {
  let t: App;
  beforeAll(async () => {
    // The schedule's retries are an hour away: only Retry-After can bring them sooner.
    t = await buildWebhookApp({ WEBHOOKS_RETRY_SCHEDULE: '0,3600,3600' });
  });
  afterAll(() => t.close());

  it('is honoured on 429 and 503', async () => {
    const w = await world(t, rx);
    rx.answer(
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 200 },
    );
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    await rx.waitFor(3);
    const d = await settledDelivery(t, w.cookie, hook.id);
    expect(d).toMatchObject({ status: 'succeeded', attempt_count: 3 });
    expect(d.attempts.map((a) => a.status_code)).toEqual([200, 503, 429]);
  });
});

/** Names resolved without DNS; any other name does not resolve. */
const names = resolverOf({
  'receiver.test': ['127.0.0.1'],
  'public.example': ['93.184.216.34'],
  'intranet.example': ['10.0.0.5'],
  'mixed.example': ['93.184.216.34', '192.168.1.1'],
  'mixed-loopback.example': ['127.0.0.1', '93.184.216.34'],
  'metadata.example': ['169.254.169.254'],
});
/** The same, and one name whose lookup never answers. */
const resolve: Resolve = (hostname, family) =>
  hostname === 'silent.example' ? new Promise(() => undefined) : names(hostname, family);

const save = (t: App, cookie: string, url: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { ...XHR, cookie },
    payload: { url, events: ['deal.created'] },
  });

describe('the SSRF guard', () => {
  let t: App;
  beforeAll(async () => {
    t = await buildWebhookApp({ WEBHOOKS_ALLOW_LOOPBACK: 'false', WEBHOOKS_ALLOW_HTTP: 'true' }, { resolve });
  });
  afterAll(() => t.close());

  it('refuses private, loopback and link-local endpoint URLs', async () => {
    const w = await world(t, rx);
    for (const url of [
      rx.url(),
      'http://localhost/hook',
      'https://10.1.2.3/hook',
      'https://172.16.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { ...XHR, cookie: w.cookie },
        payload: { url, events: ['deal.created'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [WEBHOOK_MESSAGES.urlRefused] });
    }
  });

  it('refuses names that resolve to a private, loopback or link-local address when the URL is saved', async () => {
    const w = await world(t, rx);
    for (const url of [
      'https://intranet.example/hook',
      'https://mixed.example/hook',
      `http://receiver.test:${rx.port}/hook`,
      'https://metadata.example/latest',
    ]) {
      const res = await save(t, w.cookie, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [WEBHOOK_MESSAGES.urlRefused] });
    }
    // A public name is saved, over http too (WEBHOOKS_ALLOW_HTTP); so is a name that does not
    // resolve now, or not within the bound: every attempt checks it again.
    for (const url of [
      'https://public.example/hook',
      'http://public.example/hook',
      'https://unknown.example/hook',
      'https://silent.example/hook',
    ])
      expect((await save(t, w.cookie, url)).statusCode, url).toBe(201);
    // An edit is checked as a new endpoint is, and a refused one changes nothing.
    const hook = await createWebhook(t, w.cookie, {
      url: 'https://public.example/a',
      events: ['deal.created'],
    });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
      payload: { url: 'https://intranet.example/a' },
    });
    expect(moved.json().errors).toEqual({ url: [WEBHOOK_MESSAGES.urlRefused] });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(read.json().data.url).toBe('https://public.example/a');
  });

  it('refuses loopback at delivery time, by address and by a name that resolves to it', async () => {
    // Plain http is allowed (WEBHOOKS_ALLOW_HTTP), loopback is not: the address decides.
    const opts = { allowLoopback: false, allowHttp: true, resolve, timeoutMs: 15_000, keepBytes: 4096 };
    rx.reset();
    const literal = await postOnce(rx.url(), {}, '{}', opts);
    expect(literal).toMatchObject({
      status: null,
      error: expect.stringMatching(/^refused: 127\.0\.0\.1 is a private/),
    });
    const named = await postOnce(`https://localhost:${rx.port}/hook`, {}, '{}', opts);
    expect(named).toMatchObject({ status: null, error: expect.stringMatching(/^refused/) });
    const resolved = await postOnce(`http://receiver.test:${rx.port}/hook`, {}, '{}', opts);
    expect(resolved).toMatchObject({
      status: null,
      error: expect.stringMatching(/^refused: receiver\.test is a private/),
    });
    expect(rx.received).toEqual([]);
    // With the allowance, the same receiver is reached.
    const allowed = await postOnce(rx.url(), {}, '{}', { ...opts, allowLoopback: true });
    expect(allowed.status).toBe(200);
  });

  it('allows public unicast addresses only', () => {
    const off = { allowLoopback: false };
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::',
      '224.0.0.1',
    ])
      expect(addressAllowed(a, off), a).toBe(false);
    for (const a of ['8.8.8.8', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8'])
      expect(addressAllowed(a, off), a).toBe(true);
    expect(addressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(addressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
  });
});

describe('plain http with only loopback allowed', () => {
  let t: App;
  beforeAll(async () => {
    t = await buildWebhookApp({ WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_ALLOW_HTTP: 'false' }, { resolve });
  });
  afterAll(() => t.close());

  it('is refused on save unless every address of the target is loopback', async () => {
    const w = await world(t, rx);
    for (const url of [
      'http://93.184.216.34/',
      'http://public.example/hook',
      'http://mixed-loopback.example/hook',
      // Whether it is loopback cannot be known: it must be https.
      'http://unknown.example/hook',
    ]) {
      const res = await save(t, w.cookie, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [WEBHOOK_MESSAGES.urlHttps] });
    }
    for (const url of [rx.url(), `http://receiver.test:${rx.port}/hook`, 'http://localhost/hook'])
      expect((await save(t, w.cookie, url)).statusCode, url).toBe(201);
    // Private addresses stay refused whatever the scheme.
    expect((await save(t, w.cookie, 'https://intranet.example/hook')).json().errors).toEqual({
      url: [WEBHOOK_MESSAGES.urlRefused],
    });
  });

  it('is refused at delivery to a public address, literal or resolved, and delivered to loopback', async () => {
    const opts = { allowLoopback: true, allowHttp: false, resolve, timeoutMs: 15_000, keepBytes: 4096 };
    rx.reset();
    const literal = await postOnce('http://93.184.216.34/hook', {}, '{}', opts);
    expect(literal).toMatchObject({ status: null, error: expect.stringMatching(/^refused: plain http/) });
    for (const name of ['public.example', 'mixed-loopback.example']) {
      const named = await postOnce(`http://${name}:${rx.port}/hook`, {}, '{}', opts);
      expect(named, name).toMatchObject({
        status: null,
        error: expect.stringMatching(/^refused: plain http/),
      });
    }
    expect(rx.received).toEqual([]);
    // Neither allowance: plain http goes nowhere, loopback or not.
    const off = { ...opts, allowLoopback: false };
    const none = await postOnce(`http://receiver.test:${rx.port}/hook`, {}, '{}', off);
    expect(none).toMatchObject({ status: null, error: expect.stringMatching(/^refused/) });
    expect(rx.received).toEqual([]);
  });

  it('delivers over http to a name that resolves to loopback', async () => {
    const w = await world(t, rx);
    const hook = await createWebhook(t, w.cookie, {
      url: `http://receiver.test:${rx.port}/named`,
      events: ['deal.created'],
    });
    await w.recordLetting();
    await rx.waitFor(1);
    expect(rx.received[0]!.path).toBe('/named');
    verify(hook.secret, rx.received[0]!);
    expect(await settledDelivery(t, w.cookie, hook.id)).toMatchObject({ status: 'succeeded' });
  });
});

describe('the OpenAPI document', () => {
  it('lists every event with its payload as OpenAPI 3.1 webhooks', async () => {
    const t = await buildWebhookApp();
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
      const schema = doc.webhooks['deal.created'].post.requestBody.content['application/json'].schema;
      expect(schema.properties.type).toMatchObject({ const: 'deal.created' });
      expect(Object.keys(schema.properties.data.properties)).toEqual([
        'id',
        'deal_type',
        'property_id',
        'scheme_id',
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('the default schedule', () => {
  it('is the specification’s and spans more than 72 hours even with the jitter taken off', () => {
    expect(WEBHOOK_RETRY_SCHEDULE.slice(0, 7)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000]);
    const total = WEBHOOK_RETRY_SCHEDULE.reduce((a, b) => a + b, 0) * (1 - WEBHOOK_RETRY_JITTER);
    expect(total).toBeGreaterThan(72 * 3600);
  });
});
