import { createHash } from 'node:crypto';
import type { FlowTarget } from '../lib/flow-load';
import type { HttpTarget } from '../lib/http-load';
import type { SqlTarget } from '../lib/sql-load';

export interface BenchContext {
  apiBase: string;
  floorBase: string;
  /** Cookie header of a signed-in demo admin. */
  cookie: string;
  /** The raw session token inside that cookie. */
  sessionToken: string;
}

export interface Scenario {
  name: string;
  /** autocannon's target: one endpoint (or a rotation of paths) under load. */
  http?: (ctx: BenchContext) => HttpTarget;
  /** Or a flow of calls timed as one unit (writes with bodies, a client's chain of calls). */
  flow?: (ctx: BenchContext) => FlowTarget;
  /** The same work as plain SQL, run straight against PostgreSQL for the ratio column. */
  sql?: (ctx: BenchContext) => SqlTarget;
}

export const api = (_ctx: BenchContext, extra: Record<string, string> = {}) => ({
  'X-Requested-With': 'XMLHttpRequest',
  ...extra,
});

/** The HTTP floor and the foundation's hot paths. */
export const foundationScenarios: Scenario[] = [
  {
    name: 'bare Fastify route (HTTP floor)',
    http: (ctx) => ({ url: `${ctx.floorBase}/` }),
  },
  {
    name: 'GET /api/health',
    http: (ctx) => ({ url: `${ctx.apiBase}/api/health` }),
    sql: () => ({ sql: 'select 1' }),
  },
  {
    name: 'GET /api/auth/me',
    http: (ctx) => ({ url: `${ctx.apiBase}/api/auth/me`, headers: api(ctx, { cookie: ctx.cookie }) }),
    sql: (ctx) => ({
      sql: `select u.id, u.name, u.email, u.company_id, u.type, u.is_temp, u.currency, us.theme, us.hidden_videos
              from sessions s
              join users u on u.id = s.user_id
              left join user_settings us on us.user_id = u.id
             where s.token_hash = $1 and s.expires_at > now()`,
      params: [[createHash('sha256').update(ctx.sessionToken).digest('hex')]],
    }),
  },
];
