/**
 * `npm run bench:webhooks`: commit → first delivery attempt of a webhook (the budget: p95 ≤ 2 s at
 * 50 changes/s with a local receiver; ADR 0098, ADR 0104).
 *
 * Starts the server (apps/server/src/main.ts, as in production: the job layer, the outbox relay
 * and the delivery workers at their default settings) on PostgreSQL, registers an endpoint on a
 * receiver in this process (loopback, WEBHOOKS_ALLOW_LOOPBACK), then posts comments (each one
 * change, `comment.created`) at a fixed rate, open loop: change i is sent at i / rate seconds
 * whether or not the ones before it have been answered. For each change it takes the time from
 * its answer (the commit came just before it) and from its request to the first request the
 * receiver got for it. Both clocks are this process's.
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/frontage_bench_webhooks,
 * created and migrated when missing; nothing in it is deleted, the run adds its own account,
 * property, endpoint and comments), BENCH_RATE (50 changes/s), BENCH_SECONDS (20),
 * BENCH_WARMUP (3 s at the same rate, not counted), BENCH_PROCESSES (WEB_CONCURRENCY, 1),
 * BENCH_WRITE (`http`: each change a POST /api/comments; `sql`: each change only its outbox row,
 * inserted and committed here, to measure the pipeline where the machine cannot take the writes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createAccount } from '../apps/server/src/modules/auth/account.service';
import { ensureDatabase } from './lib/database';
import { startNode, stop, waitForHealth } from './lib/processes';
import { summarise } from './lib/stats';

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench_webhooks';
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const PROCESSES = process.env.BENCH_PROCESSES ?? '1';
const WRITE = process.env.BENCH_WRITE === 'sql' ? 'sql' : 'http';
const PORT = Number(process.env.BENCH_PORT ?? 3497);
const base = `http://127.0.0.1:${PORT}`;
const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const account = { email: `webhooks-bench-${Date.now()}@example.com`, password: 'bench-password-1' };

/** The receiver: the time (performance.now) each change's first request arrived, by comment id. */
const firstSeen = new Map<number, number>();
let requests = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    requests++;
    const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } };
    if (!firstSeen.has(data.id)) firstSeen.set(data.id, at);
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

await ensureDatabase(databaseUrl);
const prepared = await createDb({ databaseUrl, poolMax: 2 });
await runMigrations(prepared);
await createAccount(
  {
    db: prepared.db,
    config: loadConfig({ SCRYPT_COST: '1024', LOG_LEVEL: 'silent' }),
    now: () => new Date(),
  },
  { ...account, name: 'Webhooks Bench', admin: true, temp: false, company: 'Bench Ltd' },
);
await prepared.close();

const server = startNode(
  'apps/server/src/main.ts',
  {
    DATABASE_URL: databaseUrl,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '0',
    WEB_CONCURRENCY: PROCESSES,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
  },
  'server',
);

interface Change {
  sent: number;
  answered: number;
  id: number;
}

let cleanup: (() => Promise<void>) | undefined;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
try {
  await waitForHealth(`${base}/api/health`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify(account),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const headers = {
    ...XHR,
    cookie: login.headers
      .getSetCookie()
      .find((c) => c.startsWith('frontage_session='))!
      .split(';')[0]!,
  };
  const post = async (url: string, body: object) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const property = await post('/api/properties', {
    building_num: '1',
    address: { street: 'Bench Street', city: 'Leeds', post_code: 'LS1 1AA' },
  });
  const hook = await post('/api/webhooks', { url: hookUrl, events: ['comment.created'] });
  cleanup = async () => void (await fetch(`${base}/api/webhooks/${hook.id}`, { method: 'DELETE', headers }));

  const failures: string[] = [];
  // BENCH_WRITE=sql: each change is only its outbox row, inserted and committed by this process
  // (what a change's transaction adds for webhooks), so the figure is the webhook pipeline's alone
  // when the machine cannot take RATE real writes a second.
  let sqlId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
  const writeChange = async (i: number): Promise<number> => {
    if (WRITE !== 'sql')
      return (
        await post('/api/comments', {
          entity_type: 'property',
          entity_id: property.id,
          content: `<p>Bench change ${i}</p>`,
        })
      ).id;
    const id = sqlId++;
    await pool.query(
      `insert into webhook_events (message_id, type, data, created_at) values ($1, 'comment.created', $2, now())`,
      [`msg_bench${id}`, JSON.stringify({ id, entity_type: 'property', entity_id: property.id })],
    );
    return id;
  };

  /** `count` changes at RATE per second, open loop; answers each committed one's times. */
  const run = async (count: number): Promise<Change[]> => {
    const start = performance.now();
    const changes: Array<Promise<Change | null>> = [];
    for (let i = 0; i < count; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const sent = performance.now();
      changes.push(
        writeChange(i).then(
          (id) => ({ sent, answered: performance.now(), id }),
          (err: unknown) => {
            // A refused change (the machine could not keep the rate: 503) made no change to send.
            failures.push(String(err));
            return null;
          },
        ),
      );
    }
    return (await Promise.all(changes)).filter((c) => c !== null);
  };
  const delivered = async (changes: Change[]) => {
    const until = Date.now() + 120_000;
    while (changes.some((c) => !firstSeen.has(c.id))) {
      if (Date.now() > until) throw new Error('some changes were not delivered within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  await delivered(await run(WARMUP * RATE));
  failures.length = 0;
  const t0 = performance.now();
  const changes = await run(SECONDS * RATE);
  const seconds = (performance.now() - t0) / 1000;
  if (!changes.length) throw new Error(`every change was refused: ${failures[0]}`);
  await delivered(changes);

  const row = (label: string, from: (c: Change) => number) => {
    const ms = changes.map((c) => firstSeen.get(c.id)! - from(c));
    const s = summarise(ms, 0, seconds);
    const max = Math.max(...ms);
    console.log(
      `${label.padEnd(34)} p50 ${s.p50.toFixed(0).padStart(5)} ms   p95 ${s.p95.toFixed(0).padStart(5)} ms   max ${max.toFixed(0).padStart(5)} ms`,
    );
  };
  const answerMs = changes.map((c) => c.answered - c.sent);
  const answers = summarise(answerMs, 0, seconds);
  console.log(
    `${changes.length} changes in ${seconds.toFixed(1)} s (${(changes.length / seconds).toFixed(1)}/s, target ${RATE}/s), ` +
      `${PROCESSES} server process(es), changes written by ${WRITE === 'sql' ? 'an outbox INSERT' : 'POST /api/comments'}; receiver got ${requests} requests`,
  );
  if (failures.length) console.log(`${failures.length} changes refused (not counted), first: ${failures[0]}`);
  console.log(
    `${(WRITE === 'sql' ? 'INSERT … COMMIT' : 'POST /api/comments answer').padEnd(34)} p50 ${answers.p50.toFixed(0).padStart(5)} ms   p95 ${answers.p95.toFixed(0).padStart(5)} ms   max ${Math.max(
      ...answerMs,
    )
      .toFixed(0)
      .padStart(5)} ms`,
  );
  row('answer (commit) → first attempt', (c) => c.answered);
  row('request → first attempt', (c) => c.sent);
} finally {
  // The endpoint goes with its deliveries, so a later run's relay has nothing of this one's to send.
  if (cleanup) await cleanup().catch(() => undefined);
  await pool.end();
  await stop(server);
  receiver.close();
}
