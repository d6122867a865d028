import { CONTACT_EXPORT_COLUMNS } from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { CsvExport } from '../companies/companies.export';
import { EXPORT_BATCH, csvStream, exportFileName } from '../../lib/csv';
import * as repo from './contacts.repository';
import type { ContactFilters, ContactSortKey } from './contacts.repository';

/** Every contact matching the list's filters, as CSV, fetched 1,000 rows at a time. */
export const exportContacts = async (
  deps: ServiceDeps,
  f: ContactFilters,
  sort: `${'' | '-'}${ContactSortKey}`,
  onError: (err: Error) => void,
): Promise<CsvExport> => {
  const total = await repo.countContacts(deps.db, f);
  async function* batches() {
    let after: { key: string; id: number } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(deps.db, f, sort, after, EXPORT_BATCH);
      if (!rows.length) return;
      yield rows.map((r) => [r.id, r.name, r.email, r.company, r.direct_dial, r.mobile]);
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.id };
    }
  }
  return {
    total,
    filename: exportFileName('contacts', deps.now()),
    stream: csvStream(CONTACT_EXPORT_COLUMNS, batches, onError),
  };
};
