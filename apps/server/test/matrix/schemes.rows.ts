import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

export const rows: MatrixRows = {
  'GET /api/schemes': {
    url: () => '/api/schemes?q=trinity&include=address,landlords&type=all',
    expect: signedIn(200),
  },
  'GET /api/schemes/{id}': {
    setup: buildPlace,
    url: (_w, m) =>
      `/api/schemes/${m.scheme}?include=address,files,properties,landlords,agents,tenant,contacts`,
    expect: signedIn(200),
  },
  'POST /api/schemes': {
    url: () => '/api/schemes',
    body: (w) => ({
      name: 'Meadowhall',
      type: 'Shopping centres',
      opened: 1990,
      landlords: [w.companyA.id],
      address: { city: 'Sheffield' },
    }),
    expect: signedIn(201),
  },
  'PUT /api/schemes/{id}': {
    setup: buildPlace,
    url: (_w, m) => `/api/schemes/${m.scheme}`,
    body: {
      name: 'Trinity',
      car_spaces: 100,
      address: { post_code: 'LS1 5AY', notes: 'Car park entrance', latitude: 53.7961, longitude: -1.5447 },
    },
    expect: signedIn(200),
  },
  'GET /api/schemes/export': {
    setup: buildPlace,
    url: () => '/api/schemes/export?q=trinity&type=all&sort=-town',
    expect: signedIn(200),
  },
};
