import { COMPANY_EXPORT_COLUMNS, VERIFICATION_EXPORT_LABELS, verificationStateOf } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import * as repo from './companies.repository';
import type { CompanyFilters, CompanySortKey } from './companies.repository';
import { EXPORT_BATCH, csvStream, exportFileName, formatUkDate, linesOfIdBatches } from '../../lib/csv';

export interface CsvExport {
  total: number;
  filename: string;
  stream: NodeJS.ReadableStream;
}

/** Every company matching the list's filters, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportCompanies = async (
  deps: ServiceDeps,
  f: CompanyFilters,
  sort: `${'' | '-'}${CompanySortKey}`,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const total = await repo.countCompanies(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportIds(deps.db, f, sort, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.id,
      (r) => [
        r.id,
        r.name,
        r.domain,
        r.phone,
        r.categories,
        VERIFICATION_EXPORT_LABELS[
          verificationStateOf({ is_verified: r.is_verified, verified_at: r.verified_at })
        ],
        formatUkDate(r.verified_at ? new Date(r.verified_at) : null),
      ],
    );
  return {
    total,
    filename: exportFileName('companies', deps.now()),
    stream: csvStream(COMPANY_EXPORT_COLUMNS, batches, onError),
  };
};
