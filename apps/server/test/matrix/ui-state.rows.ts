import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Everyone reads and writes only their own saved state. */
export const rows: MatrixRows = {
  'GET /api/ui-state/{screen}': { url: () => '/api/ui-state/companies', expect: signedIn(200) },
  'PUT /api/ui-state/{screen}': {
    url: () => '/api/ui-state/companies',
    body: { state: { q: 'boots' } },
    expect: signedIn(200),
  },
};
