/**
 * The company page's map of its whole portfolio (ADR 0092): the map's own clusters and points
 * (GET /api/map/clusters, /api/map/points) with `company_id` and `company_role` — every unit the
 * portfolio lists for the roles, never a page of it, whatever the page size.
 */
import { PORTFOLIO_ROLES, type MapClustersResponse, type MapPoint } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { mapFilterOf } from '../src/modules/map/map-filter';
import { liveClustersSql } from '../src/modules/map/map.repository';
import { cellRange, rangeBox } from '../src/modules/map/map-cells';
import { buildRecordWorld, get, type RecordWorld } from './company-record.fixtures';
import { buildTestApp, testDb, type TestApp } from './helpers';

let t: TestApp;
let w: RecordWorld;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildRecordWorld(t);
});

const UK = '-11,49,2.5,61';

const ok = async <T>(url: string): Promise<T> => {
  const res = await get(t, w.cookies.agent, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** The portfolio's unit ids for a role filter, every page of it. */
const portfolioIds = async (role: string) =>
  (
    await ok<{ data: Array<{ property_id: number }> }>(
      `/api/companies/${w.acme.id}/portfolio?per_page=100${role ? `&role=${role}` : ''}`,
    )
  ).data
    .map((r) => r.property_id)
    .sort((a, b) => a - b);

const mapIds = async (role: string) =>
  (
    await ok<{ data: MapPoint[] }>(
      `/api/map/points?bbox=${UK}&company_id=${w.acme.id}&per_page=100${role ? `&company_role=${role}` : ''}`,
    )
  ).data
    .map((p) => p.id)
    .sort((a, b) => a - b);

describe('the map of a company portfolio', () => {
  it('holds exactly the units the portfolio lists, for every role filter', async () => {
    for (const role of ['', ...PORTFOLIO_ROLES, 'landlord,landlord_agent', 'tenant,tenant_agent']) {
      expect(await mapIds(role), role || 'every role').toEqual(await portfolioIds(role));
    }
    // Every unit of the world sits on one spot: at zoom 17 one marker counts the whole portfolio.
    const clusters = await ok<MapClustersResponse>(
      `/api/map/clusters?bbox=-1.501,53.799,-1.499,53.801&zoom=17&company_id=${w.acme.id}`,
    );
    expect(clusters.data.map((c) => c.count)).toEqual([5]);
    expect(clusters.meta.totals.reduce((a, b) => a + b, 0)).toBe(5);
    // Clustered over the UK: the same units, no scheme points while a unit filter is on.
    const uk = await ok<MapClustersResponse>(
      `/api/map/clusters?bbox=${UK}&zoom=5&company_id=${w.acme.id}&company_role=landlord,tenant_agent`,
    );
    expect(uk.data.reduce((n, c) => n + c.count, 0)).toBe(2);
  });

  it('leaves archived units and other companies out; company_role alone asks nothing', async () => {
    expect(await mapIds('')).not.toContain(w.u.archived);
    expect(await mapIds('')).not.toContain(w.u.stranger);
    const all = await ok<{ meta: { pagination: { total: number } } }>(
      `/api/map/points?bbox=${UK}&per_page=1`,
    );
    const roleOnly = await ok<{ meta: { pagination: { total: number } } }>(
      `/api/map/points?bbox=${UK}&per_page=1&company_role=landlord`,
    );
    expect(roleOnly.meta.pagination.total).toBe(all.meta.pagination.total);
  });

  it('refuses a bad company or role with 422, never 500', async () => {
    for (const q of ['company_id=0', 'company_id=x', 'company_id=1&company_role=owner']) {
      const res = await get(t, w.cookies.agent, `/api/map/clusters?bbox=${UK}&zoom=5&${q}`);
      expect(res.statusCode, q).toBe(422);
    }
  });

  it('reads the portfolio by its ids, not by scanning the view (one statement)', async () => {
    const f = mapFilterOf({ company_id: w.acme.id }, '2026-01-01');
    const range = cellRange([-11, 49, 2.5, 61], 8);
    const statement = liveClustersSql(f, range, rangeBox(range));
    const db = await testDb();
    // Planner settings as on a big table: a sequential scan of match_units is not an option.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`);
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      expect(text).toMatch(/match_units_pkey/);
    });
  });
});
