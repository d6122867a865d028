import { enquiries } from '../../src/db/schema';
import { buildUser, testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** Edit and delete: the author's company (A) and admins; company B is refused (ADR 0050). */
const authorsCompany = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: 403,
});

/** A unit's enquiry recorded by another user of company A (not the signed-in actor). */
const buildEnquiry = async (w: World) => {
  const place = await buildPlace();
  const author = await buildUser({ company_id: w.companyA.id });
  const [e] = await (
    await testDb()
  )
    .insert(enquiries)
    .values({
      property_id: place.property,
      scheme_id: place.scheme,
      company_id: w.companyB.id,
      received_at: '2026-03-25',
      stage: 'interest',
      reason: 'new_store',
      created_by: author.id,
    })
    .returning();
  return { ...place, enquiry: e!.id };
};

export const rows: MatrixRows = {
  'POST /api/enquiries': {
    setup: buildPlace,
    url: () => '/api/enquiries',
    body: (w, m) => ({
      property_id: m.property,
      company_id: w.companyB.id,
      received_at: '03/25/2026',
      stage: 'interest',
      reason: 'relocation',
      size_from: 1000,
      size_to: 2500,
      rent_from: '40000',
      rent_to: '55000.50',
    }),
    expect: signedIn(201),
  },
  'GET /api/enquiries': {
    setup: buildEnquiry,
    url: (_w, m) =>
      `/api/enquiries?scheme_id=${m.scheme}&stage=interest,under_offer&town=leeds&sort=-updated_at&include=company,user,scheme,property,comments,size,rent,size_from`,
    expect: signedIn(200),
  },
  'GET /api/enquiries/export': {
    setup: buildEnquiry,
    url: () => '/api/enquiries/export?stage=interest&sort=-received_at',
    expect: signedIn(200),
  },
  'GET /api/enquiries/{id}': {
    setup: buildEnquiry,
    url: (_w, m) => `/api/enquiries/${m.enquiry}?include=company,user,scheme,property,comments`,
    expect: signedIn(200),
  },
  'PUT /api/enquiries/{id}': {
    setup: buildEnquiry,
    url: (_w, m) => `/api/enquiries/${m.enquiry}`,
    body: { stage: 'under_offer', received_at: '2026-04-01', rent_from: '42000' },
    expect: authorsCompany(200),
  },
  'DELETE /api/enquiries/{id}': {
    setup: buildEnquiry,
    url: (_w, m) => `/api/enquiries/${m.enquiry}`,
    expect: authorsCompany(200),
  },
};
