import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password';
import { WAIT_MS } from './helpers';
import { serverArgs } from './fixtures/server-process';

/**
 * `npm start` on PostgreSQL runs a primary that migrates once and a worker per WEB_CONCURRENCY
 * (ADR 0031). Started as a real process on its own database: the workers share the port and the
 * sessions (a session opened on one answers on the others), and SIGTERM stops them all cleanly.
 */
const base = process.env.TEST_DATABASE_URL;
const PORT = 3000 + (process.pid % 1000) + 2000;

describe.runIf(!!base)('several server processes on PostgreSQL', () => {
  const url = new URL(base ?? 'postgres://localhost/x');
  const dbName = `${url.pathname.slice(1)}_cluster`;
  const dbUrl = Object.assign(new URL(url.href), { pathname: `/${dbName}` }).href;
  const admin = () =>
    new pg.Client({ connectionString: Object.assign(new URL(url.href), { pathname: '/postgres' }).href });
  let server: ChildProcess | undefined;
  let exitCode: Promise<number | null> | undefined;

  afterAll(async () => {
    server?.kill('SIGKILL');
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.end();
  });

  it('serves from every worker with one session, and stops on SIGTERM', async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.query(`create database "${dbName}"`);
    await c.end();

    server = spawn(process.execPath, serverArgs(), {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exitCode = new Promise((resolve) => server!.on('exit', (code) => resolve(code)));
    let banner = '';
    server.stdout!.on('data', (d: Buffer) => (banner += d.toString()));
    const deadline = Date.now() + WAIT_MS;
    while (!banner.includes('Frontage is running') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(banner).toContain('PostgreSQL (DATABASE_URL), 2 server processes');

    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(
      `insert into users (name, email, password_hash, type) values ('Cluster User', 'cluster@example.test', $1, 'user')`,
      [await hashPassword('cluster-password-1', 1024)],
    );
    await db.end();

    const api = `http://127.0.0.1:${PORT}/api`;
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'cluster@example.test', password: 'cluster-password-1' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // New connections are handed to the workers in turn: the session works on all of them.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${api}/auth/me`, { headers: { ...headers, cookie, connection: 'close' } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));

    server.kill('SIGTERM');
    expect(await exitCode).toBe(0);
  });
});
