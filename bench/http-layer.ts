/**
 * `npm run bench:http-layer`: the HTTP layer's own cost on whatever data the server has (the demo
 * data is enough), against servers already running: the API at API_BASE (default
 * http://127.0.0.1:3300) and the bare floor (bench/floor-server.ts) at FLOOR_BASE (API port + 1).
 * Rows: the floor, /api/health, /api/auth/me, one property with every include, a list page, each
 * at BENCH_CONNECTIONS (16) for BENCH_SECONDS (8) after BENCH_WARMUP (2) s, with its share of the
 * floor, and for /api/health and /api/auth/me the same SQL straight against DATABASE_URL (the
 * server's database). Start the API under `node --cpu-prof` to profile the same load
 * (docs/bench/http-layer.md).
 */
import { httpLoad, type HttpTarget } from './lib/http-load';
import { sqlLoad, type SqlTarget } from './lib/sql-load';
import { foundationScenarios } from './scenarios/foundation';

const apiBase = process.env.API_BASE ?? 'http://127.0.0.1:3300';
const floorBase = process.env.FLOOR_BASE ?? `http://127.0.0.1:${Number(new URL(apiBase).port) + 1}`;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 2);
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

const login = await fetch(`${apiBase}/api/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...xhr },
  body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-2026' }),
});
if (!login.ok) throw new Error(`Demo admin login failed with ${login.status}`);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const databaseUrl = process.env.DATABASE_URL;
const ctx = { apiBase, floorBase, cookie, sessionToken: decodeURIComponent(cookie.split('=')[1] ?? '') };
const twin = (name: string): SqlTarget | undefined =>
  foundationScenarios.find((s) => s.name === name)?.sql?.(ctx);
const headers = { ...xhr, cookie };
const list = (await (await fetch(`${apiBase}/api/properties?per_page=25`, { headers })).json()) as {
  data: Array<{ id: number }>;
};
const ids = list.data.map((p) => p.id);
const include =
  'tenant,legal_tenant,address,files,scheme,landlords,landlord_contacts,landlord_agents,' +
  'landlord_agent_contacts,tenant_agents,tenant_agent_contacts,tenant_contacts,' +
  'unverified_history_count,unverified_history_columns';

const rows: Array<[string, HttpTarget, SqlTarget?]> = [
  ['bare Fastify route (floor)', { url: `${floorBase}/` }],
  ['GET /api/health', { url: `${apiBase}/api/health` }, twin('GET /api/health')],
  ['GET /api/auth/me', { url: `${apiBase}/api/auth/me`, headers }, twin('GET /api/auth/me')],
  [
    'GET /api/properties/{id} (every include)',
    {
      url: `${apiBase}/api/properties/${ids[0]}`,
      headers,
      paths: ids.map((id) => `/api/properties/${id}?include=${include}`),
    },
  ],
  ['GET /api/properties?per_page=25', { url: `${apiBase}/api/properties?per_page=25`, headers }],
];

let floor = 0;
console.log(
  '| row | req/s | p50 ms | p95 ms | of floor | raw SQL req/s | HTTP/SQL | 1-user p50/p95 ms | raw 1-user p50/p95 ms |\n' +
    '|:--|--:|--:|--:|--:|--:|--:|--:|--:|',
);
const ms = (n: number) => n.toFixed(1);
for (const [name, target, sqlTarget] of rows) {
  await httpLoad(target, connections, warmup);
  const r = await httpLoad(target, connections, seconds);
  const sql =
    sqlTarget && databaseUrl ? await sqlLoad(databaseUrl, sqlTarget, connections, seconds) : undefined;
  const one = await httpLoad(target, 1, warmup);
  const oneSql = sqlTarget && databaseUrl ? await sqlLoad(databaseUrl, sqlTarget, 1, warmup) : undefined;
  if (!floor) floor = r.rps;
  if (r.errors) console.error(`${name}: ${r.errors} non-2xx answers`);
  const cells = [
    name,
    r.rps.toFixed(0),
    ms(r.p50),
    ms(r.p95),
    `${((100 * r.rps) / floor).toFixed(0)} %`,
    sql ? sql.rps.toFixed(0) : '–',
    sql ? `${((100 * r.rps) / sql.rps).toFixed(0)} %` : '–',
    `${ms(one.p50)} / ${ms(one.p95)}`,
    oneSql ? `${ms(oneSql.p50)} / ${ms(oneSql.p95)}` : '–',
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
