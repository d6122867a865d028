import { Readable } from 'node:stream';
import {
  BREAK_PARTY_LABELS,
  LEASE_EVENTS_XLSX_MAX_ROWS,
  LEASE_EVENT_EXPORT_COLUMNS,
  LEASE_EVENT_LABELS,
  LEASE_EVENT_MESSAGES,
  SECURITY_OF_TENURE_LABELS,
  formatDate,
  type LeaseEvent,
} from '@frontage/shared';
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/node';
import type { ServiceDeps } from '../../deps';
import {
  EXPORT_BATCH,
  csvStream,
  exportFileName,
  formatUkDate,
  type CsvExport,
  type CsvLine,
} from '../../lib/csv';
import { ValidationError } from '../../lib/errors';
import { presentLeaseEvent } from './lease-events.presenter';
import * as repo from './lease-events.repository';

const STATUS_LABELS: Record<LeaseEvent['status'], string> = {
  open: 'Open',
  done: 'Done',
  dismissed: 'Dismissed',
};

/** One event as an export line (en-GB dates; labels, not codes). */
const lineOf = (e: LeaseEvent): CsvLine => [
  formatDate(e.date),
  LEASE_EVENT_LABELS[e.type],
  e.hard ? 'Yes' : 'No',
  STATUS_LABELS[e.status],
  e.property.label,
  e.property.full_address,
  e.property.city,
  e.property.post_code,
  e.property.scheme?.name ?? null,
  e.tenant?.name ?? null,
  e.landlords.map((l) => l.name).join('; '),
  formatDate(e.lease_end_date),
  e.break_party ? BREAK_PARTY_LABELS[e.break_party] : null,
  e.security_of_tenure ? SECURITY_OF_TENURE_LABELS[e.security_of_tenure] : null,
  e.status_reason,
  e.status_by?.name ?? null,
  formatUkDate(e.status_at ? new Date(e.status_at) : null),
  e.id,
];

/** A calendar day as a spreadsheet date (shown dd/mm/yyyy, sorted as a date). */
const dayCell = (day: string | null): Cell => {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { value: new Date(Date.UTC(y, m - 1, d)), type: Date, format: 'dd/mm/yyyy' };
};

/** The CSV line's cells, with the event's and the lease end's dates as real dates. */
const xlsxRow = (e: LeaseEvent): Cell[] =>
  lineOf(e).map((v, i) =>
    i === 0
      ? dayCell(e.date)
      : i === 11
        ? dayCell(e.lease_end_date)
        : v === null || v === ''
          ? null
          : { value: v },
  );

/** Every matching event in the list's order, `size` at a time, each batch one keyset range. */
async function* batchesOf<L>(
  deps: ServiceDeps,
  f: repo.LeaseEventFilters,
  size: number,
  line: (e: LeaseEvent) => L,
): AsyncGenerator<L[]> {
  let after: repo.EventCursor | null = null;
  for (;;) {
    const rows = await repo.exportBatch(deps.db, f, after, size);
    if (rows.length) yield rows.map((r) => line(presentLeaseEvent(r)));
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.date, property_id: last.property_id, rank: last.rank, seq: last.seq };
  }
}

const fileName = (deps: ServiceDeps, ext: 'csv' | 'xlsx') =>
  exportFileName('lease-events', deps.now()).replace(/\.csv$/, `.${ext}`);

/** Every matching event as CSV, streamed batch by batch (ADR 0069): memory stays flat. */
export const exportCsv = async (
  deps: ServiceDeps,
  f: repo.LeaseEventFilters,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => ({
  total: await repo.countEvents(deps.db, f),
  filename: fileName(deps, 'csv'),
  stream: csvStream(LEASE_EVENT_EXPORT_COLUMNS, () => batchesOf(deps, f, batchSize, lineOf), onError),
});

/**
 * Every matching event as an Excel workbook. The writer builds the workbook in memory, so an
 * export of more than LEASE_EVENTS_XLSX_MAX_ROWS events is refused (422) before any row is read.
 */
export const exportXlsx = async (deps: ServiceDeps, f: repo.LeaseEventFilters): Promise<CsvExport> => {
  const total = await repo.countEvents(deps.db, f);
  if (total > LEASE_EVENTS_XLSX_MAX_ROWS)
    throw ValidationError.field('format', LEASE_EVENT_MESSAGES.xlsxTooMany);
  const rows: SheetData = [
    LEASE_EVENT_EXPORT_COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' as const })),
  ];
  for await (const batch of batchesOf(deps, f, EXPORT_BATCH, (e) => xlsxRow(e))) rows.push(...batch);
  const buffer = await writeExcelFile(rows).toBuffer();
  return { total, filename: fileName(deps, 'xlsx'), stream: Readable.from([buffer]) };
};
