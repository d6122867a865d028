import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { EXPORT_TOTAL_HEADER, UK_TIME_ZONE, formatDate } from '@frontage/shared';
import type { FastifyReply } from 'fastify';

/** Rows per query of an export (keyset pagination: memory stays flat however many rows match). */
export const EXPORT_BATCH = 1000;

/**
 * CSV formula injection (OWASP): a cell a spreadsheet would read as a formula is prefixed with a
 * single quote, so it shows as text.
 */
export const csvSafe = (v: string | number | null | undefined): string | number => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
};

/** A timestamp's day in UK time: an export has no browser, so its zone is the one UK agents work in. */
export const formatUkDate = (d: Date | null): string => formatDate(d, UK_TIME_ZONE);

/** `companies-2026-05-01.csv` (the date in UK time). */
export const exportFileName = (prefix: string, now: Date): string => {
  const [dd, mm, yyyy] = formatDate(now, UK_TIME_ZONE).split('/');
  return `${prefix}-${yyyy}-${mm}-${dd}.csv`;
};

/**
 * Streams rows pulled batch by batch from `batches` as CSV with a header line. A UTF-8 byte order
 * mark lets Excel read "£" and accents correctly. Backpressure reaches the generator, so the next
 * query only runs when the client has taken the previous batch.
 */
export const csvStream = (
  columns: readonly string[],
  batches: () => AsyncGenerator<Array<Array<string | number | null>>>,
  onError: (err: Error) => void,
): NodeJS.ReadableStream => {
  async function* rows() {
    for await (const batch of batches()) for (const row of batch) yield row.map(csvSafe);
  }
  return pipeline(
    Readable.from(rows()),
    stringify({ header: true, columns: [...columns], bom: true }),
    (err) => {
      if (err) onError(err);
    },
  );
};

/** A prepared export: its file name, its row count (known up front) and the CSV stream. */
export interface CsvExport {
  filename: string;
  total: number;
  stream: NodeJS.ReadableStream;
}

/** Sends an export as a download, with the row count in `X-Total-Count` for the progress bar. */
export const sendCsvExport = (reply: FastifyReply, out: CsvExport) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${out.filename}"`)
    .header(EXPORT_TOTAL_HEADER, String(out.total))
    .send(out.stream);
