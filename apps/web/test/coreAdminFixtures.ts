import type { HistoryEntry, TrackedRetailer, VerificationQueueGroup } from '@frontage/shared';
import { json } from './fakeFetch';

export const makeRetailer = (overrides: Partial<TrackedRetailer> = {}): TrackedRetailer => ({
  id: 1,
  name: 'Boots',
  core_id: 'CORE-1',
  categories: [{ id: 2, name: 'Health & Beauty' }],
  is_verified: false,
  verified_at: null,
  stores: 12,
  openings: 1,
  closures: 0,
  store_changed_at: null,
  ...overrides,
});

export const pageOf = <T>(data: T[], total = data.length) => ({
  data,
  meta: {
    pagination: {
      total,
      count: data.length,
      per_page: 25,
      current_page: 1,
      total_pages: Math.max(1, Math.ceil(total / 25)),
    },
  },
});

/** GET/PUT /api/ui-state/{screen} answering with an empty saved state. */
export const uiStateRoutes = (screen: string) => ({
  [`GET /api/ui-state/${screen}`]: () =>
    json(200, { data: { screen, state: {}, updated_at: '2026-01-01T00:00:00Z' } }),
  [`PUT /api/ui-state/${screen}`]: () =>
    json(200, { data: { screen, state: {}, updated_at: '2026-01-01T00:00:00Z' } }),
});

export const makeChange = (overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 100,
  entity_type: 'property',
  entity_id: 5,
  field: 'rent_pa',
  old_value: '45000',
  new_value: '50000',
  old_display: '£45,000.00',
  new_display: '£50,000.00',
  source: 'update',
  deal_id: null,
  user: { id: 2, name: 'Alice Agent' },
  verified: false,
  verified_by: null,
  verified_at: null,
  created_at: '2026-03-05T14:07:00Z',
  ...overrides,
});

export const makeGroup = (overrides: Partial<VerificationQueueGroup> = {}): VerificationQueueGroup => ({
  entity_type: 'property',
  entity_id: 5,
  label: '12 High Street, Leeds',
  link: { kind: 'property', id: 5 },
  changes: [makeChange()],
  total_changes: 1,
  oldest_at: '2026-03-05T14:07:00Z',
  ...overrides,
});

/** A Response whose body streams these ndjson lines, one chunk per line (a line may be split). */
export const ndjson = (lines: unknown[], splitAt?: number): Response => {
  const text = lines.map((l) => `${JSON.stringify(l)}\n`);
  const chunks =
    splitAt === undefined ? text : [...text.slice(0, 1), ...splitInTwo(text.slice(1).join(''), splitAt)];
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
};

const splitInTwo = (s: string, at: number) => [s.slice(0, at), s.slice(at)];
