import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_LINE_CHARS, IMPORT_MESSAGES } from '@frontage/shared';
import { parse as parseCsv } from 'csv-parse';
import { ValidationError } from '../../lib/errors';
import { readXlsxRows } from './import.xlsx';

/**
 * Reads an uploaded import file (saved to a temporary file as it arrived) as records: its line
 * number and its cells as text. A CSV is streamed (never whole in memory): UTF-8 with or without
 * BOM, or Windows-1252 when the bytes are not valid UTF-8; the delimiter is the header line's
 * most frequent of comma, semicolon and tab. An XLSX is streamed too (import.xlsx.ts, ADR 0114).
 */

export interface FileRecord {
  line: number;
  cells: string[];
}

const fileError = (message: string) => ValidationError.field('file', message);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const head = async (path: string, n: number): Promise<Buffer> => {
  const fd = await fs.promises.open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fd.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fd.close();
  }
};

/** What the file is, by its bytes first, then its name. */
export const kindOf = async (path: string, fileName: string): Promise<'xlsx' | 'csv'> => {
  const start = await head(path, 64 * 1024);
  if (!start.length) throw fileError(IMPORT_MESSAGES.fileRequired);
  if (start.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  const name = fileName.toLowerCase();
  if (name.endsWith('.xlsx') || name.endsWith('.xls')) throw fileError(IMPORT_MESSAGES.fileType);
  // Text has no NUL bytes in its first lines (binary files of every common kind do); a file named
  // .csv is read anyway, so a NUL in a cell is that row's error.
  if (start.includes(0) && !name.endsWith('.csv')) throw fileError(IMPORT_MESSAGES.fileType);
  return 'csv';
};

/** Whether the whole file is valid UTF-8 (one streamed pass, nothing kept). */
/** How many bytes at the end of `b` begin a UTF-8 sequence that the next chunk would complete. */
const openTail = (b: Buffer): number => {
  for (let i = 1; i <= Math.min(3, b.length); i++) {
    const byte = b[b.length - i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > i ? i : 0;
  }
  return 0;
};

/**
 * Whether the whole file is UTF-8, checked chunk by chunk on the bytes (a sequence split between
 * two chunks is checked with the next). Decoding it to text only to see whether that fails made a
 * string of every chunk: on a million-row file, the upload's largest use of memory.
 */
export const isUtf8File = async (path: string): Promise<boolean> => {
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(path)) {
    const b = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const tail = openTail(b);
    if (!isUtf8(b.subarray(0, b.length - tail))) return false;
    carry = Buffer.from(b.subarray(b.length - tail));
  }
  return carry.length === 0;
};

const decoding = (encoding: 'utf-8' | 'windows-1252') => {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
};

const delimiterOf = (start: Buffer): string => {
  const firstLine = start.toString('latin1').split(/\r?\n/, 1)[0] ?? '';
  const count = (ch: string) => firstLine.split(ch).length - 1;
  return [',', ';', '\t'].reduce((best, ch) => (count(ch) > count(best) ? ch : best), ',');
};

async function* readCsv(path: string): AsyncGenerator<FileRecord> {
  const encoding = (await isUtf8File(path)) ? 'utf-8' : 'windows-1252';
  const parser = parseCsv({
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: IMPORT_MAX_LINE_CHARS,
    delimiter: delimiterOf(await head(path, 64 * 1024)),
  });
  const source = fs.createReadStream(path).pipe(decoding(encoding));
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  try {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (r.record.length > IMPORT_MAX_COLUMNS) throw fileError(IMPORT_MESSAGES.tooManyColumns);
      yield { line: r.info.lines, cells: r.record };
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw fileError(IMPORT_MESSAGES.lineTooLong);
    throw fileError(IMPORT_MESSAGES.fileType);
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/**
 * The file's records, header first. `maxLines` bounds the XLSX sheet before it is read (a CSV is
 * counted by the caller as it streams).
 */
export const readRecords = async (
  path: string,
  fileName: string,
  maxLines: number,
): Promise<AsyncGenerator<FileRecord>> =>
  (await kindOf(path, fileName)) === 'xlsx'
    ? readXlsxRows(path, { maxLines: Math.min(maxLines, 1_048_576) })
    : readCsv(path);
