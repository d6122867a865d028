import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };
const place = async () => buildPlace();

export const rows: MatrixRows = {
  'GET /api/properties/simple': {
    url: () => '/api/properties/simple?q=albion&include=address,tenant,scheme',
    expect: signedIn(200),
  },
  'GET /api/properties': {
    url: () => '/api/properties?include=address,landlords&sort=-updated_at',
    expect: signedIn(200),
  },
  'GET /api/properties/{id}': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}`,
    expect: signedIn(200),
  },
  'POST /api/properties': {
    url: () => '/api/properties',
    body: (w) => ({
      building_num: '1',
      company_id: w.companyA.id,
      address: { street: 'High Street', city: 'York' },
    }),
    expect: signedIn(201),
  },
  'POST /api/schemes/{id}/properties': {
    setup: place,
    url: (_w, m) => `/api/schemes/${m.scheme}/properties`,
    body: { building_num: 'SU2' },
    expect: signedIn(201),
  },
  'PUT /api/properties/{id}': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}`,
    // The Edit Property call: columns, lists, the areas and the address together (ADR 0066).
    body: (w) => ({
      rent_pa: '1500',
      landlords: [w.companyB.id],
      area_size_type: 'sqft',
      nia_sqrt: 900,
      address: { street: 'Briggate', post_code: 'LS1 6HD', notes: 'Rear door' },
    }),
    expect: signedIn(200),
  },
  'PUT /api/properties/{id}/areas': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}/areas`,
    body: { area_size_type: 'sqft', itza_area: 100 },
    expect: signedIn(200),
  },
  'POST /api/properties/{id}/set-me-as-landlord-contact': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}/set-me-as-landlord-contact`,
    expect: signedIn(200),
  },
  'POST /api/properties/{id}/set-me-as-tenant-contact': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}/set-me-as-tenant-contact`,
    expect: signedIn(200),
  },
  'GET /api/properties/{id}/history': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}/history`,
    expect: signedIn(200),
  },
  'GET /api/schemes/{id}/history': {
    setup: place,
    url: (_w, m) => `/api/schemes/${m.scheme}/history`,
    expect: signedIn(200),
  },
  'PUT /api/history/{id}/verify': {
    setup: place,
    url: (_w, m) => `/api/history/${m.change}/verify`,
    expect: adminOnly,
  },
  'PUT /api/properties/{id}/history/verify': {
    setup: place,
    url: (_w, m) => `/api/properties/${m.property}/history/verify`,
    body: {},
    expect: adminOnly,
  },
  'GET /api/properties/export': {
    setup: place,
    url: () => '/api/properties/export?vacant=0&mine=1&sort=-rent_pa',
    expect: signedIn(200),
  },
};
