/**
 * Which token actors a route meets in the route suite (ADR 0097), derived from what the route
 * needs (`scopeNeeded`, the server's one table) and never listed per route. Written out here
 * rather than asked of the server's `scopesAllow`, so the suite checks the server against the
 * ADR's rules (write includes read; `admin` grants no area; a route needing two areas needs both)
 * instead of against itself.
 */
import { API_TOKEN_AREAS } from '@frontage/shared';
import type { ScopeNeed } from '../../src/modules/api-tokens/api-token-scopes';

const AREA_SCOPES: readonly string[] = API_TOKEN_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`]);

export interface ScopeActors {
  /** The least scopes that reach the route (every scope when no token reaches it). */
  needed: string[];
  /** Scope sets that must be refused (403), each with what it lacks. */
  lacking: Array<{ what: string; scopes: string[] }>;
}

/**
 * The route's token actors for an owner: one token per scope alone that does not reach the route,
 * one token for each required area and for `admin` holding every other scope (the area's read
 * scope included where the route writes), and the read scopes of every area where it writes.
 * `admin` is among the scopes only where the owner may hold it (an admin) or the route needs it.
 */
export const scopeActors = (method: string, need: ScopeNeed | null, ownerIsAdmin: boolean): ScopeActors => {
  const write = method !== 'GET' && method !== 'HEAD';
  const universe = [...AREA_SCOPES, ...(ownerIsAdmin || need?.admin ? ['admin'] : [])];
  if (!need) return { needed: universe, lacking: universe.map((s) => ({ what: `only ${s}`, scopes: [s] })) };

  const access = write ? 'write' : 'read';
  const needed = [...need.areas.map((a) => `${a}:${access}`), ...(need.admin ? ['admin'] : [])];
  /** Whether one scope alone reaches the route: it needs one thing, and the scope grants it. */
  const alone = (s: string) =>
    needed.length === 1 &&
    (s === needed[0] || (!write && need.areas[0] !== undefined && s === `${need.areas[0]}:write`));

  const lacking: ScopeActors['lacking'] = universe
    .filter((s) => !alone(s))
    .map((s) => ({ what: `only ${s}`, scopes: [s] }));
  for (const a of need.areas) {
    const granting = write ? [`${a}:write`] : [`${a}:read`, `${a}:write`];
    lacking.push({
      what: `all but ${granting.join(', ')}`,
      scopes: universe.filter((s) => !granting.includes(s)),
    });
  }
  if (need.admin) lacking.push({ what: 'all but admin', scopes: universe.filter((s) => s !== 'admin') });
  if (write && need.areas.length > 0)
    lacking.push({
      what: 'read of its areas',
      scopes: [...need.areas.map((a) => `${a}:read`), ...(need.admin ? ['admin'] : [])],
    });

  // One token per distinct set (a one-area write route's `read of its areas` is `only <area>:read`).
  const seen = new Set<string>();
  return {
    needed,
    lacking: lacking.filter(({ scopes }) => {
      const key = [...scopes].sort().join(' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  };
};
