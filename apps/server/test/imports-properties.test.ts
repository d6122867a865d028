import { IMPORT_MESSAGES } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import writeExcelFile from 'write-excel-file/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { XHR, buildCompany, testDb } from './helpers';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  importWorld,
  preview,
  revertAndWait,
} from './imports.fixtures';

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>>;
let greggs: { id: number };
let landsec: { id: number };
beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await importWorld(t);
  greggs = await buildCompany({ name: 'Greggs PLC' });
  landsec = await buildCompany({ name: 'Land Securities Limited' });
});

/** An existing unit: Unit 4, 10 Briggate, Leeds LS1 6HD, let to Greggs, as the admin creates it. */
const existingUnit = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { ...XHR, cookie: w.admin },
    payload: {
      building_num: 'Unit 4',
      company_id: greggs.id,
      rent_pa: '20000',
      address: { street: '10 Briggate', city: 'Leeds', post_code: 'LS1 6HD' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const HEADER = 'Unit No,Street address,Town,Post code,Occupier,Owner,Passing rent,NIA,Zone A,Lease expiry';

const units = async () =>
  queryRows<{
    building_num: string | null;
    post_code: string;
    tenant_id: number | null;
    rent_pa: string | null;
    nia_sqrt: string | null;
  }>(
    await testDb(),
    sql`select p.building_num, a.post_code, p.tenant_id, p.rent_pa::text, p.nia_sqrt::text
        from properties p join addresses a on a.id = p.address_id order by p.id`,
  );

describe('properties import: preview', () => {
  it('reads units, money, areas and dates; resolves companies by name; lists unresolved references per row', async () => {
    const csv = [
      HEADER,
      '1,5 Albion Place,Leeds,LS1 6JL,greggs plc,Land Securities Ltd,"£32,500",1200 sq ft,450,31/03/2030',
      '2,5 Albion Place,Leeds,LS1 6JL,Nobody Trading,,12000,,,',
      '3,5 Albion Place,Leeds,LS1 6JL,,,lots,,,31/02/2030',
      '4,5 Albion Place,Leeds,LS1 6JL,,,,,,47209',
    ].join('\n');
    const imp = await preview(t, w.admin, 'properties', csv);
    expect(imp.mapping).toMatchObject({
      unit: 'Unit No',
      street: 'Street address',
      post_code: 'Post code',
      tenant: 'Occupier',
      landlord: 'Owner',
      rent_pa: 'Passing rent',
      nia_sqrt: 'NIA',
      itza_area: 'Zone A',
      lease_end_date: 'Lease expiry',
    });
    expect(imp.counts).toEqual({ create: 2, update: 0, skip: 0, error: 2 });
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      [3, [{ field: 'tenant', message: IMPORT_MESSAGES.unresolvedCompany('Nobody Trading') }]],
      [
        4,
        [
          { field: 'rent_pa', message: IMPORT_MESSAGES.rowNumber },
          { field: 'lease_end_date', message: IMPORT_MESSAGES.rowDate },
        ],
      ],
    ]);
    await applyAndWait(t, w.admin, imp.id);
    const rows = await queryRows<Record<string, unknown>>(
      await testDb(),
      sql`select building_num, tenant_id, rent_pa::text, nia_sqrt::text, itza_area::text, lease_end_date::text,
            area_size_type from properties order by id`,
    );
    expect(rows).toEqual([
      {
        building_num: '1',
        tenant_id: greggs.id,
        rent_pa: '32500.00',
        nia_sqrt: '1200.00',
        itza_area: '450.00',
        lease_end_date: '2030-03-31',
        area_size_type: 'sqft',
      },
      {
        building_num: '4',
        tenant_id: null,
        rent_pa: null,
        nia_sqrt: null,
        itza_area: null,
        // An Excel serial day.
        lease_end_date: '2029-04-01',
        area_size_type: 'sqft',
      },
    ]);
    const landlords = await queryRows<{ company_id: number }>(
      await testDb(),
      sql`select company_id from property_parties where role = 'landlord'`,
    );
    expect(landlords).toEqual([{ company_id: landsec.id }]);
  });

  it('names an ambiguous company and refuses a value the API refuses (an area beyond its bound)', async () => {
    await buildCompany({ name: 'Greggs plc.' });
    const imp = await preview(
      t,
      w.admin,
      'properties',
      `${HEADER}\n1,1 High St,York,YO1 8AA,Greggs,,,,,\n2,1 High St,York,YO1 8AA,,,,99999999999 sq ft,,\n`,
    );
    expect(imp.rows!.error.map((r) => [r.line, r.errors.map((e) => e.field)])).toEqual([
      [2, ['tenant']],
      [3, ['nia_sqrt']],
    ]);
    // "Greggs" is not "Greggs PLC": unresolved; the two "Greggs plc" are ambiguous.
    const again = await preview(
      t,
      w.admin,
      'properties',
      `${HEADER}\n1,1 High St,York,YO1 8AA,GREGGS PLC,,,,,\n`,
    );
    expect(again.rows!.error[0]!.errors).toEqual([
      { field: 'tenant', message: IMPORT_MESSAGES.ambiguousCompany('GREGGS PLC') },
    ]);
  });

  it('matches an existing unit by unit + street + post code ("Unit 4" = "4", post code spacing) and within the file', async () => {
    const id = await existingUnit();
    const csv = [
      HEADER,
      '4,10 Briggate,Leeds,ls16hd,,,25000,,,',
      '7,2 Park Row,Leeds,LS1 5AB,,,,,,',
      'Unit 7,2 Park Row,Leeds,LS15AB,,,,,,',
    ].join('\n');
    const imp = await preview(t, w.admin, 'properties', csv);
    expect(imp.counts).toEqual({ create: 1, update: 1, skip: 1, error: 0 });
    expect(imp.rows!.update[0]!.match).toEqual({
      group: `record:${id}`,
      record_id: id,
      keys: ['address:4|10briggate|LS16HD'],
    });
    expect(imp.rows!.skip[0]!.match?.group).toBe('key:address:7|2parkrow|LS15AB');
  });
});

describe('properties import: apply and revert', () => {
  it('creates and updates through the properties service; revert restores; derived tables equal their rebuild after each', async () => {
    const id = await existingUnit();
    const csv = [
      HEADER,
      '4,10 Briggate,Leeds,LS1 6HD,,,"25,000",900,,',
      '9,1 Boar Lane,Leeds,LS1 5DA,Greggs PLC,,15000,1000,,',
    ].join('\n');
    const imp = await preview(t, w.admin, 'properties', csv);
    await applyAndWait(t, w.admin, imp.id);
    expect(await units()).toEqual([
      {
        building_num: 'Unit 4',
        post_code: 'LS1 6HD',
        tenant_id: greggs.id,
        rent_pa: '25000.00',
        nia_sqrt: '900.00',
      },
      {
        building_num: '9',
        post_code: 'LS1 5DA',
        tenant_id: greggs.id,
        rent_pa: '15000.00',
        nia_sqrt: '1000.00',
      },
    ]);
    expect(await derivedMismatches()).toEqual([]);
    // The history of the import's writes names it.
    const marked = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from field_history where import_id = ${imp.id} and entity_type = 'property' and entity_id = ${id}`,
    );
    expect(marked[0]!.n).toBeGreaterThan(0);
    await revertAndWait(t, w.admin, imp.id);
    expect(await units()).toEqual([
      {
        building_num: 'Unit 4',
        post_code: 'LS1 6HD',
        tenant_id: greggs.id,
        rent_pa: '20000.00',
        nia_sqrt: null,
      },
    ]);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('reads an XLSX: date cells and serial days, areas in sq m', async () => {
    const xlsx = await writeExcelFile([
      [
        { value: 'Unit' },
        { value: 'Street' },
        { value: 'Postcode' },
        { value: 'Area unit' },
        { value: 'NIA' },
        { value: 'Lease start' },
      ],
      [
        { value: '1' },
        { value: '3 Lands Lane' },
        { value: 'LS1 6LB' },
        { value: 'sq m' },
        { value: 100 },
        { value: new Date(Date.UTC(2024, 4, 1)), type: Date, format: 'dd/mm/yyyy' },
      ],
    ]).toBuffer();
    const imp = await preview(t, w.admin, 'properties', xlsx, {
      filename: 'units.xlsx',
      type: 'application/octet-stream',
    });
    expect(imp.counts).toEqual({ create: 1, update: 0, skip: 0, error: 0 });
    await applyAndWait(t, w.admin, imp.id);
    const rows = await queryRows<Record<string, unknown>>(
      await testDb(),
      sql`select area_size_type, nia_sqrt::text, lease_start_date::text from properties`,
    );
    expect(rows).toEqual([{ area_size_type: 'sqm', nia_sqrt: '100.00', lease_start_date: '2024-05-01' }]);
  });
});

describe('properties import: permissions', () => {
  it('lets an agent update units their company acts for, and no other: at preview and again when the batch is written', async () => {
    const id = await existingUnit();
    const csv = `${HEADER}\n4,10 Briggate,Leeds,LS1 6HD,,,30000,,,\n`;
    const refused = await preview(t, w.agent, 'properties', csv);
    expect(refused.counts).toEqual({ create: 0, update: 0, skip: 0, error: 1 });
    expect(refused.rows!.error[0]!.errors).toEqual([{ field: null, message: IMPORT_MESSAGES.rowNotOwn }]);

    // The agency becomes the unit's tenant's agent: the preview offers the update ...
    await t.db.execute(
      sql`insert into property_parties (property_id, role, company_id) values (${id}, 'tenant_agent', ${w.agency.id})`,
    );
    const offered = await preview(t, w.agent, 'properties', csv);
    expect(offered.counts.update).toBe(1);
    // ... but it no longer is when the job writes: the row is refused then, and nothing changes.
    await t.db.execute(sql`delete from property_parties where property_id = ${id}`);
    const applied = await applyAndWait(t, w.agent, offered.id);
    expect(applied.counts).toEqual({ create: 0, update: 0, skip: 0, error: 1 });
    expect((await units())[0]!.rent_pa).toBe('20000.00');
  });
});
