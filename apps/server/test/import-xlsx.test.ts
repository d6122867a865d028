import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_MESSAGES } from '@frontage/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../src/lib/errors';
import { readXlsxRows } from '../src/modules/imports/import.xlsx';
import { sheetXml, xlsxParts, zipOf, type ZipPart } from './fixtures/hostile-files';

/** The streamed XLSX reader of imports (ADR 0114), on files written here. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-xlsx-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const saved = (bytes: Buffer) => {
  const file = path.join(dir, `f${++n}.xlsx`);
  fs.writeFileSync(file, bytes);
  return file;
};

const rowsOf = async (bytes: Buffer, maxLines = 1_048_576) => {
  const out: Array<{ line: number; cells: string[] }> = [];
  for await (const rec of readXlsxRows(saved(bytes), { maxLines })) out.push(rec);
  return out;
};

/** The message of the 422 the reader refuses with (or 'read' when it does not refuse). */
const refusal = async (bytes: Buffer, maxLines?: number) => {
  try {
    await rowsOf(bytes, maxLines);
    return 'read';
  } catch (err) {
    if (err instanceof ValidationError) return err.errors.file?.[0];
    throw err;
  }
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sst = (strings: string[]): ZipPart => ({
  name: '',
  data: Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${strings.length}">${strings.join('')}</sst>`,
  ),
});
const styles = (xfs: string, numFmts = ''): ZipPart => ({
  name: 'xl/styles.xml',
  data: Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}"><numFmts>${numFmts}</numFmts>` +
      `<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs>${xfs}</cellXfs></styleSheet>`,
  ),
});
/** The parts with the workbook's properties set (e.g. the 1904 date system). */
const withWorkbookPr = (parts: ZipPart[], pr: string) =>
  parts.map((p) =>
    p.name === 'xl/workbook.xml'
      ? { ...p, data: Buffer.from(p.data.toString().replace('<sheets>', `${pr}<sheets>`)) }
      : p,
  );

describe('reading an import XLSX as a stream', () => {
  it('reads every kind of cell as the text a user sees', async () => {
    const xfs =
      '<xf numFmtId="0"/>' + // 0: General
      '<xf numFmtId="14"/>' + // 1: a built-in date
      '<xf numFmtId="164"/>' + // 2: a custom date with a locale and a text section
      '<xf numFmtId="2"/>' + // 3: 0.00, a number
      '<xf numFmtId="165"/>'; // 4: a custom currency, a number
    const numFmts =
      '<numFmt numFmtId="164" formatCode="[$-809]dd\\ mmmm\\ yyyy;@"/>' +
      '<numFmt numFmtId="165" formatCode="&quot;£&quot;#,##0.00"/>';
    const sheet = sheetXml(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>${inline('C1', 'Flag')}${inline('D1', 'Lease start')}</row>` +
        // Row 2 missing: row numbers are the file's. B3 missing: its place is kept.
        `<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" t="b"><v>1</v></c><c r="D3" s="1"><v>45413</v></c>` +
        `<c r="E3" s="3"><v>1250.5</v></c><c r="F3" s="4"><v>20000</v></c><c r="G3" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>` +
        `<row r="4"><c r="A4" t="str"><f>UPPER("x")</f><v>X &amp; Co</v></c><c r="B4"><v>1E-3</v></c>` +
        `<c r="C4" t="b"><v>0</v></c><c r="D4" s="2"><v>45413.75</v></c></row>` +
        // No references at all: cells and rows follow one another.
        `<row><c t="inlineStr"><is><r><t>Rich </t></r><r><t>text</t></r></is></c><c><v>7</v></c></row>`,
    );
    const strings = sst([
      '<si><t>Name</t></si>',
      '<si><r><t>Rent</t></r><r><rPr><b/></rPr><t xml:space="preserve"> PA</t></r></si>',
      '<si><t>Café Nero</t><rPh sb="0" eb="1"><t>カフェ</t></rPh></si>',
    ]);
    const rows = await rowsOf(zipOf([...xlsxParts(sheet, strings), styles(xfs, numFmts)]));
    expect(rows).toEqual([
      { line: 1, cells: ['Name', 'Rent PA', 'Flag', 'Lease start'] },
      { line: 3, cells: ['Café Nero', '', 'true', '01/05/2024', '1250.5', '20000', '#DIV/0!'] },
      { line: 4, cells: ['X & Co', '0.001', 'false', '01/05/2024'] },
      { line: 5, cells: ['Rich text', '7'] },
    ]);
  });

  it('reads serial days in the 1904 date system', async () => {
    const sheet = sheetXml(
      `<row r="1">${inline('A1', 'Lease start')}</row><row r="2"><c r="A2" s="1"><v>43951</v></c></row>`,
    );
    const parts = withWorkbookPr(
      [...xlsxParts(sheet), styles('<xf numFmtId="0"/><xf numFmtId="14"/>')],
      '<workbookPr date1904="1"/>',
    );
    expect(await rowsOf(zipOf(parts))).toEqual([
      { line: 1, cells: ['Lease start'] },
      { line: 2, cells: ['01/05/2024'] },
    ]);
  });

  it('hands over the first rows before the end of the sheet is read', async () => {
    // 60,000 rows whose part declares one byte fewer than it holds: only the end can tell.
    const body = Array.from(
      { length: 60_000 },
      (_, i) => `<row r="${i + 1}">${inline(`A${i + 1}`, `Unit ${i}`)}</row>`,
    );
    const xml = sheetXml(body.join(''));
    const parts = xlsxParts(xml).map((p) =>
      p.name === 'xl/worksheets/sheet1.xml' ? { ...p, size: p.data.length - 1 } : p,
    );
    const rows = readXlsxRows(saved(zipOf(parts)), { maxLines: 1_048_576 });
    const first = await rows.next();
    expect(first.value).toEqual({ line: 1, cells: ['Unit 0'] });
    let read = 1;
    const end = await (async () => {
      try {
        for await (const _ of rows) read++;
        return 'read';
      } catch (err) {
        return (err as ValidationError).errors.file?.[0];
      }
    })();
    expect(end).toBe(IMPORT_MESSAGES.fileType);
    expect(read).toBeGreaterThan(1_000);
    expect(read).toBeLessThan(60_000);
  });

  it('refuses a row or column past the limits from its reference, before reading on', async () => {
    expect(await refusal(zipOf(xlsxParts(sheetXml(`<row r="7">${inline('A7', 'x')}</row>`))), 6)).toBe(
      IMPORT_MESSAGES.tooManyLines,
    );
    expect(
      await refusal(zipOf(xlsxParts(sheetXml(`<row r="1">${inline('A1', 'x')}</row>`, 'A1:B9'))), 6),
    ).toBe(IMPORT_MESSAGES.tooManyLines);
    expect(await refusal(zipOf(xlsxParts(sheetXml(`<row r="1">${inline('GS1', 'x')}</row>`))))).toBe(
      IMPORT_MESSAGES.tooManyColumns,
    );
  });

  it('refuses a cell longer than Excel allows, however it is written, and reads one at the limit', async () => {
    const long = 'x'.repeat(32_768);
    expect(await refusal(zipOf(xlsxParts(sheetXml(`<row r="1">${inline('A1', long)}</row>`))))).toBe(
      IMPORT_MESSAGES.cellTooLong,
    );
    expect(
      await refusal(
        zipOf(
          xlsxParts(
            sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`),
            sst([`<si><t>${long}</t></si>`]),
          ),
        ),
      ),
    ).toBe(IMPORT_MESSAGES.cellTooLong);
    // Split into runs, each under the limit.
    const runs = `<si><r><t>${long.slice(1)}</t></r><r><t>xx</t></r></si>`;
    expect(
      await refusal(zipOf(xlsxParts(sheetXml(`<row r="1"><c r="A1" t="s"><v>0</v></c></row>`), sst([runs])))),
    ).toBe(IMPORT_MESSAGES.cellTooLong);
    // An attribute or a tag name the parser would have to hold whole.
    const attr = `<row r="1"><c r="A1" t="inlineStr" x="${'a'.repeat(1_000_000)}"><is><t>x</t></is></c></row>`;
    expect(await refusal(zipOf(xlsxParts(sheetXml(attr))))).toBe(IMPORT_MESSAGES.cellTooLong);
    expect(await refusal(zipOf(xlsxParts(sheetXml(`<row r="1"><${'c'.repeat(1_000_000)}/></row>`))))).toBe(
      IMPORT_MESSAGES.cellTooLong,
    );
    // 32,767 characters written as entities (five bytes each) is a cell at the limit.
    const amps = zipOf(xlsxParts(sheetXml(`<row r="1">${inline('A1', '&amp;'.repeat(32_767))}</row>`)));
    expect((await rowsOf(amps))[0]!.cells[0]).toBe('&'.repeat(32_767));
  });

  it('refuses what is no XLSX it can read: bad XML, a DOCTYPE, a shared string that is not there', async () => {
    expect(await refusal(zipOf(xlsxParts(sheetXml('<row r="1"><c r="A1"><v>1</v></row>'))))).toBe(
      IMPORT_MESSAGES.fileType,
    );
    expect(
      await refusal(
        zipOf(
          xlsxParts(
            sheetXml(`<row r="1">${inline('A1', 'x')}</row>`).replace('<worksheet', '<!DOCTYPE x><worksheet'),
          ),
        ),
      ),
    ).toBe(IMPORT_MESSAGES.fileType);
    expect(
      await refusal(
        zipOf(
          xlsxParts(sheetXml('<row r="1"><c r="A1" t="s"><v>3</v></c></row>'), sst(['<si><t>a</t></si>'])),
        ),
      ),
    ).toBe(IMPORT_MESSAGES.fileType);
    expect(await refusal(Buffer.from('PK\x03\x04 not a zip at all'))).toBe(IMPORT_MESSAGES.fileType);
    // A small part (the workbook) whose size lies: refused like the sheet's, not an error of the server.
    const lying = xlsxParts(sheetXml(`<row r="1">${inline('A1', 'x')}</row>`)).map((p) =>
      p.name === 'xl/workbook.xml' ? { ...p, size: 10 } : p,
    );
    expect(await refusal(zipOf(lying))).toBe(IMPORT_MESSAGES.fileType);
  });
});
