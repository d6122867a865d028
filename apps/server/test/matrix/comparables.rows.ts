import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Comparable evidence (ADR 0047): deals are shared research data, any signed-in user reads them. */
export const rows: MatrixRows = {
  'GET /api/deals/comparables': {
    setup: buildPlace,
    url: (_w, m) => `/api/deals/comparables?property_id=${m.property}&page=1&per_page=20`,
    expect: signedIn(200),
  },
  'GET /api/deals/comparables/export': {
    url: () => '/api/deals/comparables/export?town=Leeds',
    expect: signedIn(200),
  },
};
