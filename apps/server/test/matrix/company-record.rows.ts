import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** The company and contact pages' reads (ADR 0091): any signed-in user, as the lists they draw from. */
export const rows: MatrixRows = {
  'GET /api/companies/{id}/portfolio': {
    url: (w) => `/api/companies/${w.companyA.id}/portfolio?role=tenant,landlord&sort=-rent_pa`,
    expect: signedIn(200),
  },
  'GET /api/companies/{id}/portfolio/export': {
    url: (w) => `/api/companies/${w.companyA.id}/portfolio/export?role=landlord`,
    expect: signedIn(200),
  },
  'GET /api/companies/{id}/deals': {
    url: (w) => `/api/companies/${w.companyA.id}/deals?per_page=10`,
    expect: signedIn(200),
  },
  'GET /api/companies/{id}/activity': {
    url: (w) => `/api/companies/${w.companyA.id}/activity?per_page=10`,
    expect: signedIn(200),
  },
  'GET /api/users/{id}/deals': { url: (w) => `/api/users/${w.sameUser.id}/deals`, expect: signedIn(200) },
  'GET /api/users/{id}/activity': {
    url: (w) => `/api/users/${w.sameUser.id}/activity`,
    expect: signedIn(200),
  },
};
