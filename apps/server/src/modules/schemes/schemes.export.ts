import type { ServiceDeps } from '../../deps';
import type { CsvExport } from '../companies/companies.export';
import { EXPORT_BATCH, csvStream, exportFileName, linesOfIdBatches } from '../../lib/csv';
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

/** Every scheme matching the list's filters, in the list's order, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportSchemes = async (
  deps: ServiceDeps,
  f: SchemeFilters,
  sort: string,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const total = await repo.countSchemes(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportIds(deps.db, f, sort, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.id,
      (r) => [
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
      ],
    );
  return {
    total,
    filename: exportFileName('schemes', deps.now()),
    stream: csvStream(SCHEME_EXPORT_COLUMNS, batches, onError),
  };
};
