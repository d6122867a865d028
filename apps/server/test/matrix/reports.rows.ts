import { companyCategories, companyCategory, properties } from '../../src/db/schema';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Company A and company B in one category; B is the tenant of a unit in Leeds (a gap for A). */
const buildMarket = async (w: World) => {
  const db = await testDb();
  const [category] = await db.insert(companyCategories).values({ name: 'Fashion' }).returning();
  await db.insert(companyCategory).values([
    { company_id: w.companyA.id, category_id: category!.id },
    { company_id: w.companyB.id, category_id: category!.id },
  ]);
  const place = await buildPlace();
  await db.update(properties).set({ tenant_id: w.companyB.id });
  return { ...place, category: category!.id };
};

/** Gap Analysis (ADR 0058): units and tenants are shared research data, any signed-in user reads. */
export const rows: MatrixRows = {
  'GET /api/reports/gap-analysis': {
    setup: buildMarket,
    url: (w) => `/api/reports/gap-analysis?company_id=${w.companyA.id}`,
    expect: signedIn(200),
  },
  'GET /api/reports/gap-analysis/export': {
    setup: buildMarket,
    url: (w) => `/api/reports/gap-analysis/export?company_id=${w.companyA.id}&level=scheme`,
    expect: signedIn(200),
  },
};
