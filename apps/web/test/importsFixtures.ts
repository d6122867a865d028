import type { Import, ImportRow } from '@frontage/shared';

export const importRow = (line: number, overrides: Partial<ImportRow> = {}): ImportRow => ({
  line,
  outcome: 'create',
  values: { 'Unit No': `Unit ${line}`, Road: 'High Street', Postcode: 'LS1 1AA', Occupier: 'Boots' },
  errors: [],
  match: null,
  record_id: null,
  ...overrides,
});

/** A properties import in preview: 3 create, 1 skip (a duplicate in the file), 1 error. */
export const makeImport = (overrides: Partial<Import> = {}): Import => ({
  id: 7,
  entity: 'properties',
  status: 'preview',
  file_name: 'units.xlsx',
  headers: ['Unit No', 'Road', 'Postcode', 'Occupier', 'Notes'],
  mapping: { unit: 'Unit No', post_code: 'Postcode', tenant: 'Occupier' },
  suggested_mapping: { unit: 'Unit No', post_code: 'Postcode', tenant: 'Occupier' },
  counts: { create: 3, update: 0, skip: 1, error: 1 },
  rows_total: 5,
  progress: 0,
  duplicate_groups: 1,
  error: null,
  created_by: { id: 1, name: 'Adam Admin' },
  created_at: '2026-11-27T10:05:00Z',
  applied_at: null,
  reverted_at: null,
  conflicts: [],
  rows: {
    create: [
      importRow(2, { match: { group: 'key:2|highst|ls11aa', record_id: null, keys: ['2|highst|ls11aa'] } }),
      importRow(4),
      importRow(6),
    ],
    update: [],
    skip: [
      importRow(3, {
        outcome: 'skip',
        match: { group: 'key:2|highst|ls11aa', record_id: null, keys: ['2|highst|ls11aa'] },
      }),
    ],
    error: [
      importRow(5, {
        outcome: 'error',
        values: { 'Unit No': 'Unit 5', Road: 'High Street', Postcode: 'LS1 1AA', Occupier: 'Nobody Ltd' },
        errors: [{ field: 'tenant', message: 'No company named "Nobody Ltd" was found.' }],
      }),
    ],
  },
  ...overrides,
});
