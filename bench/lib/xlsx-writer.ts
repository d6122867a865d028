import fs from 'node:fs';
import { once } from 'node:events';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { centralHeader, endRecordOf, localHeader } from '../../apps/server/src/lib/zip';

/**
 * Writes a one-sheet XLSX of any number of rows as a stream (a bench's input: write-excel-file
 * builds the whole sheet in memory). Text cells go to the shared strings, as Excel writes them;
 * numbers are numbers; a `Date` is a serial day in the built-in dd/mm/yyyy format. Each part is
 * deflated straight into the file and its local header patched with its sizes afterwards (the
 * headers are the server's own, lib/zip.ts).
 */
export type XlsxCell = string | number | Date | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number): string =>
  i < 26 ? String.fromCharCode(65 + i) : column(Math.floor(i / 26) - 1) + column(i % 26);
const serialDay = (d: Date) => d.getTime() / 86_400_000 + 25_569;

export const writeXlsx = async (file: string, rows: Iterable<XlsxCell[]>): Promise<void> => {
  const fd = await fs.promises.open(file, 'w');
  let offset = 0;
  const central: Buffer[] = [];

  const part = async (name: string, body: (write: (s: string) => Promise<void>) => Promise<void>) => {
    const start = offset;
    offset += localHeader({ name, method: 8, crc: 0, compressedSize: 0, size: 0 }).length;
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const deflate = createDeflateRaw({ level: 6 });
    const pending: Promise<unknown>[] = [];
    deflate.on('data', (b: Buffer) => {
      pending.push(fd.write(b, 0, b.length, offset));
      offset += b.length;
      compressedSize += b.length;
    });
    let buffered: string[] = [];
    let bufferedLength = 0;
    const flush = async () => {
      const data = Buffer.from(buffered.join(''));
      buffered = [];
      bufferedLength = 0;
      crc = crc32(data, crc);
      size += data.length;
      if (!deflate.write(data)) await once(deflate, 'drain');
    };
    await body(async (s) => {
      buffered.push(s);
      bufferedLength += s.length;
      if (bufferedLength > 1 << 20) await flush();
    });
    await flush();
    deflate.end();
    await once(deflate, 'end');
    await Promise.all(pending);
    const entry = { name, method: 8, crc, compressedSize, size };
    const local = localHeader(entry);
    await fd.write(local, 0, local.length, start);
    central.push(centralHeader({ ...entry, offset: start }));
  };
  const small = (name: string, xml: string) => part(name, (w) => w(xml));

  await small(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${PKG}/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  );
  await small(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  await small(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  await small(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
      `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  await small(
    'xl/styles.xml',
    `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN}"><fonts count="1"><font/></fonts><fills count="1"><fill/></fills>` +
      `<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>` +
      `<cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
  );

  const strings = new Map<string, number>();
  await part('xl/worksheets/sheet1.xml', async (w) => {
    await w(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
    let r = 0;
    for (const cells of rows) {
      r++;
      let xml = `<row r="${r}">`;
      cells.forEach((cell, i) => {
        if (cell === null || cell === '') return;
        const ref = `${column(i)}${r}`;
        if (typeof cell === 'number') xml += `<c r="${ref}"><v>${cell}</v></c>`;
        else if (cell instanceof Date) xml += `<c r="${ref}" s="1"><v>${serialDay(cell)}</v></c>`;
        else {
          let index = strings.get(cell);
          if (index === undefined) strings.set(cell, (index = strings.size));
          xml += `<c r="${ref}" t="s"><v>${index}</v></c>`;
        }
      });
      await w(`${xml}</row>`);
    }
    await w('</sheetData></worksheet>');
  });
  await part('xl/sharedStrings.xml', async (w) => {
    await w(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" uniqueCount="${strings.size}">`);
    for (const s of strings.keys()) await w(`<si><t>${escapeXml(s)}</t></si>`);
    await w('</sst>');
  });

  const directory = Buffer.concat(central);
  const tail = Buffer.concat([directory, endRecordOf(central.length, directory.length, offset)]);
  await fd.write(tail, 0, tail.length, offset);
  await fd.close();
};
