import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

export const rows: MatrixRows = {
  'GET /api/geocode/reverse': {
    url: () => '/api/geocode/reverse?lat=53.7997&lng=-1.5492',
    expect: signedIn(200),
  },
  'GET /api/geocode/search': { url: () => '/api/geocode/search?q=Leeds', expect: signedIn(200) },
};
