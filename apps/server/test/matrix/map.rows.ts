import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Around the matrix's Leeds scheme and unit (places-fixtures). */
const LEEDS = '-1.6,53.75,-1.5,53.85';

/**
 * The map (ADR 0054): every signed-in user reads it (shared research data); saved areas are their
 * owner's alone — another user, an admin too, is told the area does not exist.
 */
export const rows: MatrixRows = {
  'GET /api/map/clusters': {
    setup: buildPlace,
    url: () => `/api/map/clusters?bbox=${LEEDS}&zoom=12&groups=shops,shopping_centres`,
    expect: signedIn(200),
  },
};
