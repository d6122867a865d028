/**
 * REGEAR_PROMPT_MONTHS (README, ADR 0087) from the environment to the lease events: a real server
 * process (src/main.ts) started with the variable writes it to the one settings row the triggers
 * read, and a let unit's re-gear prompt moves; without it (the configuration's default, written as
 * a start writes it) the prompt goes back to 24 months before the lease's end. On PGlite (a data
 * directory of the test's own) and on PostgreSQL (the file's database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REGEAR_PROMPT_MONTHS_DEFAULT } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, queryRows, type DbHandle } from '../src/db/client';
import { writeLeaseEventSettings } from '../src/db/lease-event-settings';
import { runMigrations } from '../src/db/migrate';
import { createAccount } from '../src/modules/auth/account.service';
import { killAllServers, serverEnv, startServer, type ServerProcess } from './fixtures/server-process';
import { testConfig } from './helpers';

const PASSWORD = 'regear-password-1';
const XHR = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const LEASE_END = '2031-06-30';

let root: string;
let unitId: number;

/** The test's own connection to the database the server will use (closed while a PGlite server runs). */
const openDb = async (): Promise<DbHandle> => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createDb({ databaseUrl: url, poolMax: 2 });
  const snapshot = fs.existsSync(path.join(root, 'pglite', 'PG_VERSION'))
    ? undefined
    : new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  const handle = await createDb({ pgliteDir: path.join(root, 'pglite'), pgliteLoadDataDir: snapshot });
  await runMigrations(handle);
  return handle;
};

beforeAll(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-regear-')));
  fs.mkdirSync(path.join(root, 'dist'));
  fs.writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>Frontage</title>');
  const handle = await openDb();
  try {
    await createAccount(
      { db: handle.db, config: testConfig(), now: () => new Date() },
      { email: 'regear@example.com', name: 'Regear Admin', password: PASSWORD, admin: true, temp: false },
    );
    // A let unit whose lease ends on 30 June 2031, outside the 1954 Act.
    const [unit] = await queryRows<{ id: number }>(
      handle.db,
      sql`with a as (insert into addresses (street, city, post_code) values ('1 Regear Row', 'York', 'YO1 7AA') returning id),
               c as (insert into companies (name) values ('Regear Retail') returning id)
          insert into properties (building_num, address_id, tenant_id, lease_start_date, lease_end_date, security_of_tenure)
          select 'Unit 1', a.id, c.id, '2021-07-01', ${LEASE_END}, 'contracted_out' from a, c returning id`,
    );
    unitId = unit!.id;
  } finally {
    await handle.close();
  }
});
afterAll(() => {
  killAllServers();
  fs.rmSync(root, { recursive: true, force: true });
});

/** `npm start` as a process (src/main.ts) with this environment and the data the test made. */
const regearServerEnv = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => {
  const env = serverEnv({
    WEB_DIST_DIR: path.join(root, 'dist'),
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { DATA_DIR: root }),
  });
  delete env.REGEAR_PROMPT_MONTHS;
  return { ...env, ...extra };
};

/** The unit's re-gear prompt as the work list's API answers it. */
const regearPrompt = async (server: ServerProcess): Promise<string[]> => {
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ email: 'regear@example.com', password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('frontage_session='))!
    .split(';')[0]!;
  const res = await fetch(
    `${server.base}/api/lease-events?property_id=${unitId}&type=regear_prompt&from=2026-01-01&to=2031-12-31`,
    { headers: { ...XHR, cookie } },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Array<{ date: string }> }).data.map((e) => e.date);
};

const withServer = async <T>(
  env: NodeJS.ProcessEnv,
  use: (server: ServerProcess) => Promise<T>,
): Promise<T> => {
  const server = await startServer(regearServerEnv(env));
  try {
    return await use(server);
  } finally {
    // A graceful stop (SIGTERM), so the test's own connection finds the data directory free.
    server.child.kill('SIGTERM');
    await server.exited;
  }
};

describe('REGEAR_PROMPT_MONTHS', () => {
  it('moves a let unit’s re-gear prompt when the server starts with it, and back to the default without it', async () => {
    // Before any server ran: the default, 24 months before the end.
    const handle = await openDb();
    try {
      const [before] = await queryRows<{ date: string }>(
        handle.db,
        sql`select date::text as date from lease_events where property_id = ${unitId} and type = 'regear_prompt'`,
      );
      expect(before!.date).toBe('2029-06-30');
    } finally {
      await handle.close();
    }

    expect(await withServer({ REGEAR_PROMPT_MONTHS: '18' }, regearPrompt)).toEqual(['2029-12-30']);

    // Started again without it: the server's start writes the configuration's value, the default
    // (the same call main.ts makes; one real start above is enough to show the wiring).
    const after = await openDb();
    try {
      const config = loadConfig({});
      expect(config.regearPromptMonths).toBe(REGEAR_PROMPT_MONTHS_DEFAULT);
      await writeLeaseEventSettings(after.db, config.regearPromptMonths);
      expect(
        await queryRows(
          after.db,
          sql`select date::text as date from lease_events where property_id = ${unitId} and type = 'regear_prompt'`,
        ),
      ).toEqual([{ date: '2029-06-30' }]);
    } finally {
      await after.close();
    }
  });
});
