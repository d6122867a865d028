import { enquiries } from '../../src/db/schema';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A scheme, a unit of it and a scheme enquiry by company A's user. */
const buildEnquiryPlace = async (w: Parameters<NonNullable<MatrixRows[string]['setup']>>[0]) => {
  const place = await buildPlace();
  const db = await testDb();
  const [enquiry] = await db
    .insert(enquiries)
    .values({
      scheme_id: place.scheme,
      company_id: w.companyA.id,
      received_at: '2026-01-15',
      stage: 'interest',
      created_by: w.sameUser.id,
    })
    .returning();
  return { ...place, enquiry: enquiry!.id };
};

/** Matching (ADR 0053): enquiries and properties are shared research data, any signed-in user reads. */
export const rows: MatrixRows = {
  'GET /api/enquiries/{id}/matches': {
    setup: buildEnquiryPlace,
    url: (_w, m) => `/api/enquiries/${m.enquiry}/matches?scope=town&measure=itza_area`,
    expect: signedIn(200),
  },
  'GET /api/properties/{id}/enquiry-matches': {
    setup: buildEnquiryPlace,
    url: (_w, m) => `/api/properties/${m.property}/enquiry-matches`,
    expect: signedIn(200),
  },
};
