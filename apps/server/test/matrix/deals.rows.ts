import { recordDeal } from '../../src/modules/deals/deals.service';
import { testDb } from '../helpers';
import { buildPlace } from './places-fixtures';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
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
};
