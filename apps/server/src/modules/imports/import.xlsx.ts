import fs from 'node:fs';
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_MESSAGES,
  IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES,
  IMPORT_XLSX_MAX_UNPACKED_BYTES,
  STORE_LIST_MAX_CELL_CHARS,
  STORE_LIST_MAX_ZIP_ENTRIES,
} from '@frontage/shared';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ValidationError } from '../../lib/errors';
import { ZipError, centralDirectoryOfFile, entryChunks, type ZipEntry } from '../../lib/zip';
import {
  WORKBOOK,
  WORKBOOK_RELS,
  checkDeclaredSizes,
  elements,
  xlsxPartsNamed,
} from '../store-lists/store-list.xlsx';
import type { FileRecord } from './import.read';

/**
 * An import's XLSX read as a stream of rows (ADR 0114): the sheet is inflated and parsed chunk by
 * chunk, so a file of a million rows is never whole in memory; only its shared strings are held,
 * as UTF-8 bytes in one buffer. The limits of ADR 0070 hold, per chunk rather than on the whole
 * text: the central directory's entry count, each part's declared size and compression ratio
 * (nothing inflates past what it declares), no document type declaration (so no entities), no
 * row or column beyond the importer's, no cell's text beyond Excel's 32,767 characters. Formula
 * cells give their cached value, never evaluated; numbers in a date format become dd/mm/yyyy.
 */

const refuse = (message: string): never => {
  throw ValidationError.field('file', message);
};

/** Declared sizes only, nothing inflated: the store lists' rule with the import's bounds. */
const checkDeclared = (parts: ZipEntry[], sharedStrings: string) =>
  checkDeclaredSizes(parts, {
    maxTotal: IMPORT_XLSX_MAX_UNPACKED_BYTES,
    messages: IMPORT_MESSAGES,
    each: (p) => {
      if (p.name === sharedStrings && p.size > IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES)
        refuse(IMPORT_MESSAGES.sharedStringsTooLarge);
    },
  });

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * A SAX parser set up by `on`, fed a part's chunks: yields after each chunk, so whoever iterates
 * sets the pace of the read. A document type declaration is refused (Excel never writes one; it
 * is where entities are declared), and so is any run of text, name or attribute the parser would
 * have to hold longer than a cell may be: the parser buffers such a run whole.
 */
async function* fed(chunks: AsyncIterable<Buffer>, on: (parser: SaxesParser) => void): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('doctype', () => refuse(IMPORT_MESSAGES.fileType));
  on(parser);
  const held = parser as unknown as { text: string; name: string; entity: string; piTarget: string };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const write = (text: string) => {
    try {
      parser.write(text);
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      failed = true;
    }
    if (failed) refuse(IMPORT_MESSAGES.fileType);
  };
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      return refuse(IMPORT_MESSAGES.fileType);
    }
  };
  for await (const chunk of chunks) {
    write(decode(chunk));
    if (
      held.text.length + held.name.length + held.entity.length + held.piTarget.length >
      STORE_LIST_MAX_CELL_CHARS
    )
      refuse(IMPORT_MESSAGES.cellTooLong);
    yield;
  }
  write(decode());
  try {
    parser.close();
  } catch {
    failed = true;
  }
  if (failed) refuse(IMPORT_MESSAGES.fileType);
}

/** Runs a parser over a whole part. */
const parseWhole = async (chunks: AsyncIterable<Buffer>, on: (parser: SaxesParser) => void) => {
  for await (const _ of fed(chunks, on));
};

/** A whole part (one of the small ones) as text. */
const partText = async (chunks: AsyncIterable<Buffer>): Promise<string> => {
  const out: Buffer[] = [];
  for await (const chunk of chunks) out.push(chunk);
  const xml = Buffer.concat(out).toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse(IMPORT_MESSAGES.fileType);
  return xml;
};

/** The shared strings, each a slice of one UTF-8 buffer (a million strings as strings would be ~3× the memory). */
class SharedStrings {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private ends = new Uint32Array(1024);
  count = 0;

  add(text: string) {
    const need = Buffer.byteLength(text);
    if (this.used + need > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + need));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }

  get(i: number): string | undefined {
    if (!(i >= 0 && i < this.count && Number.isInteger(i))) return undefined;
    return this.bytes.toString('utf8', i ? this.ends[i - 1] : 0, this.ends[i]);
  }
}

/** The text of each `<si>` (its `<t>` runs joined; phonetic `<rPh>` runs left out). */
const readSharedStrings = async (chunks: AsyncIterable<Buffer>): Promise<SharedStrings> => {
  const table = new SharedStrings();
  await parseWhole(chunks, (p) => {
    let text: string | null = null;
    let inT = false;
    let phonetic = 0;
    p.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && !phonetic && !tag.isSelfClosing) inT = true;
    });
    p.on('text', (t) => {
      if (inT && text !== null) {
        text += t;
        if (text.length > STORE_LIST_MAX_CELL_CHARS) refuse(IMPORT_MESSAGES.cellTooLong);
      }
    });
    p.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text !== null) {
        table.add(text);
        text = null;
      }
    });
  });
  return table;
};

/** Built-in number formats that show a date (ECMA-376 §18.8.30 and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81,
]);

/**
 * Whether a custom format code shows a date: once quoted text, escapes and bracketed parts
 * (colours, locales) are gone, it has a day, month or year token and no digit placeholder.
 */
export const isDateFormatCode = (code: string): boolean => {
  const bare = code
    .toLowerCase()
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0]!;
  return /[dy]|mmm/.test(bare) && !/[0#?]/.test(bare);
};

/** The indexes of the cell formats (`<cellXfs>`) whose number format shows a date. */
const dateStyles = async (chunks: AsyncIterable<Buffer>): Promise<Set<number>> => {
  const codes = new Map<number, string>();
  const out = new Set<number>();
  let inCellXfs = false;
  let xf = 0;
  await parseWhole(chunks, (p) => {
    p.on('opentag', (tag: SaxesTagPlain) => {
      const name = localName(tag.name);
      const attr = tag.attributes as Record<string, string | undefined>;
      if (name === 'numFmt') codes.set(Number(attr.numFmtId), attr.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attr.numFmtId ?? 0);
        const code = codes.get(id);
        if (code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id)) out.add(xf);
        xf++;
      }
    });
    p.on('closetag', (tag) => {
      if (localName(tag.name) === 'cellXfs') inCellXfs = false;
    });
  });
  return out;
};

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;
/** Serial day 25,569 is 1 January 1970 in the 1900 system (which counts a 29 February 1900). */
const EPOCH_1900 = 25_569;
const EPOCH_1904 = EPOCH_1900 - 1_462;

const dayText = (ms: number) => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime())
    ? ''
    : `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

/** 'XFD' → 16384. */
const columnNumber = (letters: string) => {
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + (letters.charCodeAt(i) & ~32) - 64;
  return n;
};

const CELL_REF = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;

export interface XlsxReadLimits {
  maxLines: number;
}

/**
 * The first sheet's rows, header first, each with its row number as its line. Cells are text:
 * shared and inline strings as written, numbers as JavaScript writes them, booleans as
 * true/false, errors as Excel shows them (#N/A), numbers in a date format as dd/mm/yyyy.
 */
export async function* readXlsxRows(path: string, limits: XlsxReadLimits): AsyncGenerator<FileRecord> {
  const file = await fs.promises.open(path, 'r');
  try {
    let entries: ZipEntry[];
    try {
      entries = await centralDirectoryOfFile(file, STORE_LIST_MAX_ZIP_ENTRIES);
    } catch (err) {
      if (err instanceof ZipError && err.reason === 'tooManyEntries') refuse(IMPORT_MESSAGES.tooManyParts);
      return refuse(IMPORT_MESSAGES.fileType);
    }
    const byName = new Map<string, ZipEntry>();
    for (const e of entries) {
      if (byName.has(e.name)) refuse(IMPORT_MESSAGES.fileType);
      byName.set(e.name, e);
    }
    const entry = (name: string) => byName.get(name) ?? refuse(IMPORT_MESSAGES.fileType);
    const chunks = (e: ZipEntry) => unzipped(entryChunks(path, file, e));

    const index = [entry(WORKBOOK_RELS), entry(WORKBOOK)];
    checkDeclared(index, '');
    const rels = await partText(chunks(index[0]!));
    const workbook = await partText(chunks(index[1]!));
    const named = xlsxPartsNamed(workbook, rels);
    const sheet = entry(named.sheet ?? refuse(IMPORT_MESSAGES.fileType));
    const sst = byName.get(named.sharedStrings);
    const styles = byName.get(named.styles);
    checkDeclared(
      [...index, sheet, ...(sst && sst !== sheet ? [sst] : []), ...(styles ? [styles] : [])],
      named.sharedStrings,
    );

    const date1904 = ['1', 'true'].includes(elements(workbook, 'workbookPr')[0]?.get('date1904') ?? '');
    const epoch = date1904 ? EPOCH_1904 : EPOCH_1900;
    const dates = styles ? await dateStyles(chunks(styles)) : new Set<number>();
    const strings = sst ? await readSharedStrings(chunks(sst)) : new SharedStrings();

    const checkPosition = (row: number, column: number) => {
      if (!(row <= limits.maxLines)) refuse(IMPORT_MESSAGES.tooManyLines);
      if (!(column <= IMPORT_MAX_COLUMNS)) refuse(IMPORT_MESSAGES.tooManyColumns);
    };

    let ready: FileRecord[] = [];
    let row = 0;
    let cells: string[] | null = null;
    let column = 0;
    let type = 'n';
    let style = -1;
    let value: string | null = null;
    let capturing = false;
    let inInline = false;

    const cellValue = (): string => {
      const v = value ?? '';
      switch (type) {
        case 's':
          return strings.get(Number(v)) ?? refuse(IMPORT_MESSAGES.fileType);
        case 'b':
          return v === '1' ? 'true' : v === '0' ? 'false' : v;
        case 'str':
        case 'inlineStr':
        case 'e':
          return v;
        case 'd':
          return v ? dayText(Date.parse(v)) : '';
        default: {
          if (!v) return '';
          const n = Number(v);
          if (Number.isNaN(n)) return v;
          return dates.has(style) ? dayText(Math.round((n - epoch) * DAY_MS)) : String(n);
        }
      }
    };

    const parsing = fed(chunks(sheet), (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        const name = localName(tag.name);
        // No closure per tag: this runs for every cell of a million rows.
        const attr = tag.attributes as Record<string, string | undefined>;
        if (name === 'c') {
          const ref = attr.r;
          const m = ref === undefined ? null : CELL_REF.exec(ref);
          column = m ? columnNumber(m[1]!) : column + 1;
          if (m && Number(m[2]) > row) row = Number(m[2]);
          checkPosition(row, column);
          type = attr.t ?? 'n';
          style = Number(attr.s ?? -1);
          value = null;
        } else if (name === 'v') {
          capturing = !inInline && !tag.isSelfClosing;
          if (capturing) value = '';
        } else if (name === 'is') {
          inInline = true;
          value = '';
        } else if (name === 't') capturing = inInline && !tag.isSelfClosing;
        else if (name === 'row') {
          const r = attr.r;
          row = r !== undefined && /^\d{1,7}$/.test(r) ? Number(r) : row + 1;
          column = 0;
          checkPosition(row, column);
          cells = [];
        } else if (name === 'dimension') {
          for (const ref of attr.ref?.split(':') ?? []) {
            const m = CELL_REF.exec(ref.trim());
            if (m) checkPosition(Number(m[2]), columnNumber(m[1]!));
          }
        }
      });
      p.on('text', (t) => {
        if (!capturing) return;
        value = (value ?? '') + t;
        if (value.length > STORE_LIST_MAX_CELL_CHARS) refuse(IMPORT_MESSAGES.cellTooLong);
      });
      p.on('closetag', (tag) => {
        const name = localName(tag.name);
        if (name === 'v' || name === 't') capturing = false;
        else if (name === 'is') inInline = false;
        else if (name === 'c') {
          const text = cellValue();
          if (text && cells) {
            while (cells.length < column - 1) cells.push('');
            cells[column - 1] = text;
          }
        } else if (name === 'row' && cells) {
          ready.push({ line: row, cells });
          cells = null;
        }
      });
    });
    for await (const _ of parsing) {
      if (!ready.length) continue;
      const out = ready;
      ready = [];
      yield* out;
    }
    yield* ready;
  } finally {
    await file.close();
  }
}

/** Zip errors (a lie about a size, a corrupt stream) as the file-type refusal. */
async function* unzipped(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* chunks;
  } catch (err) {
    if (err instanceof ZipError) refuse(IMPORT_MESSAGES.fileType);
    throw err;
  }
}
