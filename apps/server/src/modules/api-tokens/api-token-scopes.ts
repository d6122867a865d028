import type { ApiTokenArea } from '@frontage/shared';

/**
 * What an API token needs to reach a route (ADR 0097): the ONE table. Matched on the route the
 * router chose (its template, `/api/companies/:id`), never the raw URL, by the longest prefix that
 * applies to the method; GET and HEAD need `<area>:read`, any other method `<area>:write` (which
 * includes read). `admin: true` also needs the `admin` scope (only an admin's token carries it),
 * on top of the owner's own permissions, which the routes' policies still check.
 * A route no entry covers — sign-in and the session, the tokens themselves, the user's own
 * settings, notifications and screens' state — is refused to every token: a token cannot make
 * another token, change a password or read what only the browser app shows.
 */
export interface ScopeNeed {
  areas: ApiTokenArea[];
  admin?: boolean;
}

interface Entry {
  prefix: string;
  /** Only these methods (default: every method). */
  methods?: string[];
  need: ScopeNeed;
}

const area = (...areas: ApiTokenArea[]): ScopeNeed => ({ areas });
const adminOf = (...areas: ApiTokenArea[]): ScopeNeed => ({ areas, admin: true });

export const ROUTE_SCOPES: readonly Entry[] = [
  // Properties and schemes, and what is read or kept about them.
  { prefix: '/api/properties', need: area('properties') },
  { prefix: '/api/properties/:id/history/verify', need: adminOf('properties') },
  { prefix: '/api/properties/:id/deals', need: area('properties', 'deals') },
  { prefix: '/api/properties/:id/enquiry-matches', need: area('properties', 'enquiries') },
  { prefix: '/api/schemes', need: area('properties') },
  { prefix: '/api/addresses', need: area('properties') },
  { prefix: '/api/history', need: area('properties') },
  { prefix: '/api/history/:id/verify', need: adminOf('properties') },
  { prefix: '/api/lease-events', need: area('properties') },
  { prefix: '/api/map', need: area('properties') },
  { prefix: '/api/geocode', need: area('properties') },
  { prefix: '/api/tracked-retailers', need: area('properties', 'companies') },
  { prefix: '/api/reports', need: area('properties', 'companies') },
  // Companies and their contacts.
  { prefix: '/api/companies', need: area('companies') },
  { prefix: '/api/companies/:id', methods: ['DELETE'], need: adminOf('companies') },
  { prefix: '/api/companies/:id/verification', need: adminOf('companies') },
  { prefix: '/api/companies/:id/merge', need: adminOf('companies') },
  { prefix: '/api/companies/:id/deals', need: area('companies', 'deals') },
  { prefix: '/api/companies/:id/portfolio', need: area('companies', 'properties') },
  { prefix: '/api/company-categories', need: area('companies') },
  { prefix: '/api/users', need: area('companies') },
  { prefix: '/api/users/:id', methods: ['DELETE'], need: adminOf('companies') },
  { prefix: '/api/users/:id/deals', need: area('companies', 'deals') },
  // Deals (comparable evidence is read from deals).
  { prefix: '/api/deals', need: area('deals') },
  // Enquiries and their matches.
  { prefix: '/api/enquiries', need: area('enquiries') },
  { prefix: '/api/enquiries/:id/matches', need: area('enquiries', 'properties') },
  // Comments.
  { prefix: '/api/comments', need: area('comments') },
  // The word search finds properties, schemes, companies and contacts alike.
  { prefix: '/api/search', need: area('properties', 'companies') },
  // Imports write properties, schemes, companies and contacts.
  { prefix: '/api/imports', need: area('properties', 'companies') },
  // The research desk: admins' alone.
  { prefix: '/api/core', need: adminOf() },
  // Webhook endpoints and their delivery log are admins' (ADR 0098): an integration account's
  // admin-scoped token may manage the endpoints its system receives.
  { prefix: '/api/webhooks', need: adminOf() },
];

const covers = (prefix: string, route: string) => route === prefix || route.startsWith(`${prefix}/`);

/** What a token needs for `method route` (the router's template), or null: no token reaches it. */
export const scopeNeeded = (method: string, route: string | undefined): ScopeNeed | null => {
  if (!route) return null;
  let best: Entry | undefined;
  for (const e of ROUTE_SCOPES) {
    if (!covers(e.prefix, route) || (e.methods && !e.methods.includes(method))) continue;
    if (!best || e.prefix.length > best.prefix.length || (e.prefix === best.prefix && e.methods)) best = e;
  }
  return best?.need ?? null;
};

const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether a token of these scopes may call `method` on a route that needs `need`. */
export const scopesAllow = (scopes: readonly string[], method: string, need: ScopeNeed): boolean => {
  const write = !READ_METHODS.has(method);
  if (need.admin && !scopes.includes('admin')) return false;
  return need.areas.every((a) => scopes.includes(`${a}:write`) || (!write && scopes.includes(`${a}:read`)));
};
