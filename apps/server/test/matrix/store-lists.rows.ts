import { eq } from 'drizzle-orm';
import { addresses, companies, properties } from '../../src/db/schema';
import { multipart } from '../companies.fixtures';
import { blankLinesCsv, declaredOnlyXlsx, farCellXlsx } from '../fixtures/hostile-files';
import { testDb } from '../helpers';
import type { MatrixCases, MatrixRows, World } from './types';

const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };

/** Company A made a tracked retailer holding one unit. */
const trackedWithUnit = async (w: World) => {
  const db = await testDb();
  await db.update(companies).set({ core_id: 'MATRIX' }).where(eq(companies.id, w.companyA.id));
  const [address] = await db
    .insert(addresses)
    .values({ street: '12 High Street', city: 'Leeds', post_code: 'LS1 6HD' })
    .returning();
  const [unit] = await db
    .insert(properties)
    .values({ address_id: address!.id, tenant_id: w.companyA.id })
    .returning();
  return { unit: unit!.id };
};

export const rows: MatrixRows = {
  'POST /api/core/retailers/{id}/store-list/preview': {
    setup: trackedWithUnit,
    url: (w) => `/api/core/retailers/${w.companyA.id}/store-list/preview`,
    payload: () =>
      multipart(
        [],
        [
          {
            name: 'file',
            filename: 'stores.csv',
            type: 'text/csv',
            data: Buffer.from('Address,Town,Postcode\n12 High St,Leeds,LS1 6HD\n'),
          },
        ],
      ),
    expect: adminOnly,
  },
  'POST /api/core/retailers/{id}/store-list/apply': {
    setup: trackedWithUnit,
    url: (w) => `/api/core/retailers/${w.companyA.id}/store-list/apply`,
    body: (_w, made) => ({ actions: [{ action: 'close', property_id: made.unit }] }),
    expect: adminOnly,
  },
};

/** An uploaded list as the preview's one `file` part. */
const listFile = (filename: string, data: Buffer) => () =>
  multipart([], [{ name: 'file', filename, type: 'application/octet-stream', data }]);

/**
 * The crafted lists (ADR 0070): refused with a 422 naming the limit,
 * after the same permission checks, before anything is parsed.
 */
const preview = 'POST /api/core/retailers/{id}/store-list/preview';
const refusedForAdmins = { ...adminOnly, admin: 422 };
export const cases: MatrixCases = {
  [`${preview} — an XLSX whose only cell is at XFD1048576`]: {
    setup: trackedWithUnit,
    url: (w) => `/api/core/retailers/${w.companyA.id}/store-list/preview`,
    payload: listFile('stores.xlsx', farCellXlsx()),
    expect: refusedForAdmins,
  },
  [`${preview} — an XLSX declaring a 100 MB part`]: {
    setup: trackedWithUnit,
    url: (w) => `/api/core/retailers/${w.companyA.id}/store-list/preview`,
    payload: listFile('stores.xlsx', declaredOnlyXlsx(100 * 1024 * 1024)),
    expect: refusedForAdmins,
  },
  [`${preview} — a CSV of 4.8 MB of blank lines`]: {
    setup: trackedWithUnit,
    url: (w) => `/api/core/retailers/${w.companyA.id}/store-list/preview`,
    payload: listFile('stores.csv', blankLinesCsv()),
    expect: refusedForAdmins,
  },
};
