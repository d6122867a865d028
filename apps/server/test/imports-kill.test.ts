/**
 * kill -9 during an import's apply (ADR 0094): a real server process
 * (src/main.ts, working the imports queue) applies an import of a few thousand units; it is
 * killed with SIGKILL at random points of the apply, five times, and started again each time. The
 * import must complete with no unit written twice and the same final counts and records as an
 * uninterrupted run of the same file. PostgreSQL only: PGlite is embedded, one process at a time
 * (imports-restart.test.ts stops and restarts its job layer there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { startJobLayer } from '../src/jobs';
import { declareImportJobs } from '../src/modules/imports/imports.jobs';
import { WAIT_MS, buildCompany, buildTestApp, testDb } from './helpers';
import { importWorld, post, preview } from './imports.fixtures';
import { freePort } from './ports';
import { serverArgs } from './fixtures/server-process';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const ROWS = 3000;
const KILLS = 5;
const BATCH = 50;

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

interface Server {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** The server as it runs in production, on the test database, working imports only. */
const startServer = async (): Promise<Server> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: '1',
    JOBS_QUEUES: 'imports',
    IMPORT_BATCH_ROWS: String(BATCH),
    // A killed process's job is taken as lost and resumed after this long; a job works for half
    // of it, then queues the next slice of the import.
    IMPORT_JOB_EXPIRE_SECONDS: '4',
    JOB_MAINTENANCE_SECONDS: '1',
  };
  const child = spawn(process.execPath, serverArgs(), {
    cwd: path.join(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  await until('the server to start', () => {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    return output.includes('Frontage is running');
  });
  return { child, exited };
};

const until = async (what: string, check: () => boolean | Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const state = async (id: number) =>
  (
    await queryRows<{ status: string; progress: number }>(
      await testDb(),
      sql`select status, progress from imports where id = ${id}`,
    )
  )[0]!;

/**
 * 3,000 rows: units 1–2,950 new (every 50th a second spelling of the one before it: a duplicate
 * within the file, skipped), 20 updating units that exist ("Unit 7" = "7"), and every 100th row
 * naming a tenant no one knows (an error).
 */
const FILE = [
  'Unit,Street,Town,Postcode,Tenant,Rent PA,NIA',
  ...Array.from({ length: ROWS }, (_, i) => {
    if (i >= ROWS - 20) return `Unit ${i - (ROWS - 20)},1 Existing Road,Leeds,LS2 7AA,,"£${i},000",`;
    const n = i % 50 === 49 ? i - 1 : i;
    const tenant = i % 100 === 7 ? 'Nobody Trading' : i % 3 ? 'Greggs plc' : '';
    return `${i % 50 === 49 ? `Unit ${n}` : n},${n} High Street,York,${i % 50 === 49 ? 'yo18aa' : 'YO1 8AA'},${tenant},${12000 + i},${500 + i} sq ft`;
  }),
].join('\n');

/** The units as they ended: one line each, in a stable order. */
const units = async () =>
  (
    await queryRows<{ line: string }>(
      await testDb(),
      sql`select concat_ws('|', p.building_num, a.street, a.post_code, p.tenant_id is not null, p.rent_pa, p.nia_sqrt)
            as line
          from properties p join addresses a on a.id = p.address_id order by 1`,
    )
  ).map((r) => r.line);

/** Runs the import once: killed at `kills` random points of its apply when asked. */
const run = async (kills: number) => {
  const t = await buildTestApp({ jobs: await startJobLayer(await testDb(), { schedule: false }) });
  await declareImportJobs(t.app.services.jobs!, 4);
  try {
    const w = await importWorld(t);
    await buildCompany({ name: 'Greggs PLC' });
    for (let u = 0; u < 20; u++)
      await t.app.inject({
        method: 'POST',
        url: '/api/properties',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie: w.admin },
        payload: {
          building_num: String(u),
          address: { street: '1 Existing Road', city: 'Leeds', post_code: 'LS2 7AA' },
        },
      });
    // The server validates the file (a job, ADR 0103) and then applies it.
    let server = await startServer();
    const imp = await preview(t, w.admin, 'properties', FILE);
    expect(imp.counts).toEqual({ create: 2891, update: 20, skip: 59, error: 30 });
    expect((await post(t, w.admin, `/api/imports/${imp.id}/apply`)).statusCode).toBe(202);
    // Random points of the apply, in order; each a moment within a batch (after its start).
    const points = Array.from({ length: kills }, () => Math.floor(Math.random() * (ROWS - 3 * BATCH))).sort(
      (a, b) => a - b,
    );
    const killedAt: number[] = [];
    for (const point of points) {
      await until(`progress ${point}`, async () => {
        const s = await state(imp.id);
        if (s.status !== 'applying')
          throw new Error(`the import ended (${s.status}) before the kill at ${point}`);
        return s.progress >= point;
      });
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 150)));
      server.child.kill('SIGKILL');
      await server.exited;
      const s = await state(imp.id);
      expect(s.status).toBe('applying');
      killedAt.push(s.progress);
      server = await startServer();
    }
    await until('the import to be applied', async () => {
      const s = await state(imp.id);
      return s.status === 'applied';
    });
    server.child.kill('SIGKILL');
    await server.exited;
    const rows = await queryRows<{ outcome: string; n: number; done: number }>(
      await testDb(),
      sql`select outcome, count(*)::int as n, count(done)::int as done from import_rows
          where import_id = ${imp.id} group by outcome order by outcome`,
    );
    const dupes = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from (select p.building_num, a.street, a.post_code from properties p
            join addresses a on a.id = p.address_id group by 1, 2, 3 having count(*) > 1) d`,
    );
    return { killedAt, rows, dupes: dupes[0]!.n, units: await units(), final: await state(imp.id) };
  } finally {
    await t.app.services.jobs!.stop({ graceful: false });
    await t.close();
  }
};

describe.runIf(onPostgres)('kill -9 during an import apply (PostgreSQL)', () => {
  it(
    `completes after ${KILLS} SIGKILLs at random points with no duplicate and the counts of an uninterrupted run`,
    { timeout: 30 * 60_000 },
    async () => {
      const whole = await run(0);
      expect(whole.final).toEqual({ status: 'applied', progress: ROWS });
      const killed = await run(KILLS);
      expect(killed.killedAt).toHaveLength(KILLS);
      expect(killed.final).toEqual({ status: 'applied', progress: ROWS });
      expect(killed.rows).toEqual(whole.rows);
      expect(killed.rows.every((r) => r.done === r.n)).toBe(true);
      expect(killed.dupes).toBe(0);
      expect(whole.dupes).toBe(0);
      expect(killed.units).toEqual(whole.units);
      expect(killed.units).toHaveLength(2891 + 20);
    },
  );
});
