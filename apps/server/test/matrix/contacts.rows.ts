import { buildUser } from '../helpers';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Contacts of company A are company A's (and admins') to change. */
export const rows: MatrixRows = {
  'GET /api/users': { url: () => '/api/users/?q=matrix&include=company', expect: signedIn(200) },
  'GET /api/users/export': {
    url: (w) => `/api/users/export?company_id=${w.companyA.id}`,
    expect: signedIn(200),
  },
  'GET /api/users/similar': {
    url: (w) => `/api/users/similar?name=Matrix&company_id=${w.companyA.id}`,
    expect: signedIn(200),
  },
  'POST /api/users': {
    url: () => '/api/users',
    body: (w) => ({ company_id: w.companyA.id, name: 'Matrix Contact', email: 'matrix.contact@example.com' }),
    expect: { anonymous: 401, admin: 201, same_company: 201, other_company: 403 },
  },
  'GET /api/users/{id}': { url: (w) => `/api/users/${w.sameUser.id}?include=company`, expect: signedIn(200) },
  'PUT /api/users/{id}': {
    setup: async (w) => ({ id: (await buildUser({ name: 'A Contact', company_id: w.companyA.id })).id }),
    url: (_w, made) => `/api/users/${made.id}`,
    body: (w) => ({ company_id: w.companyA.id, name: 'A Contact Renamed', email: 'a.contact@example.com' }),
    expect: { anonymous: 401, admin: 200, same_company: 200, other_company: 403 },
  },
  'DELETE /api/users/{id}': {
    setup: async (w) => ({
      id: (await buildUser({ name: 'Leaving Contact', company_id: w.companyA.id })).id,
    }),
    url: (_w, made) => `/api/users/${made.id}`,
    expect: { anonymous: 401, admin: 200, same_company: 403, other_company: 403 },
  },
};
