import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { testDb } from '../helpers';
import type { Made, MatrixRows, World } from './types';

/** Any signed-in user may watch any record (ADR 0095): a watch is their own and grants nothing. */
const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A unit of company A's, already watched by the same-company user (so DELETE has one to remove). */
const watchedUnit = async (w: World): Promise<Made> => {
  const db = await testDb();
  const [address] = await queryRows<{ id: number }>(
    db,
    sql`insert into addresses (street, city) values ('Briggate', 'Leeds') returning id`,
  );
  const [unit] = await queryRows<{ id: number }>(
    db,
    sql`insert into properties (address_id, tenant_id, currency, area_size_type, created_by)
        values (${address!.id}, ${w.companyA.id}, 'GBP', 'sqft', ${w.sameUser.id}) returning id`,
  );
  await queryRows(db, sql`insert into watches (user_id, property_id) values (${w.sameUser.id}, ${unit!.id})`);
  return { unit: unit!.id };
};

export const rows: MatrixRows = {
  'GET /api/watches': { setup: watchedUnit, url: () => '/api/watches', expect: signedIn(200) },
  'GET /api/watches/{entity_type}/{id}': {
    setup: watchedUnit,
    url: (_w, made) => `/api/watches/property/${made.unit}`,
    expect: signedIn(200),
  },
  'PUT /api/watches/{entity_type}/{id}': {
    setup: watchedUnit,
    url: (w) => `/api/watches/company/${w.companyB.id}`,
    expect: signedIn(200),
  },
  'DELETE /api/watches/{entity_type}/{id}': {
    setup: watchedUnit,
    url: (_w, made) => `/api/watches/property/${made.unit}`,
    expect: signedIn(200),
  },
};
