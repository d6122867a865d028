import { recordDeal } from '../../src/modules/deals/deals.service';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixCases, MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A rent review recorded by the user of company A (the "same company" actor's colleague or self). */
const recordedByCompanyA = async (w: World) => {
  const place = await buildPlace();
  const deal = await recordDeal(await testDb(), w.sameUser, {
    deal_type: 'rent_review',
    property_id: place.property,
    effective_date: '2026-03-25',
    rent_pa: '45000',
  });
  return { ...place, deal: deal.id };
};

/** Correcting or voiding (ADR 0077): the recorder, the recorder's company or an admin. */
const recorderOrAdmin = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: 403,
});

/**
 * Any signed-in user records a deal (API.md); the tracked retailer, admin-only, is tested in
 * deals.test.ts (one row per route here, and a rent review is what most users record).
 */
export const rows: MatrixRows = {
  'POST /api/deals': {
    setup: buildPlace,
    url: () => '/api/deals',
    body: (w, m) => ({
      deal_type: 'rent_review',
      property_id: m.property,
      effective_date: '2026-03-25',
      rent_pa: '45000',
      incentive: '3 months rent free',
      landlords: [w.companyB.id],
      links: ['https://www.example.co.uk/news'],
    }),
    expect: signedIn(201),
  },
  'GET /api/deals/{id}': {
    setup: async (w) => {
      const place = await buildPlace();
      const deal = await recordDeal(await testDb(), w.admin, {
        deal_type: 'rent_review',
        property_id: place.property,
        rent_pa: '1000',
      });
      return { ...place, deal: deal.id };
    },
    url: (_w, m) => `/api/deals/${m.deal}`,
    expect: signedIn(200),
  },
  'GET /api/deals': {
    setup: async (w) => {
      const place = await buildPlace();
      await recordDeal(await testDb(), w.admin, {
        deal_type: 'rent_review',
        property_id: place.property,
        rent_pa: '1000',
      });
      return place;
    },
    url: (_w, m) => `/api/deals?town=leeds&scheme_id=${m.scheme}&sort=-rent_pa&page=1&per_page=25`,
    expect: signedIn(200),
  },
  'GET /api/deals/export': {
    setup: buildPlace,
    url: () => '/api/deals/export?type=rent_review,new_letting&sort=-effective_date',
    expect: signedIn(200),
  },
  'GET /api/properties/{id}/deals': {
    setup: buildPlace,
    url: (_w, m) => `/api/properties/${m.property}/deals?page=1&per_page=20`,
    expect: signedIn(200),
  },
  'PUT /api/deals/{id}': {
    setup: recordedByCompanyA,
    url: (_w, m) => `/api/deals/${m.deal}`,
    body: (_w, m) => ({
      deal_type: 'rent_review',
      property_id: m.property,
      effective_date: '2026-03-25',
      rent_pa: '46000',
    }),
    expect: recorderOrAdmin(200),
  },
  'DELETE /api/deals/{id}': {
    setup: recordedByCompanyA,
    url: (_w, m) => `/api/deals/${m.deal}`,
    body: { reason: 'Recorded twice' },
    expect: recorderOrAdmin(200),
  },
};

export const cases: MatrixCases = {
  // A tracked retailer deal is an admin's to change, even for the recorder's own company.
  'DELETE /api/deals/{id} — a tracked retailer deal': {
    setup: async (w) => {
      const place = await buildPlace();
      const deal = await recordDeal(await testDb(), w.sameUser, {
        deal_type: 'tracked_retailer',
        property_id: place.property,
        effective_date: '2026-03-25',
      });
      return { ...place, deal: deal.id };
    },
    url: (_w, m) => `/api/deals/${m.deal}`,
    body: { reason: 'Not this retailer' },
    expect: { anonymous: 401, admin: 200, same_company: 403, other_company: 403 },
  },
};
