/**
 * Exactly once under failure (ADR 0089): lease reminders delivered by the server as shipped —
 * src/main.ts in child processes, whose job layer works the reminder queues as in production —
 * while a server is killed with SIGKILL in the middle of a delivery and started again. The work
 * is started as production starts it: the daily sweep's job is queued through the job layer, the
 * sweep queues deliveries of 100 units, and the servers share them (the every-minute change
 * check queues the same units again: a second writer, as in production). At the end every due
 * reminder was delivered, and none twice.
 *
 * PostgreSQL: two servers, 10,000 reminders, 10 kills. The test holds a lock on `notifications`
 * while a round's delivery runs, so the delivery waits inside its transaction after writing its
 * "sent" rows; the server whose session waits there is killed, the lock released, and that
 * transaction must end aborted — every kill lands mid-batch, as the webhooks chaos test holds a
 * request unanswered. PGlite: one server owns the data directory, so the test watches it over
 * HTTP, kills it while it is busy delivering, reads the directory (a delivery job left active,
 * none of its units delivered) and starts it again to finish.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, queryRows, type Db } from '../src/db/client';
import { startJobLayer } from '../src/jobs';
import { createAccount } from '../src/modules/auth/account.service';
import { declareReminderJobs } from '../src/modules/reminders/reminders.jobs';
import { DELIVER_CHUNK, REMINDER_QUEUES } from '../src/modules/reminders/reminders.service';
import { XHR, resetData, testConfig, testDb } from './helpers';
import { addDays, companyWithUsers, letUnits, putEvents, sentCount } from './reminders.fixtures';
import { killAllServers, serverEnv, startServer, until, type ServerProcess } from './fixtures/server-process';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const TODAY = new Date().toISOString().slice(0, 10);
/** A killed server's delivery stays active this long, then pg-boss's maintenance retries it. */
const EXPIRE_SECONDS = 10;

afterAll(killAllServers);

/**
 * A server process as production runs it, with the test's settings: no demo seed, reminders the
 * only jobs it works, the tests' password cost, no request limit (the PGlite test polls), and a
 * lost job retried within seconds rather than minutes.
 */
const reminderServerEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  serverEnv({
    JOBS_QUEUES: 'reminders',
    REMINDER_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
    JOB_MAINTENANCE_SECONDS: '1',
    ...extra,
  });

/** `units` let units of a tenant with `users` users; `due` gives units a hard event 20 days ahead. */
const dueWorld = async (db: Db, units: number, users: number) => {
  const tenant = await companyWithUsers(db, 'Boots', users);
  const ids = await letUnits(db, units, tenant.companyId);
  return { ids, due: (some: number[]) => putEvents(db, some, 'lease_expiry', addDays(TODAY, 20)) };
};

describe.runIf(onPostgres)('two server processes on PostgreSQL', () => {
  const UNITS = 1000;
  const USERS = 10;
  const KILLS = 10;
  const SERVERS = ['reminders-a', 'reminders-b'];

  interface Kill {
    server: string;
    /** The killed session's transaction. */
    xid: string;
    outcome?: string;
  }

  /** Runs `body` while the test holds a lock that makes every insert into notifications wait. */
  const holdingNotifications = async <T>(db: Db, body: () => Promise<T>): Promise<T> => {
    let result: T | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table notifications in share mode`);
      result = await body();
    });
    return result!;
  };

  /**
   * A server's delivery waiting on that lock: its session (named by PGAPPNAME) is inside a
   * transaction that has written (its "sent" rows: it has an xid) and now inserts notifications.
   */
  const deliveryInFlight = async (db: Db): Promise<Kill | undefined> =>
    (
      await queryRows<Kill>(
        db,
        sql`select application_name as server, backend_xid::text as xid from pg_stat_activity
            where application_name in (${sql.join(SERVERS, sql`, `)}) and wait_event_type = 'Lock'
              and backend_xid is not null and query ilike 'insert into "notifications"%'
            limit 1`,
      )
    )[0];

  /** committed, aborted or in progress (pg_stat_activity's xid, with the current epoch). */
  const statusOf = async (db: Db, xid: string): Promise<string> =>
    (
      await queryRows<{ status: string }>(
        db,
        sql`select pg_xact_status((((pg_snapshot_xmax(pg_current_snapshot())::text::bigint >> 32) << 32)
                                   + ${xid}::bigint)::text::xid8) as status`,
      )
    )[0]!.status;

  it(
    'deliver 10,000 reminders with 0 missed and 0 duplicates while killed mid-batch 10 times',
    { timeout: 30 * 60_000 },
    async () => {
      const db = await testDb();
      await resetData();
      const world = await dueWorld(db, UNITS, USERS);
      const envOf = (name: string) =>
        reminderServerEnv({ DATABASE_URL: process.env.TEST_DATABASE_URL, PGAPPNAME: name });
      const servers = new Map<string, ServerProcess>();
      await Promise.all(SERVERS.map(async (name) => servers.set(name, await startServer(envOf(name)))));
      // The test's job layer only queues (it works nothing, keeps no schedule).
      const jobs = await startJobLayer(db, { schedule: false });
      const kills: Kill[] = [];
      try {
        for (let round = 0; round < KILLS; round++) {
          // Fresh work each round, made due from the last units back: the sweep walks units by
          // id, so this round's delivery is the first it queues. Made due under the lock, so that
          // no delivery of them (the change check's) can commit before the kill.
          const end = UNITS - round * DELIVER_CHUNK;
          const kill = await holdingNotifications(db, async () => {
            await world.due(world.ids.slice(end - DELIVER_CHUNK, end));
            await jobs.enqueue(REMINDER_QUEUES.sweep, {});
            const inFlight = await until('a delivery in flight', () => deliveryInFlight(db));
            await servers.get(inFlight.server)!.kill();
            return inFlight;
          });
          // The lock is released: the dead client's session runs on, finds no one and rolls back.
          kill.outcome = await until('the killed transaction to end', async () => {
            const status = await statusOf(db, kill.xid);
            return status === 'in progress' ? undefined : status;
          });
          kills.push(kill);
          servers.set(kill.server, await startServer(envOf(kill.server)));
        }
        await until(
          'every reminder delivered',
          async () =>
            (await sentCount(db)).sent >= UNITS * USERS &&
            (await jobs.pending(REMINDER_QUEUES.deliver)) === 0,
          200,
        );
        expect(await sentCount(db)).toEqual({ sent: 10_000, notes: 10_000, dupes: 0 });
        // Every kill landed inside a delivery's transaction (after its "sent" rows), which rolled
        // back; its job was taken up again after it expired.
        expect(kills.map((k) => k.outcome)).toEqual(Array<string>(KILLS).fill('aborted'));
        const [retried] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_QUEUES.deliver} and retry_count > 0`,
        );
        expect(retried!.n).toBeGreaterThan(0);
      } finally {
        await Promise.all([...servers.values()].map((s) => s.kill()));
        await jobs.stop({ graceful: false });
      }
    },
  );
});

describe.runIf(!onPostgres)('the server on PGlite', () => {
  const UNITS = 800;
  const USERS = 10;
  /** The least wait taken for a delivery in flight. */
  const BUSY_MS = 100;
  const OBSERVER = { email: 'observer@example.com', password: 'observer-password-1' };

  const login = async (base: string): Promise<string> => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: JSON.stringify(OBSERVER),
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .find((c) => c.startsWith('frontage_session='))!
      .split(';')[0]!;
  };

  const unread = async (base: string, cookie: string): Promise<number> => {
    const res = await fetch(`${base}/api/notifications/unread-count`, { headers: { ...XHR, cookie } });
    return ((await res.json()) as { unread_count: number }).unread_count;
  };

  /**
   * Once a first delivery has committed (the observer has reminders, not all), kills the server
   * the moment a request has waited far longer than requests usually take: PGlite is one session,
   * so a request's query waits while a delivery's transaction is open. "Usually" is the median of
   * the answers so far, as a busy machine slows them all.
   */
  const killWhileBusy = async (server: ServerProcess, cookie: string, kills: number): Promise<void> => {
    const took: number[] = [];
    const ask = async () => {
      const t0 = Date.now();
      const n = await unread(server.base, cookie);
      took.push(Date.now() - t0);
      if (n >= UNITS) throw new Error(`every reminder was delivered before a kill landed (${kills} kills)`);
      return n;
    };
    await until('a first delivery', async () => (await ask()) > 0);
    for (;;) {
      const usual = [...took].sort((x, y) => x - y)[Math.floor(took.length / 2)]!;
      const answer = ask();
      const waited = await Promise.race([
        answer.then(() => false),
        new Promise<true>((r) => setTimeout(() => r(true), Math.max(BUSY_MS, 3 * usual))),
      ]);
      if (waited) {
        await server.kill();
        await answer.catch(() => undefined);
        return;
      }
    }
  };

  /** A delivery job left active by the killed server, none of whose units has a reminder sent. */
  const deliveryLeftInFlight = async (db: Db) => {
    const active = await queryRows<{ units: number[]; sent: number }>(
      db,
      sql`select u.units,
                 (select count(*)::int from lease_reminders_sent s where s.property_id = any(u.units)) as sent
          from pgboss.job j,
               lateral (select array(select jsonb_array_elements_text(j.data->'property_ids'))::int[] as units) u
          where j.name = ${REMINDER_QUEUES.deliver} and j.state = 'active'`,
    );
    return active.find((job) => job.sent === 0);
  };

  it(
    'killed with a delivery in flight and started again delivers the rest, none twice',
    { timeout: 30 * 60_000 },
    async () => {
      const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-reminders-')));
      const pgliteDir = path.join(root, 'pglite');
      const open = () => createDb({ pgliteDir });
      const env = reminderServerEnv({ DATA_DIR: root });
      let server: ServerProcess | undefined;
      try {
        // The migrated snapshot every test file starts from, in a directory of its own: the
        // tenant's users, one of whom (the observer) signs in to watch the reminders arrive.
        const handle = await createDb({
          pgliteDir,
          pgliteLoadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
        });
        const world = await dueWorld(handle.db, UNITS, USERS - 1);
        const observer = await createAccount(
          { db: handle.db, config: testConfig(), now: () => new Date() },
          { ...OBSERVER, name: 'Observer', admin: false, temp: false, company: 'Boots' },
        );
        await queryRows(
          handle.db,
          sql`update users set created_at = now() - interval '1 year' where id = ${observer.id}`,
        );
        await world.due(world.ids);
        // The daily sweep, queued as its schedule would (the server declares the same queues).
        const jobs = await startJobLayer(handle.db, { schedule: false });
        await declareReminderJobs(jobs, EXPIRE_SECONDS);
        await jobs.enqueue(REMINDER_QUEUES.sweep, {});
        await jobs.stop({ graceful: false });
        await handle.close();

        // Killed while busy, until a kill lands on a delivery in flight: the directory then holds
        // its job taken and not finished, and none of its units' reminders.
        let inFlight: { units: number[] } | undefined;
        for (let kills = 0; !inFlight; kills++) {
          server = await startServer(env);
          await killWhileBusy(server, await login(server.base), kills);
          const after = await open();
          try {
            inFlight = await deliveryLeftInFlight(after.db);
          } finally {
            await after.close();
          }
        }

        server = await startServer(env);
        const cookie = await login(server.base);
        await until(
          'every reminder delivered',
          async () => (await unread(server!.base, cookie)) >= UNITS,
          200,
        );
        await server.kill();

        const after = await open();
        try {
          expect(await sentCount(after.db)).toEqual({ sent: UNITS * USERS, notes: UNITS * USERS, dupes: 0 });
          // The delivery killed in flight had none of its reminders sent; now each is, once.
          const [again] = await queryRows<{ n: number }>(
            after.db,
            sql`select count(*)::int as n from lease_reminders_sent
                where property_id = any(${`{${inFlight.units.join(',')}}`}::int[])`,
          );
          expect(again!.n).toBe(inFlight.units.length * USERS);
        } finally {
          await after.close();
        }
      } finally {
        await server?.kill();
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
