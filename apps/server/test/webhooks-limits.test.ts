/**
 * Webhooks' limits (ADR 0098): an attempt times out after the configured time (15 s by default),
 * keeps the first 4 KB of the answer, retries with jitter within ±10% of the schedule, and the
 * delivery log forgets attempts after 30 days.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  WEBHOOK_LOG_DAYS,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_JITTER,
  WEBHOOK_RETRY_SCHEDULE,
} from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { delayBefore } from '../src/modules/webhooks/webhooks.delivery';
import { pruneWebhookLog } from '../src/modules/webhooks/webhooks.jobs';
import { WAIT_MS, testConfig } from './helpers';
import {
  buildWebhookApp,
  createWebhook,
  deliveriesOf,
  settledDelivery,
  startReceiver,
  type Receiver,
} from './webhooks.fixtures';
import { world, type App } from './webhooks-world';

/** The schedule's one retry, 1,000 s after the first attempt. */
const RETRY_S = 1000;

let rx: Receiver;
let t: App;
beforeAll(async () => {
  rx = await startReceiver();
  t = await buildWebhookApp({ WEBHOOKS_TIMEOUT_SECONDS: '1', WEBHOOKS_RETRY_SCHEDULE: `0,${RETRY_S}` });
});
afterAll(async () => {
  await t.close();
  await rx.close();
});

/** Waits until the endpoint's newest delivery has had its first attempt, and answers it. */
const attempted = (cookie: string, id: number) =>
  vi.waitFor(
    async () => {
      const [d] = (await deliveriesOf(t, cookie, id)).data;
      if (!d?.attempts.length) throw new Error('no attempt yet');
      return d;
    },
    { timeout: WAIT_MS, interval: 100 },
  );

describe('the timeout', () => {
  it('is 15 seconds unless configured', () => {
    expect(testConfig().webhooks.timeoutMs).toBe(15_000);
    expect(testConfig({ WEBHOOKS_TIMEOUT_SECONDS: '1' }).webhooks.timeoutMs).toBe(1000);
  });

  it('fails an attempt whose receiver takes the request and never answers', async () => {
    const held: http.ServerResponse[] = [];
    const silent = http.createServer((req, res) => {
      req.resume();
      held.push(res);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const w = await world(t, rx);
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
      const hook = await createWebhook(t, w.cookie, { url, events: ['deal.created'] });
      await w.recordLetting();
      const d = await attempted(w.cookie, hook.id);
      expect(held.length).toBe(1);
      expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
      const [a] = d.attempts;
      expect(a).toMatchObject({ status_code: null, error: 'timed out after 1 s', response_body: '' });
      // Not before the configured second, and long before the default 15.
      expect(a!.duration_ms).toBeGreaterThanOrEqual(950);
      expect(a!.duration_ms).toBeLessThan(15_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('the answer kept', () => {
  it('is its first 4,096 bytes', async () => {
    const w = await world(t, rx);
    const answer = Array.from({ length: 1024 }, (_, i) => String(i % 10).repeat(10)).join('');
    expect(answer.length).toBe(10_240);
    rx.answer({ status: 200, body: answer });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    const d = await settledDelivery(t, w.cookie, hook.id);
    expect(d.status).toBe('succeeded');
    expect(WEBHOOK_RESPONSE_KEEP_BYTES).toBe(4096);
    expect(d.attempts[0]!.response_body).toBe(answer.slice(0, 4096));
    const [stored] = await queryRows<{ bytes: number }>(
      t.db,
      sql`select octet_length(response_body)::int as bytes from webhook_attempts`,
    );
    expect(stored!.bytes).toBe(4096);
  });
});

describe('the retry delay', () => {
  it('is jittered within ±10% of the schedule', () => {
    const schedule = [0, 5, 300, 36000];
    expect(WEBHOOK_RETRY_JITTER).toBe(0.1);
    // The band's ends and middle, by the random draw.
    expect(delayBefore(schedule, 2, () => 0)).toBeCloseTo(270);
    expect(delayBefore(schedule, 2, () => 0.5)).toBeCloseTo(300);
    expect(delayBefore(schedule, 2, () => 0.999999)).toBeCloseTo(330, 3);
    expect(delayBefore(schedule, 0, () => 0.7)).toBe(0);
    expect(delayBefore(schedule, 4)).toBeNull();
    // Drawn as the deliveries draw it: spread over the band, never outside it.
    const draws = Array.from({ length: 1000 }, () => delayBefore(schedule, 3)!);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(36000 * 0.9);
    expect(Math.max(...draws)).toBeLessThanOrEqual(36000 * 1.1);
    expect(Math.min(...draws)).toBeLessThan(36000 * 0.92);
    expect(Math.max(...draws)).toBeGreaterThan(36000 * 1.08);
  });

  it('follows a schedule of at least 72 hours, the default one', () => {
    const hours = WEBHOOK_RETRY_SCHEDULE.reduce((a, b) => a + b, 0) / 3600;
    expect(hours).toBeGreaterThanOrEqual(72);
    expect(testConfig().webhooks.retrySchedule).toEqual([...WEBHOOK_RETRY_SCHEDULE]);
  });

  it('sets a failed delivery’s next attempt within the band', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    const d = await attempted(w.cookie, hook.id);
    expect(d.status).toBe('pending');
    const waited = (Date.parse(d.next_attempt_at!) - Date.parse(d.attempts[0]!.attempted_at)) / 1000;
    expect(waited).toBeGreaterThanOrEqual(RETRY_S * (1 - WEBHOOK_RETRY_JITTER));
    // The attempt itself (the request, a busy machine) is the only slack above the band.
    expect(waited).toBeLessThanOrEqual(RETRY_S * (1 + WEBHOOK_RETRY_JITTER) + 60);
  });
});

describe('the delivery log', () => {
  it(`forgets attempts older than ${WEBHOOK_LOG_DAYS} days and keeps newer ones`, async () => {
    const w = await world(t, rx);
    rx.answer({ status: 200 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    await w.recordLetting();
    await rx.waitFor(2);
    const both = await vi.waitFor(
      async () => {
        const page = await deliveriesOf(t, w.cookie, hook.id, '?status=succeeded');
        if (page.data.length < 2) throw new Error(`${page.data.length} of 2 settled`);
        return page.data;
      },
      { timeout: WAIT_MS, interval: 100 },
    );
    const [older, newer] = [both[1]!.id, both[0]!.id];
    const age = async (id: number, days: number) => {
      await t.db.execute(
        sql`update webhook_deliveries set created_at = now() - make_interval(days => ${days}) where id = ${id}`,
      );
      await t.db.execute(
        sql`update webhook_attempts set attempted_at = now() - make_interval(days => ${days}) where delivery_id = ${id}`,
      );
    };
    await age(older, WEBHOOK_LOG_DAYS + 1);
    await age(newer, WEBHOOK_LOG_DAYS - 1);
    expect(await pruneWebhookLog(t.app.services)).toBe(1);
    const attempts = await queryRows<{ delivery_id: number }>(
      t.db,
      sql`select delivery_id from webhook_attempts order by id`,
    );
    expect(attempts).toEqual([{ delivery_id: newer }]);
    const left = await deliveriesOf(t, w.cookie, hook.id);
    expect(left.data.map((d) => [d.id, d.attempts.length])).toEqual([[newer, 1]]);
  });
});
