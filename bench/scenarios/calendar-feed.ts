import { createHash } from 'node:crypto';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { feedEventsSql, feedWindowOf } from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { SqlTarget } from '../lib/sql-load';
import type { BenchContext, Scenario } from './foundation';

/**
 * A calendar feed of about 5,000 events (GET /api/calendar/{token}.ics, ADR 0090; goal: single-user
 * p95 ≤ 200 ms) on the 10^6 dataset: the subject is the landlord or agent company whose units hold
 * the number of events in a feed's window nearest 5,000; the scenario's own user of that company
 * and its feed are inserted on first use (marked by their e-mail) and removed when the bench ends.
 * Beside it, the statement the endpoint sends (the .ics is built from its rows in JavaScript).
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const EMAIL = 'bench.calendar-feed@frontage.invalid';
const TOKEN = `frf_${'B'.repeat(43)}`;
const TARGET_EVENTS = 5000;

interface Subject {
  userId: number;
  companyId: number;
  events: number;
}

const remove = (client: pg.Client) => client.query('delete from users where email = $1', [EMAIL]);

let made: Promise<Subject> | undefined;
const subject = (): Promise<Subject> =>
  (made ??= (async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await remove(client);
      const window = feedWindowOf({ userId: 0, companyId: 0 }, new Date());
      const company = (
        await client.query<{ company_id: number; events: number }>(
          `select pp.company_id, count(*)::int as events
             from property_parties pp join lease_events e on e.property_id = pp.property_id
            where pp.role in ('landlord', 'landlord_agent', 'tenant_agent') and pp.company_id is not null
              and e.date between $1::date and $2::date
            group by pp.company_id
            order by abs(count(*) - $3), pp.company_id
            limit 1`,
          [window.from, window.to, TARGET_EVENTS],
        )
      ).rows[0];
      if (!company)
        throw new Error('calendar feed bench: no lease events in the dataset (run the dataset step)');
      const user = (
        await client.query<{ id: number }>(
          `insert into users (name, email, company_id, password_hash) values ('Bench Feed', $1, $2, 'x') returning id`,
          [EMAIL, company.company_id],
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
      return { userId: user.id, companyId: company.company_id, events: company.events };
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

const twinSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async () => {
    const s = await subject();
    const q = dialect.sqlToQuery(feedEventsSql(feedWindowOf(s, new Date())));
    return { sql: q.sql, params: [q.params] };
  },
});

export const calendarFeedScenarios: Scenario[] = [
  {
    name: 'calendar feed: GET /api/calendar/{token}.ics (a company with ~5,000 events in the window)',
    flow,
    sql: twinSql,
  },
];
