import { COMPANY_EXPORT_COLUMNS, VERIFICATION_EXPORT_LABELS, verificationStateOf } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import * as repo from './companies.repository';
import type { CompanyFilters, CompanySortKey } from './companies.repository';
import { EXPORT_BATCH, csvStream, exportFileName, formatUkDate } from '../../lib/csv';

export interface CsvExport {
  total: number;
  filename: string;
  stream: NodeJS.ReadableStream;
}

/** Every company matching the list's filters, as CSV, fetched 1,000 rows at a time. */
export const exportCompanies = async (
  deps: ServiceDeps,
  f: CompanyFilters,
  sort: `${'' | '-'}${CompanySortKey}`,
  onError: (err: Error) => void,
): Promise<CsvExport> => {
  const total = await repo.countCompanies(deps.db, f);
  async function* batches() {
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(deps.db, f, sort, after, EXPORT_BATCH);
      if (!rows.length) return;
      yield rows.map((r) => [
        r.id,
        r.name,
        r.domain,
        r.phone,
        r.categories,
        VERIFICATION_EXPORT_LABELS[
          verificationStateOf({ is_verified: r.is_verified, verified_at: r.verified_at ? 'x' : null })
        ],
        formatUkDate(r.verified_at),
      ]);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.id };
    }
  }
  return {
    total,
    filename: exportFileName('companies', deps.now()),
    stream: csvStream(COMPANY_EXPORT_COLUMNS, batches, onError),
  };
};
