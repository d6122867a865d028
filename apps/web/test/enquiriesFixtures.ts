import type { Enquiry } from '@frontage/shared';
import { json, type FakeHandler } from './fakeFetch';
import { page } from './companiesFixtures';

export const makeEnquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  id: 70,
  property_id: 12,
  scheme_id: null,
  company_id: 3,
  user_id: null,
  received_at: '2026-03-02',
  size_from: 1000,
  size_to: 2500,
  rent_from: '20000.00',
  rent_to: '45000.00',
  stage: 'interest',
  reason: 'new_store',
  created_by: { id: 2, name: 'Alice Agent' },
  created_at: '2026-03-02T10:00:00Z',
  updated_at: '2026-03-03T11:30:00Z',
  town: 'Portsmouth',
  can_edit: true,
  company: { id: 3, name: 'Greggs', is_verified: false, verified_at: null },
  user: null,
  scheme: null,
  property: { id: 12, building_num: 'Unit 4', full_address: 'Park Lane, Portsmouth, PO1 3LP' },
  ...overrides,
});

/** GET /api/properties/simple answering with one standalone unit. */
export const UNIT_4 = {
  id: 12,
  building_num: 'Unit 4',
  scheme_id: null,
  scheme: null,
  tenant: null,
  address: { full_address: 'Park Lane, Portsmouth, PO1 3LP' },
};

export const uiStateRoutes = (state: Record<string, unknown> = {}): Record<string, FakeHandler> => ({
  'GET /api/ui-state/enquiries': () => json(200, { data: { screen: 'enquiries', state, updated_at: null } }),
  'PUT /api/ui-state/enquiries': (req) =>
    json(200, {
      data: { screen: 'enquiries', state: (req.body as { state: unknown }).state, updated_at: null },
    }),
  'GET /api/ui-state/enquiry_list': () =>
    json(200, { data: { screen: 'enquiry_list', state: {}, updated_at: null } }),
  'PUT /api/ui-state/enquiry_list': () =>
    json(200, { data: { screen: 'enquiry_list', state: {}, updated_at: null } }),
});

export const enquiryPage = (rows: Enquiry[], total = rows.length) => ({
  ...page(rows),
  meta: {
    pagination: {
      total,
      count: rows.length,
      per_page: 10,
      current_page: 1,
      total_pages: Math.ceil(total / 10),
    },
  },
});
