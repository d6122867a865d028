import type { FastifyInstance } from 'fastify';
import { heavyRequestsOf } from '../../src/lib/heavy-requests';
import type { Actor, MatrixCases, MatrixRows, World } from './types';
import { userOf } from './world';

/**
 * CSV exports and heavy reports at once (ADR 0069): a user already running EXPORT_MAX_PER_USER of
 * them, or a server already running EXPORT_MAX_PER_SERVER, is answered 429 (with Retry-After,
 * test/heavy-requests.test.ts) before any query — signed out is still 401. The slots are taken in
 * the test's app just before the call and given back after it.
 */
const LEEDS = '-1.6,53.75,-1.5,53.85';
const ROUTES: Record<string, (w: World) => string> = {
  'GET /api/properties/export': () => '/api/properties/export?vacant=0&sort=-rent_pa',
  'GET /api/schemes/export': () => '/api/schemes/export?sort=-town',
  'GET /api/companies/export': () => '/api/companies/export',
  'GET /api/companies/{id}/portfolio/export': (w) => `/api/companies/${w.companyA.id}/portfolio/export`,
  'GET /api/users/export': (w) => `/api/users/export?company_id=${w.companyA.id}`,
  'GET /api/deals/export': () => '/api/deals/export?sort=-effective_date',
  'GET /api/deals/comparables/export': () => '/api/deals/comparables/export?town=Leeds',
  'GET /api/enquiries/export': () => '/api/enquiries/export?stage=interest',
  'GET /api/tracked-retailers/export': () => '/api/tracked-retailers/export',
  'GET /api/lease-events/export': () => '/api/lease-events/export?format=xlsx',
  'GET /api/map/points/export': () => `/api/map/points/export?bbox=${LEEDS}`,
  'GET /api/reports/gap-analysis': (w) => `/api/reports/gap-analysis?company_id=${w.companyA.id}`,
  'GET /api/reports/gap-analysis/export': (w) =>
    `/api/reports/gap-analysis/export?company_id=${w.companyA.id}`,
};

const busy = { anonymous: 401, admin: 429, same_company: 429, other_company: 429 };

/** Holds `n` slots for each of these user ids; answers how to give them back. */
const hold = (
  app: FastifyInstance,
  n: (limits: { perUser: number; perServer: number }) => number,
  ids: number[],
) => {
  const limiter = heavyRequestsOf(app.services.config);
  const count = n(app.services.config.heavyRequests);
  const releases = ids.flatMap((id) => Array.from({ length: count }, () => limiter.take(id)));
  return () => releases.forEach((release) => release());
};

/** The actor already runs as many as one user may. */
const actorBusy = (app: FastifyInstance, w: World, actor: Actor) =>
  actor === 'anonymous' ? () => undefined : hold(app, (l) => l.perUser, [userOf(w, actor).id]);

/** Others run as many as the server allows (one slot each, ids no user has). */
const serverBusy = (app: FastifyInstance) =>
  hold(
    app,
    () => 1,
    Array.from({ length: app.services.config.heavyRequests.perServer }, (_, i) => -1 - i),
  );

export const rows: MatrixRows = {};

/** Every route refuses a busy user; the server's limit is the same check, tried on two routes. */
export const cases: MatrixCases = Object.fromEntries([
  ...Object.entries(ROUTES).map(([route, url]) => [
    `${route} — the user already runs EXPORT_MAX_PER_USER exports`,
    { url, expect: busy, around: actorBusy },
  ]),
  ...['GET /api/properties/export', 'GET /api/reports/gap-analysis'].map((route) => [
    `${route} — the server already runs EXPORT_MAX_PER_SERVER exports`,
    { url: ROUTES[route]!, expect: busy, around: serverBusy },
  ]),
]);
