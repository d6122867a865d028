import pg from 'pg';
import { rentReviewTwinSql, type RentReviewTwinValues } from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * A rent review submitted with its wizard's address and areas as one call
 * (POST /api/deals, ADR 0043) beside the same transaction as raw SQL and beside spec B's four-call
 * chain (the deal, the property read for its address id, PUT /api/addresses/{id}, PUT
 * /api/properties/{id}/areas). Writes go round-robin over the generated properties (a stride
 * coprime to the range, from a random start), so a run never wears out a few rows.
 */
const FIRST_ID = Number(process.env.BENCH_DEAL_FIRST_ID ?? 5_001);
const RANGE = Number(process.env.BENCH_DEAL_RANGE ?? 1_000_000);
const STRIDE = 7_919;
const start = Math.floor(Math.random() * RANGE);
/** Twin variants prepared before the raw-SQL run (more than a 10 s run uses at 16 connections). */
const TWIN_VARIANTS = 20_000;

const today = new Date().toISOString().slice(0, 10);
const inFiveYears = `${Number(today.slice(0, 4)) + 5}${today.slice(4)}`;

/** The n-th write's values: a property and a new rent, areas and second street line for it. */
export const rentReview = (n: number, range = RANGE, first = FIRST_ID) => {
  const k = start + n;
  const nia = 1_000 + (k % 5_000);
  return {
    propertyId: first + ((k * STRIDE) % range),
    rentPa: (10_000 + (k % 9_000) * 50).toFixed(2),
    rentSqft: (20 + (k % 400) / 4).toFixed(2),
    niaSqft: nia,
    itzaArea: Math.round(nia * 0.4),
    groundFloorArea: Math.round(nia * 0.7),
    street2: `Floor ${k % 7}`,
  };
};
type Review = ReturnType<typeof rentReview>;

const dealBody = (v: Review) => ({
  deal_type: 'rent_review',
  property_id: v.propertyId,
  effective_date: today,
  rent_pa: v.rentPa,
  rent_sqft: v.rentSqft,
  next_review_date: inFiveYears,
});
const areas = (v: Review) => ({
  area_size_type: 'sqft',
  nia_sqrt: v.niaSqft,
  itza_area: v.itzaArea,
  ground_floor_area: v.groundFloorArea,
});

/** The wizard's one call: the deal with its address and areas (one transaction). */
export const oneCall =
  (range?: number, first?: number) =>
  async (n: number, send: (m: string, p: string, b?: unknown) => Promise<unknown>) => {
    const v = rentReview(n, range, first);
    await send('POST', '/api/deals', { ...dealBody(v), address: { street2: v.street2 }, areas: areas(v) });
  };

/** Spec B's chain: the deal, the property (for its address id), the address, the areas. */
export const fourCalls =
  (range?: number, first?: number) =>
  async (n: number, send: (m: string, p: string, b?: unknown) => Promise<unknown>) => {
    const v = rentReview(n, range, first);
    await send('POST', '/api/deals', dealBody(v));
    const property = (await send('GET', `/api/properties/${v.propertyId}`)) as {
      data: { address_id: number };
    };
    await send('PUT', `/api/addresses/${property.data.address_id}`, { street2: v.street2 });
    await send('PUT', `/api/properties/${v.propertyId}/areas`, areas(v));
  };

const flow =
  (run: FlowTarget['run']) =>
  (ctx: BenchContext): FlowTarget => ({
    base: ctx.apiBase,
    headers: api(ctx, { cookie: ctx.cookie }),
    run,
  });

/** The twin's transactions for the first writes, with each property's real address id. */
const twinSql = (): SqlTarget => ({
  sql: '',
  resolve: async (databaseUrl) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const reviews = Array.from({ length: TWIN_VARIANTS }, (_, n) => rentReview(n));
      const { rows } = await client.query<{ id: number; address_id: number }>(
        'select id, address_id from properties where id = any($1::int[])',
        [reviews.map((r) => r.propertyId)],
      );
      const admin = await client.query<{ id: number }>(
        `select id from users where email = 'admin@example.com'`,
      );
      const addressOf = new Map(rows.map((r) => [r.id, r.address_id]));
      const variants = reviews.map((r) => {
        const values: RentReviewTwinValues = {
          ...r,
          addressId: addressOf.get(r.propertyId)!,
          userId: admin.rows[0]!.id,
          effectiveDate: today,
          nextReviewDate: inFiveYears,
        };
        const [first, ...then] = rentReviewTwinSql(values);
        return { ...first!, then };
      });
      return { variants };
    } finally {
      await client.end();
    }
  },
});

export const dealsScenarios: Scenario[] = [
  {
    name: 'POST /api/deals rent review + address + areas (one call)',
    flow: flow(oneCall()),
    sql: twinSql,
  },
  {
    name: 'rent review as 4 calls (deal, GET property, PUT address, PUT areas)',
    flow: flow(fourCalls()),
    sql: twinSql,
  },
];
