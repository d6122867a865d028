import { createHash } from 'node:crypto';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { feedEventsSql, feedWindowOf } from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { SqlTarget } from '../lib/sql-load';
import type { BenchContext, Scenario } from './foundation';

/**
 * A calendar feed of 5,000 events (GET /api/calendar/{token}.ics, ADR 0090; goal: single-user
 * p95 ≤ 200 ms) on the 10^6 dataset. No company of the dataset holds nearly that many events in
 * a feed's window (the largest landlord about 400), so the scenario makes its own: a landlord
 * company (marked by its name) made landlord of the first units by id whose events in the window
 * add up to 5,000, and a user of it with a feed, inserted on first use and removed (the company's
 * delete takes its party rows) when the bench ends. Beside it, the statement the endpoint sends
 * (the .ics is built from its rows in JavaScript).
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const EMAIL = 'bench.calendar-feed@frontage.invalid';
const COMPANY = 'Bench Calendar Feed Landlord';
const TOKEN = `frf_${'B'.repeat(43)}`;
const TARGET_EVENTS = 5000;

interface Subject {
  userId: number;
  companyId: number;
  events: number;
}

const remove = async (client: pg.Client) => {
  await client.query('delete from users where email = $1', [EMAIL]);
  await client.query('delete from companies where name = $1', [COMPANY]);
};

let made: Promise<Subject> | undefined;
const subject = (): Promise<Subject> =>
  (made ??= (async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await remove(client);
      const window = feedWindowOf({ userId: 0, companyId: 0 }, new Date());
      const company = (
        await client.query<{ id: number }>(`insert into companies (name) values ($1) returning id`, [COMPANY])
      ).rows[0]!;
      const parties = await client.query<{ events: number }>(
        `with units as (
           select property_id, sum(count(*)) over (order by property_id) as running
             from lease_events where date between $1::date and $2::date
            group by property_id
         ), chosen as (
           insert into property_parties (property_id, role, company_id, position)
           select property_id, 'landlord', $3, 9 from units where running <= $4
           returning property_id
         )
         select count(*)::int as events from lease_events e join chosen c on c.property_id = e.property_id
          where e.date between $1::date and $2::date`,
        [window.from, window.to, company.id, TARGET_EVENTS],
      );
      const user = (
        await client.query<{ id: number }>(
          `insert into users (name, email, company_id, password_hash) values ('Bench Feed', $1, $2, 'x') returning id`,
          [EMAIL, company.id],
        )
      ).rows[0]!;
      await client.query(`insert into calendar_feeds (user_id, token_hash) values ($1, $2)`, [
        user.id,
        createHash('sha256').update(TOKEN).digest('hex'),
      ]);
      process.once('beforeExit', () => {
        const c = new pg.Client({ connectionString: DATABASE_URL });
        void c
          .connect()
          .then(() => remove(c))
          .finally(() => c.end());
      });
      return { userId: user.id, companyId: company.id, events: parties.rows[0]!.events };
    } finally {
      await client.end();
    }
  })());

const flow = (ctx: BenchContext): FlowTarget => ({
  base: ctx.apiBase,
  // A calendar service's request: no cookie, no X-Requested-With.
  headers: {},
  run: async (_n, send) => {
    await subject();
    await send('GET', `/api/calendar/${TOKEN}.ics`);
  },
});

const dialect = new PgDialect();

/**
 * The statement as the server sends it once it has written the feed (ADR 0106): with the digest of
 * the rows it wrote from, so an unchanged feed answers the digest alone. The digest is read with
 * one run of the statement without it.
 */
const twinSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async () => {
    const s = await subject();
    const window = feedWindowOf(s, new Date());
    const first = dialect.sqlToQuery(feedEventsSql(window));
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ digest: string }>(first.sql, first.params);
      const q = dialect.sqlToQuery(feedEventsSql(window, rows[0]!.digest));
      return { sql: q.sql, params: [q.params] };
    } finally {
      await client.end();
    }
  },
});

export const calendarFeedScenarios: Scenario[] = [
  {
    name: 'calendar feed: GET /api/calendar/{token}.ics (a landlord with 5,000 events in the window)',
    flow,
    sql: twinSql,
  },
];
