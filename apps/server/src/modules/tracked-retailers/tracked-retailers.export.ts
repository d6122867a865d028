import {
  TRACKED_RETAILER_EXPORT_COLUMNS,
  VERIFICATION_EXPORT_LABELS,
  verificationStateOf,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import {
  EXPORT_BATCH,
  csvStream,
  exportFileName,
  formatUkDate,
  linesOfIdBatches,
  type CsvExport,
} from '../../lib/csv';
import type { CompanyFilters } from '../companies/companies.repository';
import * as repo from './tracked-retailers.repository';
import { isoOf } from './tracked-retailers.presenter';

/** Every tracked retailer matching the list's filters, by name, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportRetailers = async (
  deps: ServiceDeps,
  f: CompanyFilters,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const total = await repo.countRetailers(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportIds(deps.db, f, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.id,
      (r) => {
        const verifiedAt = isoOf(r.verified_at);
        const cats = (typeof r.categories === 'string' ? JSON.parse(r.categories) : r.categories) as Array<{
          name: string;
        }>;
        return [
          Number(r.id),
          r.core_id,
          r.name,
          cats.map((c) => c.name).join('; '),
          VERIFICATION_EXPORT_LABELS[
            verificationStateOf({ is_verified: r.is_verified, verified_at: verifiedAt })
          ],
          formatUkDate(verifiedAt ? new Date(verifiedAt) : null),
          Number(r.store_count),
          Number(r.openings),
          Number(r.closures),
        ];
      },
    );
  return {
    total,
    filename: exportFileName('tracked-retailers', deps.now()),
    stream: csvStream(TRACKED_RETAILER_EXPORT_COLUMNS, batches, onError),
  };
};
