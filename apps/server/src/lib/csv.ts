import { Readable, pipeline } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { EXPORT_TOTAL_HEADER, UK_TIME_ZONE, formatDate } from '@frontage/shared';
import type { FastifyReply } from 'fastify';

/**
 * Rows per batch of an export (ADR 0069): each batch is two short statements (its ids, then its
 * rows by id) — about 10 ms on the embedded database — so a request arriving meanwhile waits for
 * at most one statement of each running export; memory stays flat however many rows match.
 */
export const EXPORT_BATCH = 250;

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

/** One CSV line's values. */
export type CsvLine = Array<string | number | null>;

/**
 * An export's lines: each batch of ids (in the export's order: db/keyset.ts walkIds or sortedIds)
 * read by `rowsOf` in one statement (`id = any(…)`, any order: an index lookup per id), put back
 * in the ids' order and written by `line` (ADR 0069). An id whose row is gone by then is skipped.
 */
export async function* linesOfIdBatches<R>(
  ids: AsyncGenerator<number[]>,
  rowsOf: (ids: number[]) => Promise<R[]>,
  idOf: (row: R) => number,
  line: (row: R) => CsvLine,
): AsyncGenerator<CsvLine[]> {
  for await (const batch of ids) {
    // A turn for other requests between the two statements, as after each batch (csvStream): on
    // the embedded database a statement that resolves starts the next one queued in the same
    // turn, so without it a request that arrives waits for every running export's statements.
    await nextTurn();
    const byId = new Map<number, R>();
    for (const row of await rowsOf(batch)) byId.set(Number(idOf(row)), row);
    const lines: CsvLine[] = [];
    for (const id of batch) {
      const row = byId.get(id);
      if (row) lines.push(line(row));
    }
    yield lines;
  }
}

/**
 * Streams rows pulled batch by batch from `batches` as CSV with a header line. A UTF-8 byte order
 * mark lets Excel read "£" and accents correctly. Backpressure reaches the generator, so the next
 * query only runs when the client has taken the previous batch; and after each batch the export
 * gives the event loop a turn (ADR 0069), so other requests are served between its batches
 * instead of after its last one.
 */
export const csvStream = (
  columns: readonly string[],
  batches: () => AsyncGenerator<CsvLine[]>,
  onError: (err: Error) => void,
): NodeJS.ReadableStream => {
  async function* rows() {
    for await (const batch of batches()) {
      for (const row of batch) yield row.map(csvSafe);
      await nextTurn();
    }
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
