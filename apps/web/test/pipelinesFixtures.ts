import type { Enquiry, EnquiryStage } from '@frontage/shared';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';

/** 'yyyy-mm-dd', `days` before today where the test runs (cards show the age in days). */
export const daysAgo = (days: number): string => {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const makeEnquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  id: 1,
  property_id: 12,
  scheme_id: null,
  company_id: 10,
  user_id: null,
  received_at: daysAgo(12),
  size_from: 1000,
  size_to: 2500,
  rent_from: '20000.00',
  rent_to: '30000.00',
  stage: 'interest',
  reason: 'relocation',
  created_by: { id: 2, name: 'Alice Agent' },
  created_at: '2026-03-02T10:15:00Z',
  updated_at: '2026-03-02T10:15:00Z',
  town: 'Portsmouth',
  can_edit: true,
  company: { id: 10, name: 'Boots', is_verified: false, verified_at: null },
  user: null,
  scheme: null,
  property: { id: 12, building_num: 'Unit 9', full_address: 'Park Lane, Portsmouth, PO1 3LP' },
  ...overrides,
});

/**
 * A fake enquiries API over `rows`: GET /api/enquiries filtered by stage and paged as the server
 * does (with the total per stage padded by `extra`, so a column can say more than it loads), PUT
 * /api/enquiries/{id} changing the stage (or answering `refuse` instead).
 */
export function enquiriesApi(
  rows: Enquiry[],
  opts: { extra?: Partial<Record<EnquiryStage, number>>; refuse?: () => Response } = {},
): Record<string, FakeHandler> {
  const handlers: Record<string, FakeHandler> = {
    'GET /api/enquiries': (req: FakeRequest) => {
      const q = req.url.searchParams;
      const stage = q.get('stage') as EnquiryStage;
      const perPage = Number(q.get('per_page'));
      const current = Number(q.get('page'));
      const all = rows.filter((r) => r.stage === stage);
      const total = all.length + (opts.extra?.[stage] ?? 0);
      const data = all.slice((current - 1) * perPage, current * perPage);
      return json(200, {
        data,
        meta: {
          pagination: {
            total,
            count: data.length,
            per_page: perPage,
            current_page: current,
            total_pages: Math.max(1, Math.ceil(total / perPage)),
          },
        },
      });
    },
  };
  for (const row of rows)
    handlers[`PUT /api/enquiries/${row.id}`] = (req: FakeRequest) => {
      if (opts.refuse) return opts.refuse();
      row.stage = (req.body as { stage: EnquiryStage }).stage;
      row.updated_at = new Date().toISOString();
      const { company: _c, user: _u, scheme: _s, property: _p, ...plain } = row;
      return json(200, { data: plain });
    };
  return handlers;
}

export const uiState = (saved: Record<string, unknown> | null): Record<string, FakeHandler> => ({
  'GET /api/ui-state/pipelines': () =>
    saved
      ? json(200, { data: { screen: 'pipelines', state: saved, updated_at: '2026-01-01T00:00:00Z' } })
      : json(404, { msg: 'Not found.' }),
  'PUT /api/ui-state/pipelines': (req: FakeRequest) =>
    json(200, { data: { screen: 'pipelines', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' } }),
});
