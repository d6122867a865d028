import type { MatrixRows } from './types';

/** GET /api/search (ADR 0083): every signed-in user reads what the lists would show them. */
export const rows: MatrixRows = {
  'GET /api/search': {
    url: (w) => `/api/search?q=${encodeURIComponent(w.companyA.name)}`,
    expect: { anonymous: 401, admin: 200, same_company: 200, other_company: 200 },
  },
};
