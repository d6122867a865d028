import { mapSearches } from '../../src/db/schema';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Around the matrix's Leeds scheme and unit (places-fixtures). */
const LEEDS = '-1.6,53.75,-1.5,53.85';
const POLYGON = '-1.6,53.75;-1.5,53.75;-1.5,53.85;-1.6,53.85';

/** A saved area of company A's user. */
const savedArea = async (w: World) => {
  const db = await testDb();
  const [row] = await db
    .insert(mapSearches)
    .values({
      user_id: w.sameUser.id,
      name: 'Leeds centre',
      area: { type: 'circle', center: [-1.5447, 53.7965], radius_m: 800 },
      filters: { vacant: 'true' },
    })
    .returning();
  return { search: row!.id };
};

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
  'GET /api/map/points': {
    setup: buildPlace,
    url: () => `/api/map/points?polygon=${POLYGON}&sort=-address&per_page=10`,
    expect: signedIn(200),
  },
  'GET /api/map/points/export': {
    setup: buildPlace,
    url: () => `/api/map/points/export?bbox=${LEEDS}&vacant=true`,
    expect: signedIn(200),
  },
  'GET /api/map/heat': {
    setup: buildPlace,
    url: () => `/api/map/heat?bbox=${LEEDS}&zoom=11`,
    expect: signedIn(200),
  },
  'GET /api/map/searches': { setup: savedArea, url: () => '/api/map/searches', expect: signedIn(200) },
  'POST /api/map/searches': {
    url: () => '/api/map/searches',
    body: {
      name: 'Briggate',
      area: {
        type: 'polygon',
        coordinates: [
          [-1.6, 53.75],
          [-1.5, 53.75],
          [-1.5, 53.85],
        ],
      },
      filters: { groups: 'shops', tenant_id: '4' },
    },
    expect: signedIn(201),
  },
  'DELETE /api/map/searches/{id}': {
    setup: savedArea,
    url: (_w, made) => `/api/map/searches/${made.search}`,
    expect: { anonymous: 401, admin: 404, same_company: 200, other_company: 404 },
  },
};
