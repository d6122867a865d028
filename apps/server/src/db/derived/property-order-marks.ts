import { countedIndex, countedIndexContent, type CountedIndexSpec } from './counted-index';
import { derived } from './define';

const spec: CountedIndexSpec = {
  prefix: 'property',
  table: 'properties',
  marks: 'property_order_marks',
  keyColumn: 'updated_at',
  keyType: 'timestamp with time zone',
  key: (r) => `${r}.updated_at`,
  // Archived properties leave the list (ADR 0078).
  live: (r) => `${r}.archived_at IS NULL`,
};

/** The counted index over the property list's (updated_at, id) order (ADR 0031). */
export const propertyOrderMarks = derived({
  name: 'property_order_marks',
  kind: 'table',
  what: 'A counted index over the live properties by (updated_at, id): buckets of about a thousand, each mark with its count (plus the changes not yet folded in: property_order_marks_pending).',
  sources: { properties: ['updated_at', 'archived_at'] },
  ...countedIndex(spec),
  content: countedIndexContent(spec),
  readers: [
    'modules/properties/properties.repository.ts: GET /api/properties sorted by last update, any page',
  ],
  adrs: ['0031', '0078', '0105'],
  migrations: ['0005', '0024', '0026', '0041'],
});
