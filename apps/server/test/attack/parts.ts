/**
 * The route suite's parts: each is a test file of its own (`test/route-suite.<name>.test.ts`), so
 * vitest runs them side by side. Every rows file of `matrix/` is in exactly one part (checked by
 * the first part). Balanced by their time on PGlite (each about a third of the suite's).
 */
export interface RouteSuitePart {
  name: string;
  /** Rows files (`matrix/<module>.rows.ts`) by module name. */
  modules: string[];
}

export const ROUTE_SUITE_PARTS: RouteSuitePart[] = [
  {
    name: 'accounts',
    modules: [
      'foundation',
      'api-tokens',
      'companies',
      'company-record',
      'contacts',
      'addresses',
      'search',
      'reminders',
    ],
  },
  {
    name: 'places',
    modules: [
      'properties',
      'schemes',
      'deals',
      'comparables',
      'map',
      'geocode',
      'reports',
      'heavy-requests',
      'tracked-retailers',
      'store-lists',
    ],
  },
  {
    name: 'workflows',
    modules: [
      'archive',
      'calendar-feed',
      'comments',
      'enquiries',
      'enquiry-matches',
      'news',
      'ui-state',
      'verification-queue',
      'videos',
      'lease-events',
      'watches',
      'imports',
      'webhooks',
    ],
  },
];

/** The part of this name (a test file names its part). */
export const routeSuitePart = (name: string): RouteSuitePart => {
  const part = ROUTE_SUITE_PARTS.find((p) => p.name === name);
  if (!part) throw new Error(`no route suite part ${name}`);
  return part;
};
