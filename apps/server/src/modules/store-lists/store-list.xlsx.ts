import {
  STORE_LIST_MAX_CELL_CHARS,
  STORE_LIST_MAX_COLUMNS,
  STORE_LIST_MAX_COMPRESSION_RATIO,
  STORE_LIST_MAX_LINES,
  STORE_LIST_MAX_UNPACKED_BYTES,
  STORE_LIST_MAX_ZIP_ENTRIES,
  STORE_LIST_MESSAGES,
} from '@frontage/shared';
import { ValidationError } from '../../lib/errors';
import { ZipError, centralDirectory, inflateEntry, storedZip, type ZipEntry } from '../../lib/zip';

/**
 * An uploaded XLSX checked before it is parsed (ADR 0070). An XLSX is a zip of XML parts; the
 * reader (read-excel-file) needs five: the workbook, its relationships, the shared strings, the
 * styles and the first sheet. Before anything is inflated, the zip's central directory is read:
 * its entry count, and each of those parts' declared size and compression ratio and their total.
 * Each part is then inflated no further than its declared size, and the sheet's dimension and
 * cell references and the shared strings' lengths are checked on the XML text. What the reader
 * gets is a stored zip of exactly the checked parts, so it never reads anything unchecked.
 */

const refuse = (message: string): never => {
  throw ValidationError.field('file', message);
};

/** The limits an XLSX is held to, and the messages naming them (imports have their own, ADR 0094). */
export interface XlsxLimits {
  maxLines: number;
  maxColumns: number;
  messages: Record<
    | 'fileType'
    | 'tooManyLines'
    | 'tooManyColumns'
    | 'cellTooLong'
    | 'unpackedTooLarge'
    | 'compressedTooFar'
    | 'tooManyParts',
    string
  >;
}

const STORE_LIST_XLSX: XlsxLimits = {
  maxLines: STORE_LIST_MAX_LINES,
  maxColumns: STORE_LIST_MAX_COLUMNS,
  messages: STORE_LIST_MESSAGES,
};
let limits: XlsxLimits = STORE_LIST_XLSX;

export const WORKBOOK = 'xl/workbook.xml';
export const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
/** A part smaller than this may be compressed any amount: it cannot unpack to much. */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const RELATIONSHIP_BASES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/',
];

/** An element's attributes, from the text between its name and `>` (prefixes dropped). */
const attributesOf = (text: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    if (!out.has(m[1]!)) out.set(m[1]!, unescapeXml(m[2] ?? m[3] ?? ''));
  return out;
};

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(ENTITY, (_, dec?: string, hex?: string, name?: string) =>
    name ? NAMED[name]! : String.fromCodePoint(Math.min(Number(dec ?? `0x${hex}`), 0x10ffff)),
  );

/** Every element named `tag` (any prefix): its attributes. */
export const elements = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${tag}(?=[\\s/>])([^<>]*)>`, 'g'))].map((m) =>
    attributesOf(m[1]!),
  );

/** Where the reader finds a relationship's target (read-excel-file's rule). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/**
 * The paths of the parts a reader needs, from the workbook and its relationships: the first
 * sheet's (undefined when the workbook names none), the shared strings' and the styles'.
 */
export const xlsxPartsNamed = (workbook: string, rels: string) => {
  const byType = new Map<string, string>();
  const sheets = new Map<string, string>();
  for (const r of elements(rels, 'Relationship')) {
    const base = RELATIONSHIP_BASES.find((b) => r.get('Type')?.startsWith(b));
    if (!base) continue;
    const type = r.get('Type')!.slice(base.length);
    const target = r.get('Target');
    if (!target) continue;
    if (type === 'worksheet') sheets.set(r.get('Id') ?? '', partPath(target));
    else if (type === 'sharedStrings' || type === 'styles') byType.set(type, partPath(target));
  }
  const first = elements(workbook, 'sheet').find((s) => s.get('name'));
  const sheet = first ? sheets.get(first.get('id') ?? '') : undefined;
  return {
    sheet,
    sharedStrings: byType.get('sharedStrings') ?? 'xl/sharedStrings.xml',
    styles: byType.get('styles') ?? 'xl/styles.xml',
  };
};

/** 'XFD' → 16384. */
const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

/** Refuses a row or column number beyond a store list's. */
const checkPosition = (row: number, column: number) => {
  if (!(row <= limits.maxLines)) refuse(limits.messages.tooManyLines);
  if (!(column <= limits.maxColumns)) refuse(limits.messages.tooManyColumns);
};

const CELL_REF = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const R_ATTRIBUTE = /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/;

/**
 * The sheet's extent: its `<dimension ref>` (the used range it declares), then every row and
 * cell as the reader places them (a missing `r` is the next row or column), so a single cell at
 * XFD1048576 is refused before the reader builds a million rows to hold it.
 */
const checkSheet = (xml: string) => {
  const dimension = elements(xml, 'dimension')[0]?.get('ref');
  for (const ref of dimension?.split(':') ?? []) {
    const m = CELL_REF.exec(ref.trim());
    if (m) checkPosition(Number(m[2]), columnNumber(m[1]!.toUpperCase()));
  }
  let row = 0;
  let column = 0;
  // [^<>]: a tag that never closes ends at the next '<', so the scan stays linear.
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?(row|c)(?=[\s/>])([^<>]*)>/g)) {
    const r = R_ATTRIBUTE.exec(m[2]!)
      ?.slice(1)
      .find((v) => v !== undefined);
    if (m[1] === 'row') {
      row = r !== undefined && /^\d{1,7}$/.test(r) ? Number(r) : row + 1;
      column = 0;
    } else {
      const ref = r === undefined ? null : CELL_REF.exec(r);
      column = ref ? columnNumber(ref[1]!.toUpperCase()) : column + 1;
      if (ref) row = Math.max(row, Number(ref[2]));
    }
    checkPosition(row, column);
  }
};

/** A text's length once its entities are read (`&amp;` is one character). */
const textLength = (raw: string) => raw.replace(ENTITY, '_').length;

/**
 * No cell's text beyond Excel's own limit: no run of text between two tags that long,
 * and the `<t>` runs of one string (`<si>` shared, `<is>` inline) not that long together. Both
 * scans are linear: no backtracking over a long run.
 */
const checkTexts = (xml: string, group: 'si' | 'is') => {
  for (let from = 0; ;) {
    const gt = xml.indexOf('>', from);
    if (gt < 0) break;
    const lt = xml.indexOf('<', gt + 1);
    const end = lt < 0 ? xml.length : lt;
    if (
      end - gt - 1 > STORE_LIST_MAX_CELL_CHARS &&
      textLength(xml.slice(gt + 1, end)) > STORE_LIST_MAX_CELL_CHARS
    )
      refuse(limits.messages.cellTooLong);
    if (lt < 0) break;
    from = lt + 1;
  }
  let inGroup = false;
  let textFrom = -1;
  let length = 0;
  const tags = new RegExp(`<(/?)(?:[\\w.-]+:)?(${group}|t)(?=[\\s/>])[^<>]*>`, 'g');
  for (const m of xml.matchAll(tags)) {
    const closing = m[1] === '/';
    const opening = !closing && !m[0].endsWith('/>');
    if (m[2] === group) {
      inGroup = opening;
      length = 0;
    } else if (inGroup && opening) textFrom = m.index + m[0].length;
    else if (inGroup && closing && textFrom >= 0) {
      length += textLength(xml.slice(textFrom, m.index));
      textFrom = -1;
      if (length > STORE_LIST_MAX_CELL_CHARS) refuse(limits.messages.cellTooLong);
    }
  }
};

/**
 * Declared sizes only, nothing inflated: the parts' running total, and each large part's
 * compression ratio (the import's streamed reader holds its parts to the same rule, ADR 0114).
 */
export const checkDeclaredSizes = (
  parts: ZipEntry[],
  within: {
    maxTotal: number;
    messages: Pick<XlsxLimits['messages'], 'unpackedTooLarge' | 'compressedTooFar'>;
    /** A further check of each part, after the running total and before its ratio. */
    each?: (part: ZipEntry) => void;
  },
) => {
  let total = 0;
  for (const p of parts) {
    total += p.size;
    if (total > within.maxTotal) refuse(within.messages.unpackedTooLarge);
    within.each?.(p);
    if (
      p.size >= RATIO_FLOOR_BYTES &&
      p.size > STORE_LIST_MAX_COMPRESSION_RATIO * Math.max(p.compressedSize, 1)
    )
      refuse(within.messages.compressedTooFar);
  }
};

const checkDeclared = (parts: ZipEntry[]) =>
  checkDeclaredSizes(parts, { maxTotal: STORE_LIST_MAX_UNPACKED_BYTES, messages: limits.messages });

/**
 * A part's XML text. A document type declaration is refused outright: Excel never writes one, and
 * it is where XML entities (the "billion laughs") and external references are declared.
 */
const text = (bytes: Buffer) => {
  const xml = bytes.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) refuse(limits.messages.fileType);
  return xml;
};

/**
 * The checked parts of an uploaded XLSX as a stored zip for the reader; a 422 on `file` naming
 * the limit when the file passes one, or the type message when it is no XLSX this can read.
 */
export const checkedXlsx = (bytes: Buffer, within: XlsxLimits = STORE_LIST_XLSX): Buffer => {
  // Synchronous from here to the end: no other check runs in between with other limits.
  limits = within;
  let entries: ZipEntry[];
  try {
    entries = centralDirectory(bytes, STORE_LIST_MAX_ZIP_ENTRIES);
  } catch (err) {
    if (err instanceof ZipError && err.reason === 'tooManyEntries') refuse(limits.messages.tooManyParts);
    return refuse(limits.messages.fileType);
  }
  const byName = new Map<string, ZipEntry>();
  for (const e of entries) {
    // Two parts of one name: which one a reader takes is anybody's guess.
    if (byName.has(e.name)) refuse(limits.messages.fileType);
    byName.set(e.name, e);
  }
  const entry = (name: string) => byName.get(name) ?? refuse(limits.messages.fileType);
  const inflate = (e: ZipEntry) => {
    try {
      return inflateEntry(bytes, e);
    } catch {
      return refuse(limits.messages.fileType);
    }
  };

  const index = [entry(WORKBOOK_RELS), entry(WORKBOOK)];
  checkDeclared(index);
  const [rels, workbook] = index.map(inflate) as [Buffer, Buffer];
  const found = xlsxPartsNamed(text(workbook), text(rels));
  const named = { ...found, sheet: found.sheet ?? refuse(limits.messages.fileType) };
  const optional = [named.sharedStrings, named.styles].flatMap((n) => byName.get(n) ?? []);
  const rest = [entry(named.sheet), ...optional.filter((e) => e.name !== named.sheet)];
  checkDeclared([...index, ...rest]);

  const files = [
    { name: WORKBOOK_RELS, data: rels },
    { name: WORKBOOK, data: workbook },
  ];
  for (const e of rest) {
    const data = inflate(e);
    if (e.name === named.sheet) {
      const xml = text(data);
      checkSheet(xml);
      checkTexts(xml, 'is');
    } else if (e.name === named.sharedStrings) checkTexts(text(data), 'si');
    else text(data);
    files.push({ name: e.name, data });
  }
  return storedZip(files);
};
