import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { todayIso, type Bbox, type MapClustersResponse } from '@frontage/shared';
import {
  CLUSTER_LEVEL_OFFSET,
  cellRange,
  gridClustersSql,
  levelOf,
  liveClustersSql,
  mapFilterOf,
  rangeBox,
} from '../../apps/server/src/bench-twins';
import type { FlowTarget } from '../lib/flow-load';
import type { HttpTarget } from '../lib/http-load';
import type { SqlTarget } from '../lib/sql-load';
import { api, type BenchContext, type Scenario } from './foundation';

/**
 * GET /api/map/clusters on the 10^6 properties and 20,000 schemes (ADR 0054) — the
 * UK at zoom 5 and a Manchester-sized view of Manchester at zoom 11, both from map_grid, and the
 * same city with the vacant filter (aggregated live from match_units) — each beside the statement
 * the endpoint sends, with the answer's size in bytes printed; and the freshness of a write: a new
 * standalone unit at a place of its own (POST /api/properties), then GET /api/map/clusters at
 * zoom 14 over it until it is there, timed as one flow. The flow's units are removed before and
 * after the run (marked by their unit name).
 */
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/frontage_bench';
const FRESH_UNIT = 'BENCH-MAP-FRESH';

interface View {
  bbox: Bbox;
  zoom: number;
  query: string;
}

const UK: View = { bbox: [-8.7, 49.8, 1.9, 59.0], zoom: 5, query: '' };
/** Manchester (53.482, -2.243), about as wide as the city: ~23 × 17 km. */
const MANCHESTER: View = { bbox: [-2.42, 53.4, -2.07, 53.56], zoom: 11, query: '' };
const MANCHESTER_VACANT: View = { ...MANCHESTER, query: '&vacant=true' };

const pathOf = (v: View) => `/api/map/clusters?bbox=${v.bbox.join(',')}&zoom=${v.zoom}${v.query}`;

const dialect = new PgDialect();

/** The endpoint's one statement for the view (the service's plan), prepared as the server's are. */
const twinSql =
  (v: View, live: boolean) =>
  (ctx: BenchContext): SqlTarget => ({
    sql: '',
    prepared: true,
    resolve: async () => {
      // The answer's size, once, as a browser receives it (no compression).
      const res = await fetch(`${ctx.apiBase}${pathOf(v)}`, { headers: api(ctx, { cookie: ctx.cookie }) });
      const body = await res.text();
      const markers = (JSON.parse(body) as MapClustersResponse).data.length;
      process.stdout.write(
        `  payload ${Buffer.byteLength(body).toLocaleString('en-GB')} bytes, ${markers.toLocaleString('en-GB')} markers\n`,
      );
      const range = cellRange(v.bbox, levelOf(v.zoom, CLUSTER_LEVEL_OFFSET));
      const filter = mapFilterOf({ vacant: live ? true : undefined }, todayIso());
      const q = dialect.sqlToQuery(
        live ? liveClustersSql(filter, range, rangeBox(range)) : gridClustersSql(range, null),
      );
      return { sql: q.sql, params: [q.params] };
    },
  });

const clusters =
  (v: View) =>
  (ctx: BenchContext): HttpTarget => ({
    url: `${ctx.apiBase}${pathOf(v)}`,
    headers: api(ctx, { cookie: ctx.cookie }),
  });

const removeFresh = async () => {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query('begin');
    const gone = await client.query<{ id: number; address_id: number }>(
      'delete from properties where building_num = $1 returning id, address_id',
      [FRESH_UNIT],
    );
    const ids = gone.rows.map((r) => r.id);
    const addresses = gone.rows.map((r) => r.address_id);
    await client.query(`delete from field_history where entity_type = 'property' and entity_id = any($1)`, [
      ids,
    ]);
    await client.query(`delete from field_history where entity_type = 'address' and entity_id = any($1)`, [
      addresses,
    ]);
    await client.query('delete from addresses where id = any($1)', [addresses]);
    await client.query('commit');
  } finally {
    await client.end();
  }
};

let cleaned: Promise<void> | undefined;
let seq = 0;

/** Write, then read until visible: the time a new unit takes to reach the map. */
const freshness = (ctx: BenchContext): FlowTarget => ({
  base: ctx.apiBase,
  headers: api(ctx, { cookie: ctx.cookie }),
  run: async (_n, send) => {
    await (cleaned ??= removeFresh().then(() => {
      process.once('beforeExit', () => void removeFresh());
    }));
    const k = seq++;
    // A place of its own in the North Sea (no generated point there), ~450 × 620 m from the next:
    // further apart than a zoom-14 cell (~170 × 300 m there), so no two share a marker.
    const lat = 55.5 + (k % 250) * 0.004;
    const lng = 1 + (Math.floor(k / 250) % 200) * 0.01;
    const created = (await send('POST', '/api/properties', {
      building_num: FRESH_UNIT,
      address: { street: 'Bench Sea Row', city: 'Benchmark', latitude: lat, longitude: lng },
    })) as { data: { id: number } };
    const bbox = [lng - 0.0005, lat - 0.0005, lng + 0.0005, lat + 0.0005].join(',');
    for (let i = 0; i < 100; i++) {
      const r = (await send('GET', `/api/map/clusters?bbox=${bbox}&zoom=14`)) as MapClustersResponse;
      if (r.data.some((c) => c.kind === 'property' && c.id === created.data.id)) return;
    }
    throw new Error(`unit ${created.data.id} not on the map after 100 reads`);
  },
});

export const mapScenarios: Scenario[] = [
  {
    name: 'map clusters UK: GET /api/map/clusters zoom 5 (grid)',
    http: clusters(UK),
    sql: twinSql(UK, false),
  },
  {
    name: 'map clusters city: GET /api/map/clusters zoom 11, Manchester (grid)',
    http: clusters(MANCHESTER),
    sql: twinSql(MANCHESTER, false),
  },
  {
    name: 'map clusters city vacant: zoom 11, Manchester, vacant=true (live from match_units)',
    http: clusters(MANCHESTER_VACANT),
    sql: twinSql(MANCHESTER_VACANT, true),
  },
  { name: 'map freshness: POST /api/properties → in GET /api/map/clusters zoom 14', flow: freshness },
];
