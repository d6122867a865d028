import { eq } from 'drizzle-orm';
import { properties, schemes } from '../../src/db/schema';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixCases, MatrixRows, World } from './types';

/**
 * Archiving and restoring (ADR 0078): the owner company (the creator's: company A here) or an
 * admin; another company is refused. The place is created by company A's user; the restore rows
 * start from it archived.
 */
const owned = async (w: World, archived = false) => {
  const made = await buildPlace();
  const db = await testDb();
  const values = {
    created_by: w.sameUser.id,
    ...(archived ? { archived_at: new Date(), archived_by: w.sameUser.id, archive_reason: 'Closed' } : {}),
  };
  await db.update(schemes).set(values).where(eq(schemes.id, made.scheme));
  await db
    .update(properties)
    .set({ ...values, ...(archived ? { archived_with_scheme: true } : {}) })
    .where(eq(properties.id, made.property));
  return made;
};

const ownerOrAdmin = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: 403,
});

export const rows: MatrixRows = {
  'DELETE /api/properties/{id}': {
    setup: (w) => owned(w),
    url: (_w, m) => `/api/properties/${m.property}`,
    body: { reason: 'Demolished' },
    expect: ownerOrAdmin(200),
  },
  'POST /api/properties/{id}/restore': {
    // Its scheme is live again first: the unit alone is restored.
    setup: async (w) => {
      const made = await owned(w, true);
      await (
        await testDb()
      )
        .update(schemes)
        .set({ archived_at: null, archived_by: null, archive_reason: null })
        .where(eq(schemes.id, made.scheme));
      return made;
    },
    url: (_w, m) => `/api/properties/${m.property}/restore`,
    expect: ownerOrAdmin(200),
  },
  'DELETE /api/schemes/{id}': {
    setup: (w) => owned(w),
    url: (_w, m) => `/api/schemes/${m.scheme}`,
    body: { reason: 'Closed for redevelopment' },
    expect: ownerOrAdmin(200),
  },
  'POST /api/schemes/{id}/restore': {
    setup: (w) => owned(w, true),
    url: (_w, m) => `/api/schemes/${m.scheme}/restore`,
    expect: ownerOrAdmin(200),
  },
};

export const cases: MatrixCases = {
  'GET /api/properties — the Archived filter is an admin’s': {
    url: () => '/api/properties?archived=only',
    expect: { anonymous: 401, admin: 200, same_company: 403, other_company: 403 },
  },
  'GET /api/schemes — the Archived filter is an admin’s': {
    url: () => '/api/schemes?archived=include',
    expect: { anonymous: 401, admin: 200, same_company: 403, other_company: 403 },
  },
  'DELETE /api/properties/{id} — a place nobody owns is an admin’s alone': {
    setup: buildPlace,
    url: (_w, m) => `/api/properties/${m.property}`,
    body: { reason: 'Demolished' },
    expect: { anonymous: 401, admin: 200, same_company: 403, other_company: 403 },
  },
};
