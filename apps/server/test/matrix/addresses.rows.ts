import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

export const rows: MatrixRows = {
  'PUT /api/addresses/{id}': {
    setup: buildPlace,
    url: (_w, m) => `/api/addresses/${m.address}`,
    body: { unit: 'SU3', street: 'Briggate', city: 'Leeds', post_code: 'LS1 6HD', country: 'United Kingdom' },
    expect: { anonymous: 401, admin: 200, same_company: 200, other_company: 200 },
  },
};
