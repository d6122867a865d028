import { STORE_LIST_MESSAGES, TRACKED_RETAILER_MESSAGES, type StoreListPreview } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { buildTestApp, tableFingerprint, testDb, type TestApp } from './helpers';
import {
  LIST_CSV,
  apply,
  buildStoreListWorld,
  countOf,
  linesOf,
  tenantOf,
  upload,
  xlsxOf,
  type StoreListWorld,
} from './store-list.fixtures';

let t: TestApp;
let w: StoreListWorld;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildStoreListWorld(t);
});

const previewOf = async (data: Buffer | string, filename?: string, type?: string) => {
  const res = await upload(t, w.admin, w.retailer.id, data, filename, type);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as StoreListPreview;
};

describe('store-list preview', () => {
  it('matches the rows against the units the retailer holds: matched, new (with a vacant unit), invalid with its line, missing', async () => {
    const p = await previewOf(LIST_CSV);
    expect(p.company).toEqual({ id: w.retailer.id, name: 'Greggs' });
    expect(p.counts).toEqual({ matched: 2, new: 2, invalid: 1, missing: 1 });
    expect(
      p.rows.map((r) => [
        r.row.line,
        r.status,
        r.unit?.property_id ?? null,
        r.vacant_unit?.property_id ?? null,
      ]),
    ).toEqual([
      [2, 'matched', w.units.highStreet, null],
      [3, 'matched', w.units.briggate, null],
      [4, 'new', null, w.units.vacant],
      [5, 'new', null, null],
      [6, 'invalid', null, null],
    ]);
    expect(p.rows[1]!.row).toMatchObject({
      store_name: 'Briggate',
      post_code: 'LS1 5AB',
      opening_date: '2020-02-01',
    });
    expect(p.rows[2]!.row.opening_date).toBe('2024-05-01');
    expect(p.rows[3]!.row.store_name).toBe('Albion Place, Leeds');
    expect(p.rows[4]!.errors).toEqual([
      STORE_LIST_MESSAGES.rowAddress,
      STORE_LIST_MESSAGES.rowPostCode,
      STORE_LIST_MESSAGES.rowDate,
    ]);
    expect(p.missing.map((m) => m.property_id)).toEqual([w.units.parkRow]);
  });

  it('reads an XLSX list, Excel dates included, and a unit matches one row only', async () => {
    const xlsx = await xlsxOf([
      ['Branch', 'Address', 'City', 'Postcode', 'Date opened'],
      ['High St', '12 High Street', 'Leeds', 'LS16HD', new Date(Date.UTC(2019, 5, 3))],
      ['High St again', '12 high st', 'Leeds', 'LS1 6HD', null],
    ]);
    const p = await previewOf(
      xlsx,
      'stores.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(p.rows.map((r) => [r.row.line, r.status])).toEqual([
      [2, 'matched'],
      [3, 'new'],
    ]);
    expect(p.rows[0]!.row.opening_date).toBe('2019-06-03');
    expect(p.missing.map((m) => m.property_id)).toEqual([w.units.briggate, w.units.parkRow]);
  });

  it('refuses a list without the required columns, a file that is neither CSV nor XLSX, and an empty one', async () => {
    const noTown = await upload(t, w.admin, w.retailer.id, 'Address,Postcode\n1 High St,LS1 6HD\n');
    expect(noTown.statusCode).toBe(422);
    expect(noTown.json().errors.file).toEqual([STORE_LIST_MESSAGES.missingColumns]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), Buffer.alloc(64)]);
    const notList = await upload(t, w.admin, w.retailer.id, png, 'logo.png', 'image/png');
    expect(notList.statusCode).toBe(422);
    expect(notList.json().errors.file).toEqual([STORE_LIST_MESSAGES.fileType]);
    const fakeXlsx = await upload(t, w.admin, w.retailer.id, 'not a zip', 'stores.xlsx');
    expect(fakeXlsx.json().errors.file).toEqual([STORE_LIST_MESSAGES.fileType]);
    const headerOnly = await upload(t, w.admin, w.retailer.id, 'Address,Town,Postcode\n');
    expect(headerOnly.json().errors.file).toEqual([STORE_LIST_MESSAGES.empty]);
  });

  it('refuses more than 5,000 stores and a file over 5 MB', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `${i + 1} High Street,Leeds,LS1 6HD`);
    const many = await upload(t, w.admin, w.retailer.id, ['Address,Town,Postcode', ...rows].join('\n'));
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.file).toEqual([STORE_LIST_MESSAGES.tooManyRows]);
    const big = await upload(
      t,
      w.admin,
      w.retailer.id,
      `Address,Town,Postcode\n${'x'.repeat(5 * 1024 * 1024 + 10)}`,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe(STORE_LIST_MESSAGES.fileTooLarge);
  });

  it('keeps hostile bytes out: NUL and unpaired surrogates make the row invalid, never a 500', async () => {
    const csv = Buffer.concat([
      Buffer.from('Address,Town,Postcode\n'),
      Buffer.from('1 High\u0000 Street,Leeds,LS1 6HD\n'),
      Buffer.from([0xff, 0xfe, 0x00, 0x2c, 0x4c, 0x65, 0x65, 0x64, 0x73, 0x2c, 0x4c, 0x53, 0x31, 0x0a]),
    ]);
    const p = await previewOf(csv, 'stores.csv');
    expect(p.rows[0]!.status).toBe('invalid');
    expect(p.rows.every((r) => !r.row.address_line_1.includes('\u0000'))).toBe(true);
    const xlsx = await xlsxOf([
      ['Address', 'Town', 'Postcode'],
      ['9 Bond St\uD800', 'Leeds', 'LS1 6HD'],
    ]);
    const res = await upload(t, w.admin, w.retailer.id, xlsx, 'stores.xlsx');
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a company that is not tracked, and an unknown one, before reading the file', async () => {
    const res = await upload(t, w.admin, w.untracked.id, LIST_CSV);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(TRACKED_RETAILER_MESSAGES.notTracked);
    expect((await upload(t, w.admin, 999_999, LIST_CSV)).statusCode).toBe(404);
  });
});

const appliedActions = (p: StoreListPreview) => [
  { action: 'create', row: p.rows[3]!.row },
  { action: 'tracked_change', row: p.rows[2]!.row, property_id: w.units.vacant },
  { action: 'close', property_id: w.units.parkRow },
];

describe('store-list apply', () => {
  it('creates the new units, records the tracked change and the closure in one go, streaming progress then the result', async () => {
    const p = await previewOf(LIST_CSV);
    const res = await apply(t, w.admin, w.retailer.id, { actions: appliedActions(p) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = linesOf(res.body);
    expect(lines.at(-1)).toEqual({
      type: 'result',
      created: 1,
      changed: 1,
      closed: 1,
      msg: STORE_LIST_MESSAGES.applied,
    });
    expect(lines.at(-2)).toEqual({ type: 'progress', done: 3, total: 3 });

    expect(await tenantOf(w.units.vacant)).toBe(w.retailer.id);
    expect(await tenantOf(w.units.parkRow)).toBeNull();
    const db = await testDb();
    const created = await queryRows<{ id: number; tenant_id: number; street: string; post_code: string }>(
      db,
      sql`select p.id, p.tenant_id, a.street, a.post_code from properties p join addresses a on a.id = p.address_id
          where a.street = '5 Albion Place'`,
    );
    expect(created).toEqual([expect.objectContaining({ tenant_id: w.retailer.id, post_code: 'LS1 6JL' })]);
    const visible = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${created[0]!.id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: w.agent },
    });
    expect(visible.statusCode).toBe(200);
    const deals = await queryRows<{ deal_type: string; property_id: number; effective_date: string }>(
      db,
      sql`select deal_type, property_id, effective_date::text from deals order by id`,
    );
    expect(deals.map((d) => [d.deal_type, d.property_id])).toEqual([
      ['tracked_retailer', w.units.vacant],
      ['tracked_retailer', w.units.parkRow],
    ]);
    expect(deals[0]!.effective_date).toBe('2024-05-01');
    const sources = await queryRows<{ source: string }>(
      db,
      sql`select distinct source from field_history where entity_id = ${created[0]!.id} and entity_type = 'property'`,
    );
    expect(sources.map((s) => s.source)).toEqual(['reconcile']);
  });

  it('after an apply, the same file finds every row matched and nothing missing', async () => {
    const p = await previewOf(LIST_CSV);
    await apply(t, w.admin, w.retailer.id, { actions: appliedActions(p) });
    const before = await tableFingerprint();
    const again = await previewOf(LIST_CSV);
    expect(again.counts).toEqual({ matched: 4, new: 0, invalid: 1, missing: 0 });
    expect(await tableFingerprint()).toEqual(before);
  });

  it('a malformed row is a 422 naming its action (whose row carries its line) and nothing is written', async () => {
    const p = await previewOf(LIST_CSV);
    const before = await tableFingerprint();
    const properties = await countOf('properties');
    const res = await apply(t, w.admin, w.retailer.id, {
      actions: [
        { action: 'create', row: p.rows[3]!.row },
        {
          action: 'create',
          row: { ...p.rows[4]!.row, address_line_1: '3 Bond St', opening_date: '2020-02-31' },
        },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'actions.1': [STORE_LIST_MESSAGES.rowPostCode, STORE_LIST_MESSAGES.rowDate],
    });
    expect(await countOf('properties')).toBe(properties);
    expect(await tableFingerprint()).toEqual(before);
  });

  it('a failure while writing rolls everything back and ends the stream with the row’s line', async () => {
    const db = await testDb();
    // A database that refuses one address mid-way (as a constraint would).
    await db.execute(
      sql.raw(`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.street = '9 Boom Street' then raise exception 'refused'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_boom before insert on addresses for each row execute function refuse_boom()`,
      ),
    );
    try {
      const row = (line: number, street: string) => ({
        line,
        store_name: null,
        address_line_1: street,
        address_line_2: null,
        town: 'Leeds',
        post_code: 'LS1 6EA',
        opening_date: null,
      });
      const before = await tableFingerprint();
      const res = await apply(t, w.admin, w.retailer.id, {
        actions: [
          { action: 'close', property_id: w.units.parkRow },
          { action: 'create', row: row(7, '1 Boar Lane') },
          { action: 'create', row: row(9, '9 Boom Street') },
          { action: 'create', row: row(12, '3 Boar Lane') },
        ],
      });
      expect(res.statusCode).toBe(200);
      const lines = linesOf(res.body);
      expect(lines.at(-1)).toMatchObject({ type: 'error', line: 9 });
      expect(lines.some((l) => l.type === 'result')).toBe(false);
      expect(await tenantOf(w.units.parkRow)).toBe(w.retailer.id);
      expect(await tableFingerprint()).toEqual(before);
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_boom on addresses`));
    }
  });

  it('a stale row (the vacant unit let meanwhile, a closure of a unit it no longer holds) is refused', async () => {
    const p = await previewOf(LIST_CSV);
    const before = await tableFingerprint();
    const res = await apply(t, w.admin, w.retailer.id, {
      actions: [
        { action: 'tracked_change', row: p.rows[2]!.row, property_id: w.units.highStreet },
        { action: 'close', property_id: w.units.vacant },
        { action: 'close', property_id: w.units.parkRow },
        { action: 'close', property_id: w.units.parkRow },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'actions.0': [STORE_LIST_MESSAGES.staleRow],
      'actions.1': [STORE_LIST_MESSAGES.staleRow],
      'actions.3': [STORE_LIST_MESSAGES.staleRow],
    });
    expect(await tableFingerprint()).toEqual(before);
  });

  it('reports progress every 25 rows on a longer list', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      line: i + 2,
      store_name: null,
      address_line_1: `${i + 100} Boar Lane`,
      address_line_2: null,
      town: 'Leeds',
      post_code: 'LS1 6EA',
      opening_date: null,
    }));
    const res = await apply(t, w.admin, w.retailer.id, {
      actions: rows.map((row) => ({ action: 'create', row })),
    });
    const lines = linesOf(res.body);
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.done)).toEqual([25, 50, 60]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', created: 60 });
  });

  it('refuses NUL bytes in an action with a 422', async () => {
    const p = await previewOf(LIST_CSV);
    const res = await apply(t, w.admin, w.retailer.id, {
      actions: [{ action: 'create', row: { ...p.rows[3]!.row, town: 'Le\u0000eds' } }],
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('store lists are the admins’', () => {
  it('refuses the agent on preview and apply, with nothing written', async () => {
    const before = await tableFingerprint();
    const pre = await upload(t, w.agent, w.retailer.id, LIST_CSV);
    expect(pre.statusCode).toBe(403);
    const res = await apply(t, w.agent, w.retailer.id, {
      actions: [{ action: 'close', property_id: w.units.parkRow }],
    });
    expect(res.statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
  });
});
