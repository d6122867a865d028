import { IMPORT_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { declaredOnlyXlsx, hugeCellXlsx, sheetXml, xlsxParts, zipOf } from './fixtures/hostile-files';
import { buildTestApp, tableFingerprint, type TestApp } from './helpers';
import { importWorld, preview, upload } from './imports.fixtures';

let t: TestApp;
let w: Awaited<ReturnType<typeof importWorld>>;
beforeAll(async () => {
  t = await buildTestApp({ env: { IMPORT_MAX_BYTES: String(2 * 1024 * 1024), IMPORT_MAX_ROWS: '5' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await importWorld(t);
});

/** The upload is refused with `status` and the message on `file`, and nothing is kept. */
const refused = async (
  data: Buffer | string,
  filename: string,
  status: number,
  message?: string,
  entity = 'companies',
) => {
  const before = await tableFingerprint();
  const res = await upload(t, w.admin, entity, data, { filename, type: 'application/octet-stream' });
  expect(res.statusCode, res.body).toBe(status);
  if (message && status === 422) expect(res.json().errors).toEqual({ file: [message] });
  if (message && status === 413) expect(res.json().msg).toBe(message);
  expect(await tableFingerprint()).toEqual(before);
};

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('import files refused as a whole', () => {
  it('an empty file, a file of another type, an XLSX that is no zip', async () => {
    await refused('', 'a.csv', 422, IMPORT_MESSAGES.fileRequired);
    await refused(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]),
      'logo.png',
      422,
      IMPORT_MESSAGES.fileType,
    );
    await refused('Name\nAcme\n', 'list.xlsx', 422, IMPORT_MESSAGES.fileType);
    await refused('Name\n\n\n', 'list.csv', 422, IMPORT_MESSAGES.empty);
  });

  it('a file over IMPORT_MAX_BYTES is a 413; more rows than IMPORT_MAX_ROWS a 422', async () => {
    await refused(Buffer.alloc(3 * 1024 * 1024, 'a'), 'big.csv', 413, IMPORT_MESSAGES.fileTooLarge);
    await refused(`Name\n${'Acme\n'.repeat(6)}`, 'rows.csv', 422, IMPORT_MESSAGES.tooManyRows);
  });

  it('a zip bomb: parts declaring too much in all, too many shared strings or too far a compression, and a part inflating past the size it declares', async () => {
    await refused(declaredOnlyXlsx(3 * 1024 ** 3), 'bomb.xlsx', 422, IMPORT_MESSAGES.unpackedTooLarge);
    await refused(declaredOnlyXlsx(300 * 1024 ** 2), 'bomb.xlsx', 422, IMPORT_MESSAGES.sharedStringsTooLarge);
    await refused(declaredOnlyXlsx(100 * 1024 ** 2), 'bomb.xlsx', 422, IMPORT_MESSAGES.compressedTooFar);
    await refused(
      await hugeCellXlsx({ chars: 30 * 1024 * 1024, sizeLie: true }),
      'liar.xlsx',
      422,
      IMPORT_MESSAGES.fileType,
    );
  });

  it('an XLSX with XML entities (billion laughs) is never expanded', async () => {
    const laughs =
      '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">' +
      Array.from(
        { length: 8 },
        (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i ? 'b'.repeat(i) : 'a'};`.repeat(10)}">`,
      ).join('') +
      ']>';
    const sheet = sheetXml(
      `<row r="1">${inline('A1', 'Name')}</row><row r="2">${inline('A2', '&bbbbbbbb;')}</row>`,
    ).replace('<worksheet', `${laughs}<worksheet`);
    await refused(zipOf(xlsxParts(sheet)), 'laughs.xlsx', 422, IMPORT_MESSAGES.fileType);
  });

  it('an entity the server does not know', async () => {
    const bogus = await upload(t, w.admin, 'bogus', 'Name\nA\n');
    expect(bogus.json().errors).toEqual({ entity: [IMPORT_MESSAGES.entityUnknown] });
  });
});

describe('import file encodings', () => {
  it('reads UTF-8 with a BOM, Windows-1252 when the bytes are not UTF-8, and semicolons', async () => {
    const bom = await preview(
      t,
      w.admin,
      'companies',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name\nCafé Nero\n')]),
    );
    expect(bom.mapping).toEqual({ name: 'Name' });
    expect(bom.rows!.create[0]!.values).toEqual({ Name: 'Café Nero' });
    const cp1252 = await preview(
      t,
      w.admin,
      'companies',
      Buffer.from('Name;Phone\nCaf\xe9 Rouge \x96 Leeds;0113\n', 'latin1'),
    );
    expect(cp1252.rows!.create[0]!.values).toEqual({ Name: 'Café Rouge – Leeds', Phone: '0113' });
  });

  it('reads a UTF-8 file as UTF-8 when its characters straddle the chunks it is read in', async () => {
    // An unmapped column of three-byte characters, 60 KB a row: the 64 KiB chunks it is read in
    // end inside some of them.
    const notes = '€'.repeat(20_000);
    const rows = ['Name,Notes', ...[1, 2, 3, 4].map((i) => `Café ${i},${notes}`)];
    const imp = await preview(t, w.admin, 'companies', Buffer.from(`${rows.join('\n')}\n`));
    expect(imp.counts).toEqual({ create: 4, update: 0, skip: 0, error: 0 });
    expect(imp.rows!.create[0]!.values).toMatchObject({ Name: 'Café 1' });
  });

  it('reads formula cells as their cached values, never evaluated', async () => {
    const sheet = sheetXml(
      `<row r="1">${inline('A1', 'Name')}${inline('B1', 'Phone')}</row>` +
        `<row r="2">${inline('A2', 'Acme')}<c r="B2"><f>HYPERLINK("http://evil.example","x")</f><v>42</v></c></row>`,
    );
    const imp = await preview(t, w.admin, 'companies', zipOf(xlsxParts(sheet)), { filename: 'f.xlsx' });
    expect(imp.rows!.create[0]!.values).toEqual({ Name: 'Acme', Phone: '42' });
  });
});
