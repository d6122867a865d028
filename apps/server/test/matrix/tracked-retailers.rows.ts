import { buildCompany } from '../helpers';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };

/** A tracked retailer of its own (the world's companies are not tracked). */
const retailer = async () => ({
  id: (await buildCompany({ name: 'Matrix Retail', core_id: 'TR9000001' })).id,
});

export const rows: MatrixRows = {
  'GET /api/tracked-retailers': { url: () => '/api/tracked-retailers?q=matrix', expect: signedIn(200) },
  'GET /api/tracked-retailers/export': { url: () => '/api/tracked-retailers/export', expect: signedIn(200) },
  'GET /api/tracked-retailers/{id}': {
    setup: retailer,
    url: (_w, made) => `/api/tracked-retailers/${made.id}`,
    expect: signedIn(200),
  },
  'GET /api/tracked-retailers/{id}/stores': {
    setup: retailer,
    url: (_w, made) => `/api/tracked-retailers/${made.id}/stores`,
    expect: signedIn(200),
  },
  'GET /api/tracked-retailers/{id}/store-points': {
    setup: retailer,
    url: (_w, made) => `/api/tracked-retailers/${made.id}/store-points`,
    expect: signedIn(200),
  },
  'GET /api/tracked-retailers/{id}/timeline': {
    setup: retailer,
    url: (_w, made) => `/api/tracked-retailers/${made.id}/timeline`,
    expect: signedIn(200),
  },
  'PUT /api/core/retailers/{id}/tracking': {
    url: (w) => `/api/core/retailers/${w.companyA.id}/tracking`,
    body: { tracked: true },
    expect: adminOnly,
  },
};
