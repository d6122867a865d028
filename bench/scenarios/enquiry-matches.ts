import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { todayIso } from '@frontage/shared';
import {
  enquiryPlaceSql,
  unitFilterOf,
  unitMatchPageSql,
  type EnquiryPlace,
} from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * An enquiry's matches (GET /api/enquiries/{id}/matches, ADR 0053) on the 10^6
 * properties — a town enquiry in the busiest town (London, ~38,000 units; pages 1 and 5), a scheme
 * enquiry and a 1-mile radius enquiry in Manchester (~19,000 units in its ~1.5 miles) — beside the
 * statements the endpoint sends (the enquiry's place, then the ranked page with its window count).
 * The enquiries are the scenario's own: a few rows inserted on first use (marked by their
 * created_at) and removed when the bench ends, so the run needs no enquiry dataset.
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const MARK = '2000-01-01T00:00:00Z';
const PER_PAGE = 25;

interface Ask {
  enquiryId: number;
  query: { scope?: 'radius'; radius_miles?: number; page: number };
}

const remove = (client: pg.Client) => client.query('delete from enquiries where created_at = $1', [MARK]);

let subjects: Promise<Ask[]> | undefined;
/** The enquiries asked about (inserted once per run). */
const asks = (): Promise<Ask[]> =>
  (subjects ??= (async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await remove(client);
      const unitIn = async (town: string) =>
        (
          await client.query<{ id: number }>(
            `select p.id from properties p join addresses a on a.id = p.address_id
              where lower(a.city) = $1 and p.scheme_id is null and a.lat is not null order by p.id limit 1`,
            [town],
          )
        ).rows[0]!.id;
      const scheme = (
        await client.query<{ id: number }>(
          `select scheme_id as id from properties where scheme_id is not null group by scheme_id
            order by count(*) desc, scheme_id limit 1`,
        )
      ).rows[0]!.id;
      const insert = async (
        subject: { property_id?: number; scheme_id?: number },
        from: number,
        to: number,
      ) =>
        (
          await client.query<{ id: number }>(
            `insert into enquiries (property_id, scheme_id, received_at, stage, reason, size_from, size_to, created_at, updated_at)
             values ($1, $2, current_date, 'interest', 'new_store', $3, $4, $5, $5) returning id`,
            [subject.property_id ?? null, subject.scheme_id ?? null, from, to, MARK],
          )
        ).rows[0]!.id;
      const london = await insert({ property_id: await unitIn('london') }, 1000, 3000);
      const onScheme = await insert({ scheme_id: scheme }, 500, 15000);
      const manchester = await insert({ property_id: await unitIn('manchester') }, 1000, 3000);
      process.once('beforeExit', () => {
        const c = new pg.Client({ connectionString: DATABASE_URL });
        void c
          .connect()
          .then(() => remove(c))
          .finally(() => c.end());
      });
      return [
        { enquiryId: london, query: { page: 1 } },
        { enquiryId: london, query: { page: 5 } },
        { enquiryId: onScheme, query: { page: 1 } },
        { enquiryId: manchester, query: { scope: 'radius', radius_miles: 1, page: 1 } },
      ];
    } finally {
      await client.end();
    }
  })());

const pathOf = (a: Ask) => {
  const q = new URLSearchParams({ per_page: String(PER_PAGE) });
  for (const [k, v] of Object.entries(a.query)) q.set(k, String(v));
  return `/api/enquiries/${a.enquiryId}/matches?${q}`;
};

const flow = (ctx: BenchContext): FlowTarget => ({
  base: ctx.apiBase,
  headers: api(ctx, { cookie: ctx.cookie }),
  run: async (n, send) => {
    const all = await asks();
    await send('GET', pathOf(all[n % all.length]!));
  },
});

const dialect = new PgDialect();

/** The endpoint's two statements per ask: the place, then the page (prepared, as the server's are). */
const twinSql = (): SqlTarget => ({
  sql: '',
  prepared: true,
  resolve: async (databaseUrl) => {
    const all = await asks();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const variants: NonNullable<SqlTarget['variants']> = [];
      for (const a of all) {
        const place = dialect.sqlToQuery(enquiryPlaceSql(a.enquiryId));
        const found = (await client.query<EnquiryPlace>(place.sql, place.params)).rows[0]!;
        const filter = unitFilterOf(
          found,
          { scope: a.query.scope, radius_miles: a.query.radius_miles ?? 1, measure: 'nia_sqrt' },
          todayIso(),
        );
        const page = dialect.sqlToQuery(unitMatchPageSql(filter, PER_PAGE, (a.query.page - 1) * PER_PAGE));
        variants.push({
          sql: place.sql,
          params: place.params,
          then: [{ sql: page.sql, params: page.params }],
        });
      }
      return { variants };
    } finally {
      await client.end();
    }
  },
});

export const enquiryMatchScenarios: Scenario[] = [
  {
    name: 'enquiry matches: GET /api/enquiries/{id}/matches (London town p1/p5, a scheme, 1-mile radius)',
    flow,
    sql: twinSql,
  },
];
