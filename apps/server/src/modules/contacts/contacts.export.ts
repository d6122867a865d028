import { CONTACT_EXPORT_COLUMNS } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { CsvExport } from '../companies/companies.export';
import { EXPORT_BATCH, csvStream, exportFileName, linesOfIdBatches } from '../../lib/csv';
import * as repo from './contacts.repository';
import type { ContactFilters, ContactSortKey } from './contacts.repository';

/** Every contact matching the list's filters, as CSV, 1,000 rows per batch (ADR 0069). */
export const exportContacts = async (
  deps: ServiceDeps,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const total = await repo.countContacts(deps.db, f);
  const batches = () =>
    linesOfIdBatches(
      repo.exportIds(deps.db, f, sort, batchSize),
      (ids) => repo.exportRows(deps.db, ids),
      (r) => r.id,
      (r) => [r.id, r.name, r.email, r.company, r.direct_dial, r.mobile],
    );
  return {
    total,
    filename: exportFileName('contacts', deps.now()),
    stream: csvStream(CONTACT_EXPORT_COLUMNS, batches, onError),
  };
};
