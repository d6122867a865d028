/**
 * The bulk path of a properties import (ADR 0103): a batch's creates are written by one
 * multi-row insert per table, whose statement triggers keep the derived tables; the history is
 * marked with the import as it is written; a batch whose bulk write is refused (a tenant deleted
 * since the preview) is written row by row, so only that row is an error.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { buildCompany, testDb } from './helpers';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  importWorld,
  preview,
  revertAndWait,
} from './imports.fixtures';

const BATCH = 40;
let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>>;
beforeAll(async () => {
  t = await buildImportApp({ IMPORT_BATCH_ROWS: String(BATCH) });
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await importWorld(t);
  await buildCompany({ name: 'Greggs PLC' });
  await buildCompany({ name: 'Boots UK Limited' });
  await buildCompany({ name: 'Land Securities Limited' });
});

/** 100 units over three batches: tenants and landlords by name, lease dates, a duplicate spelling. */
const FILE = [
  'Unit,Street,Town,Postcode,Tenant,Landlord,Rent PA,NIA,Lease expiry,Break date',
  ...Array.from({ length: 100 }, (_, i) => {
    const tenant = i % 3 === 0 ? '' : i % 3 === 1 ? 'Greggs plc' : 'Boots UK Ltd';
    const unit = i === 99 ? 'Unit 98' : String(i);
    const n = i === 99 ? 98 : i;
    return `${unit},${n} Briggate,Leeds,LS1 ${n % 9}AA,${tenant},Land Securities Ltd,"£${10000 + i},000",${800 + i},30/09/2032,${i % 2 ? '01/10/2029' : ''}`;
  }),
].join('\n');

const count = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(await testDb(), q))[0]!.n;

describe('properties import: the bulk path', () => {
  it('creates every unit with its parties, history marked with the import and derived tables equal to their rebuild, after apply and after revert', async () => {
    const imp = await preview(t, w.admin, 'properties', FILE);
    expect(imp.counts).toEqual({ create: 99, update: 0, skip: 1, error: 0 });
    const applied = await applyAndWait(t, w.admin, imp.id);
    expect(applied.counts).toEqual({ create: 99, update: 0, skip: 1, error: 0 });
    expect(await count(sql`select count(*)::int as n from properties`)).toBe(99);
    expect(await count(sql`select count(*)::int as n from property_parties where role = 'landlord'`)).toBe(
      99,
    );
    expect(await count(sql`select count(*)::int as n from properties where tenant_id is not null`)).toBe(66);
    // Each unit and its address has its creation history, every row of it marked with the import.
    expect(
      await count(sql`select count(distinct entity_id)::int as n from field_history
                      where entity_type = 'property' and source = 'create' and import_id = ${imp.id}`),
    ).toBe(99);
    expect(
      await count(sql`select count(distinct entity_id)::int as n from field_history
                      where entity_type = 'address' and source = 'create' and import_id = ${imp.id}`),
    ).toBe(99);
    expect(await count(sql`select count(*)::int as n from field_history where import_id is null`)).toBe(0);
    // The derived tables the statement triggers keep: words, units, lease events, store counts.
    expect(await count(sql`select count(distinct property_id)::int as n from property_words`)).toBe(99);
    expect(await count(sql`select count(*)::int as n from match_units`)).toBe(99);
    expect(await count(sql`select count(distinct property_id)::int as n from lease_events`)).toBe(66);
    expect(await count(sql`select count(*)::int as n from store_events where kind = 'opening'`)).toBe(66);
    expect(await derivedMismatches()).toEqual([]);
    await revertAndWait(t, w.admin, imp.id);
    expect(await count(sql`select count(*)::int as n from properties`)).toBe(0);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('writes a batch row by row when its bulk write is refused: only the row naming a company deleted since the preview is an error', async () => {
    const gone = await buildCompany({ name: 'Gone Trading Ltd' });
    const rows = FILE.split('\n');
    rows[5] = rows[5]!.replace('Greggs plc', 'Gone Trading Ltd').replace('Boots UK Ltd', 'Gone Trading Ltd');
    const imp = await preview(t, w.admin, 'properties', rows.join('\n'));
    expect(imp.counts.error).toBe(0);
    await (await testDb()).execute(sql`delete from companies where id = ${gone.id}`);
    const applied = await applyAndWait(t, w.admin, imp.id);
    expect(applied.counts).toEqual({ create: 98, update: 0, skip: 1, error: 1 });
    expect(await count(sql`select count(*)::int as n from properties`)).toBe(98);
    expect(await derivedMismatches()).toEqual([]);
  });
});
