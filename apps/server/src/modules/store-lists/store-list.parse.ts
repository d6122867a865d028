import {
  API_MESSAGES,
  STORE_LIST_COLUMNS,
  STORE_LIST_MAX_COLUMNS,
  STORE_LIST_MAX_LINES,
  STORE_LIST_MAX_LINE_CHARS,
  STORE_LIST_MAX_ROWS,
  STORE_LIST_MESSAGES,
  STORE_LIST_REQUIRED_COLUMNS,
  type StoreListColumn,
  type StoreListRow,
} from '@frontage/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { ValidationError } from '../../lib/errors';
import { isUkPostCode } from './store-list.match';
import { checkedXlsx } from './store-list.xlsx';

/**
 * Reads an uploaded store list (CSV or XLSX) into rows with their file line and their errors.
 * Anything wrong with the file as a whole is a 422 on `file`; a bad row is kept with its errors.
 * This runs in an upload worker thread (lib/workers, ADR 0070), never on the event loop; the
 * file's shape is checked before (XLSX) or while (CSV) it is parsed.
 */

export interface ParsedRow {
  row: StoreListRow;
  errors: string[];
}

type Cell = string | number | boolean | Date | null | undefined;

const fileError = (message: string) => ValidationError.field('file', message);

/** A header as compared: lower case, letters and digits only. */
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

const ALIASES = new Map<string, StoreListColumn>();
for (const [column, aliases] of Object.entries(STORE_LIST_COLUMNS) as Array<
  [StoreListColumn, readonly string[]]
>) {
  ALIASES.set(headerKey(column), column);
  for (const a of aliases) ALIASES.set(headerKey(a), column);
}

/** Which column of the file holds each of ours (the first one wins). */
const mapHeaders = (header: Cell[]): Map<StoreListColumn, number> => {
  const out = new Map<StoreListColumn, number>();
  header.forEach((h, i) => {
    const column = ALIASES.get(headerKey(cellText(h)));
    if (column && !out.has(column)) out.set(column, i);
  });
  if (STORE_LIST_REQUIRED_COLUMNS.some((c) => !out.has(c)))
    throw fileError(STORE_LIST_MESSAGES.missingColumns);
  return out;
};

/** A NUL byte or an unpaired surrogate: text no column can hold. */
const UNSTORABLE_SOURCE =
  '\\u0000|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const UNSTORABLE = new RegExp(UNSTORABLE_SOURCE);
const UNSTORABLE_ALL = new RegExp(UNSTORABLE_SOURCE, 'g');

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number): string | null => {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || y > 2200 || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
};

/** Excel's day 0 is 30/12/1899 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** dd/mm/yyyy, yyyy-mm-dd, an Excel date cell or serial number → yyyy-mm-dd; undefined = invalid. */
export const parseOpeningDate = (v: Cell): string | null | undefined => {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return undefined;
    return isoOf(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate()) ?? undefined;
  }
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1 || v > 200_000) return undefined;
    const d = new Date(EXCEL_EPOCH + v * 86_400_000);
    return isoOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) ?? undefined;
  }
  const s = String(v).trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return isoOf(Number(m[3]), Number(m[2]), Number(m[1])) ?? undefined;
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(s);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3])) ?? undefined;
  return undefined;
};

const cellText = (v: Cell): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return String(v).replace(/\s+/g, ' ').trim();
};

const MAX_CELL = 255;

/** One data row of the file → the row with its errors. */
const readRow = (cells: Cell[], line: number, cols: Map<StoreListColumn, number>): ParsedRow => {
  const at = (c: StoreListColumn): Cell => {
    const i = cols.get(c);
    return i === undefined ? null : cells[i];
  };
  const text = (c: StoreListColumn) => cellText(at(c)).slice(0, MAX_CELL);
  const errors: string[] = [];
  const opening = parseOpeningDate(at('opening_date'));
  const row: StoreListRow = {
    line,
    store_name: text('store_name') || null,
    address_line_1: text('address_line_1'),
    address_line_2: text('address_line_2') || null,
    town: text('town'),
    post_code: text('post_code').toUpperCase(),
    opening_date: opening ?? null,
  };
  const values = [row.store_name, row.address_line_1, row.address_line_2, row.town, row.post_code];
  if (values.some((v) => v !== null && UNSTORABLE.test(v))) {
    // Shown, but never stored: the text is replaced and the row cannot be applied.
    for (const k of ['store_name', 'address_line_1', 'address_line_2', 'town', 'post_code'] as const) {
      const v = row[k];
      if (v) (row as Record<string, unknown>)[k] = v.replace(UNSTORABLE_ALL, '\uFFFD');
    }
    errors.push(API_MESSAGES.textNotAllowed);
  }
  errors.push(...rowErrors(row));
  if (opening === undefined) errors.push(STORE_LIST_MESSAGES.rowDate);
  return { row, errors };
};

/** The checks a row's own fields must pass (again on apply). */
export const rowErrors = (row: StoreListRow): string[] => {
  const errors: string[] = [];
  if (!row.address_line_1.trim()) errors.push(STORE_LIST_MESSAGES.rowAddress);
  if (!row.town.trim()) errors.push(STORE_LIST_MESSAGES.rowTown);
  if (!isUkPostCode(row.post_code)) errors.push(STORE_LIST_MESSAGES.rowPostCode);
  if (row.opening_date !== null && parseOpeningDate(row.opening_date) !== row.opening_date)
    errors.push(STORE_LIST_MESSAGES.rowDate);
  if (
    [row.store_name, row.address_line_1, row.address_line_2, row.town, row.post_code].some(
      (v) => v !== null && (UNSTORABLE.test(v) || v.length > MAX_CELL),
    )
  )
    errors.push(API_MESSAGES.textNotAllowed);
  return errors;
};

const blank = (cells: Cell[]) => cells.every((c) => cellText(c) === '');

const readTable = (table: Array<{ cells: Cell[]; line: number }>): ParsedRow[] => {
  const first = table.findIndex((r) => !blank(r.cells));
  if (first < 0) throw fileError(STORE_LIST_MESSAGES.empty);
  const cols = mapHeaders(table[first]!.cells);
  const data = table.slice(first + 1).filter((r) => !blank(r.cells));
  if (!data.length) throw fileError(STORE_LIST_MESSAGES.empty);
  if (data.length > STORE_LIST_MAX_ROWS) throw fileError(STORE_LIST_MESSAGES.tooManyRows);
  return data.map((r) => readRow(r.cells, r.line, cols));
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** What the file is, by its bytes first, then its name. */
const kindOf = (bytes: Buffer, fileName: string): 'xlsx' | 'csv' => {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) throw fileError(STORE_LIST_MESSAGES.fileType);
  // A text file: no NUL in the first bytes (binary files of every common kind have them there).
  if (bytes.subarray(0, 4096).includes(0) && !name.endsWith('.csv'))
    throw fileError(STORE_LIST_MESSAGES.fileType);
  return 'csv';
};

/**
 * The limits hold while the file is parsed: each record is looked at as it is read, and the
 * parse stops at the first line past the limit (blank lines count), the first record with too
 * many fields or one longer than a line may be.
 */
const readCsv = (bytes: Buffer): ParsedRow[] => {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parseCsv(bytes, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: STORE_LIST_MAX_LINE_CHARS,
      delimiter: [',', ';', '\t'],
      on_record: (r: string[], { lines }: { lines: number }) => {
        if (lines > STORE_LIST_MAX_LINES) throw fileError(STORE_LIST_MESSAGES.tooManyLines);
        // With `info`, csv-parse hands over { record, info } (its types say the bare record).
        const fields = Array.isArray(r) ? r : (r as { record: string[] }).record;
        if (fields.length > STORE_LIST_MAX_COLUMNS) throw fileError(STORE_LIST_MESSAGES.tooManyColumns);
        return r;
      },
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw fileError(STORE_LIST_MESSAGES.lineTooLong);
    throw fileError(STORE_LIST_MESSAGES.fileType);
  }
  return readTable(records.map((r) => ({ cells: r.record, line: r.info.lines })));
};

const readXlsx = async (bytes: Buffer): Promise<ParsedRow[]> => {
  // Refused here, before the reader sees it, when it is beyond a store list's shape.
  const checked = checkedXlsx(bytes);
  let sheet: Cell[][];
  try {
    sheet = (await readSheet(checked)) as Cell[][];
  } catch {
    throw fileError(STORE_LIST_MESSAGES.fileType);
  }
  return readTable(sheet.map((cells, i) => ({ cells, line: i + 1 })));
};

/** The rows of an uploaded list; a 422 on `file` when it cannot be read as one (in a worker). */
export const readStoreList = async (bytes: Buffer, fileName: string): Promise<ParsedRow[]> => {
  if (!bytes.length) throw fileError(STORE_LIST_MESSAGES.fileRequired);
  return kindOf(bytes, fileName) === 'xlsx' ? readXlsx(bytes) : readCsv(bytes);
};
