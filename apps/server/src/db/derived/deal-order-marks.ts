import { countedIndex, countedIndexContent, type CountedIndexSpec } from './counted-index';
import { derived } from './define';

const spec: CountedIndexSpec = {
  prefix: 'deal',
  table: 'deals',
  marks: 'deal_order_marks',
  keyColumn: 'key_date',
  keyType: 'date',
  // Undated deals sort first (the list's default order and its index deals_date_low_idx).
  key: (r) => `coalesce(${r}.effective_date, '-infinity'::date)`,
};

/** The counted index over GET /api/deals' default order (ADR 0046), as for properties (ADR 0031). */
export const dealOrderMarks = derived({
  name: 'deal_order_marks',
  kind: 'table',
  what: "A counted index over the deals by (coalesce(effective_date, '-infinity'), id): buckets of about a thousand, each mark with its count (plus the changes not yet folded in: deal_order_marks_pending).",
  sources: { deals: ['effective_date'] },
  ...countedIndex(spec),
  content: countedIndexContent(spec),
  readers: ['modules/deals/deals-list.repository.ts: GET /api/deals by effective date, any page'],
  adrs: ['0046', '0031', '0105'],
  migrations: ['0012', '0024', '0041'],
});
