import type { ServiceDeps } from '../../deps';
import type { CsvExport } from '../companies/companies.export';
import { EXPORT_BATCH, csvStream, exportFileName } from '../../lib/csv';
import * as repo from './schemes.repository';
import type { SchemeFilters } from './schemes.repository';

export const SCHEME_EXPORT_COLUMNS = [
  'id',
  'name',
  'type',
  'town',
  'post_code',
  'opened',
  'car_spaces',
  'under_construction',
  'landlords',
  'units',
] as const;

/** Every scheme matching the list's filters, in the list's order, as CSV, 1,000 rows per query. */
export const exportSchemes = async (
  deps: ServiceDeps,
  f: SchemeFilters,
  sort: string,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const total = await repo.countSchemes(deps.db, f);
  async function* batches() {
    let after: string[] | null = null;
    for (;;) {
      const rows = await repo.exportBatch(deps.db, f, sort, after, batchSize);
      if (!rows.length) return;
      yield rows.map((r) => [
        r.id,
        r.name,
        r.type,
        r.town,
        r.post_code,
        r.opened_at,
        r.car_spaces,
        r.is_under_construction ? 'Yes' : 'No',
        r.landlords,
        r.units,
      ]);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.cursor;
    }
  }
  return {
    total,
    filename: exportFileName('schemes', deps.now()),
    stream: csvStream(SCHEME_EXPORT_COLUMNS, batches, onError),
  };
};
