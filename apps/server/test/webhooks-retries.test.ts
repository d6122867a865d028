/**
 * Webhooks (ADR 0098): the retry schedule with a failing receiver, Retry-After, the SSRF
 * guard (tests target loopback only, with the allowance off), the OpenAPI `webhooks` section.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SCHEDULE,
} from '@frontage/shared';
import { addressAllowed, postOnce } from '../src/modules/webhooks/webhooks.http';
import { XHR } from './helpers';
import {
  buildWebhookApp,
  createWebhook,
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
    // The schedule's second attempt is an hour away: only Retry-After can bring it sooner.
    t = await buildWebhookApp({ WEBHOOKS_RETRY_SCHEDULE: '0,3600' });
  });
  afterAll(() => t.close());

  it('is honoured on 429 and 503', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 429, headers: { 'retry-after': '1' } }, { status: 200 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    await rx.waitFor(2);
    expect(await settledDelivery(t, w.cookie, hook.id)).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
    });
  });
});

describe('the SSRF guard', () => {
  let t: App;
  beforeAll(async () => {
    t = await buildWebhookApp({ WEBHOOKS_ALLOW_LOOPBACK: 'false', WEBHOOKS_ALLOW_HTTP: 'true' });
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

  it('refuses loopback at delivery time, by address and by a name that resolves to it', async () => {
    const opts = { allowLoopback: false, timeoutMs: 15_000, keepBytes: 4096 };
    rx.reset();
    const literal = await postOnce(rx.url(), {}, '{}', opts);
    expect(literal).toMatchObject({ status: null, error: expect.stringMatching(/^refused/) });
    const named = await postOnce(`https://localhost:${rx.port}/hook`, {}, '{}', opts);
    expect(named).toMatchObject({ status: null, error: expect.stringMatching(/^refused/) });
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
