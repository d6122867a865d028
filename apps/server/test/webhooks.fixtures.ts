import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { startJobLayer, JOB_SCHEMA } from '../src/jobs';
import type { Resolve } from '../src/modules/webhooks/webhooks.http';
import { declareWebhookJobs, workWebhookJobs } from '../src/modules/webhooks/webhooks.jobs';
import { WAIT_MS, XHR, buildTestApp, testDb, type TestApp } from './helpers';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver on 127.0.0.1: records every request and answers from `answers` in turn (the
 * last one again once they run out; 200 when none).
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  let answers: Answer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = (answers.length > 1 ? answers.shift() : answers[0]) ?? { status: 200 };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...list: Answer[]) => {
      answers = list;
    },
    reset: () => {
      received.length = 0;
      answers = [];
    },
    /** Waits until `n` requests have arrived. */
    waitFor: (n: number) =>
      vi.waitFor(
        () => {
          if (received.length < n) throw new Error(`${received.length} of ${n} requests`);
        },
        { timeout: WAIT_MS, interval: 50 },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * A resolver that knows only these names (each to its addresses) and answers any other as DNS
 * does a name that does not exist: names are made to resolve without DNS.
 */
export const resolverOf =
  (names: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = names[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/**
 * The app with the job layer and the outbox relay running, as a worker process runs them; names
 * are resolved by `resolve` when given (at save and at every attempt).
 */
export const buildWebhookApp = async (env: Record<string, string> = {}, opts: { resolve?: Resolve } = {}) => {
  const db = await testDb();
  const jobs = await startJobLayer(db, { maintenanceIntervalSeconds: 1, schedule: false });
  await declareWebhookJobs(jobs, { timeoutMs: 15_000 });
  const t = await buildTestApp({
    env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOKS_RELAY_MS: '50', ...env },
    jobs,
  });
  // The services read the same config object, so the resolver reaches saves and attempts alike.
  if (opts.resolve) t.config.webhooks.resolve = opts.resolve;
  const relay = await workWebhookJobs(jobs, t.app.services, { pollingIntervalSeconds: 0.5 });
  return {
    ...t,
    jobs,
    close: async () => {
      await relay.stop();
      await jobs.stop({ graceful: false }).catch(() => undefined);
      await t.close();
    },
  };
};
export type WebhookApp = TestApp & { jobs: Awaited<ReturnType<typeof startJobLayer>> };

/** Forgets the jobs of earlier tests (the records they named are gone, their ids reused). */
export const dropWebhookJobs = async (): Promise<void> => {
  await (await testDb()).execute(sql.raw(`delete from ${JOB_SCHEMA}.job where name like 'webhooks-%'`));
};

export const createWebhook = async (t: TestApp, cookie: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { ...XHR, cookie },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; secret: string; url: string };
};

export const deliveriesOf = async (t: TestApp, cookie: string, id: number, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/webhooks/${id}/deliveries${query}`,
    headers: { ...XHR, cookie },
  });
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return res.json() as {
    data: Array<{
      id: number;
      message_id: string;
      event_type: string;
      status: string;
      attempt_count: number;
      next_attempt_at: string | null;
      attempts: Array<{
        attempted_at: string;
        status_code: number | null;
        duration_ms: number;
        error: string | null;
        response_body: string;
      }>;
    }>;
    meta: { pagination: { total: number } };
  };
};

/** Waits until the endpoint's newest delivery is settled (succeeded or failed) and answers it. */
export const settledDelivery = async (t: TestApp, cookie: string, id: number) =>
  vi.waitFor(
    async () => {
      const [d] = (await deliveriesOf(t, cookie, id)).data;
      if (!d || d.status === 'pending') throw new Error('still pending');
      return d;
    },
    { timeout: WAIT_MS, interval: 100 },
  );

export const outboxTypes = async (t: TestApp) =>
  (await queryRows<{ type: string }>(t.db, sql`select type from webhook_events order by id`)).map(
    (r) => r.type,
  );
