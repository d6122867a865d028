import { DEAL_READ_MESSAGES, DEAL_TYPE_LABELS, IMPORT_MESSAGES, type Property } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { XHR, buildCompany, buildUser, testDb } from './helpers';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  importWorld,
  preview,
  revertAndWait,
} from './imports.fixtures';

/**
 * Deals import (ADR 0099): rows of any deal type, the unit by unit + street + post code (a scheme
 * by name + town), parties by company name or domain and contacts by e-mail; applied through the
 * deal engine (the unit changes as for a wizard's deal, derived tables follow); reverted by
 * voiding the deals.
 */

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>> & {
  greggs: number;
  boots: number;
  landsec: number;
  unit4: number;
  unit7: number;
  trinity: number;
};

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = w.admin) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const created = async (url: string, payload: object): Promise<number> => {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

const propertyOf = async (id: number): Promise<Property> =>
  (await call('GET', `/api/properties/${id}`)).json().data;

beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const base = await importWorld(t);
  const greggs = (await buildCompany({ name: 'Greggs PLC' })).id;
  const boots = (await buildCompany({ name: 'Boots UK Limited', domain: 'boots.com' })).id;
  const landsec = (await buildCompany({ name: 'Land Securities Ltd' })).id;
  w = { ...base, greggs, boots, landsec, unit4: 0, unit7: 0, trinity: 0 };
  await buildUser({ name: 'Sam Boots', email: 'Sam@Boots.com', company_id: boots });
  w.unit4 = await created('/api/properties', {
    building_num: 'Unit 4',
    company_id: greggs,
    rent_pa: '20000',
    address: { street: '10 Briggate', city: 'Leeds', post_code: 'LS1 6HD' },
  });
  w.unit7 = await created('/api/properties', {
    building_num: '7',
    address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
  });
  w.trinity = await created('/api/schemes', {
    name: 'Trinity Leeds',
    type: 'Shopping centres',
    address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
  });
});

const HEADER =
  'Deal type,Date,Unit,Street,Town,Postcode,Scheme,Tenant,Previous tenant,Landlord,Tenant contact,Rent PA,Previous rent,Lease start,Lease expiry,1954 Act,Review basis,Break notice,Price paid,Sale type';

const GOOD = [
  // A rent review of Unit 4 ("4" = "Unit 4", "Briggate" street spelled with "St"-free text, post code spacing).
  'Rent review,01/06/2025,4,10 briggate,Leeds,ls16hd,,,,,,"£24,000","20,000",,,,,,,',
  // A new letting of unit 7 to Boots (named by its web domain) from Land Securities.
  'New Letting,15/07/2025,Unit 7,Albion St,Leeds,LS1 5AT,,boots.com,,Land Securities Limited,sam@boots.com,"45,000",,15/07/2025,14/07/2035,Inside the 1954 Act,OMV upward only,6 months,,',
  // A sale of the whole scheme, named by name and town.
  'Sale,01/09/2025,,,Leeds,,TRINITY LEEDS,,,Land Securities Ltd,,,,,,,,,"£120,000,000",Vacant Possession',
];

describe('deals import: preview', () => {
  it('suggests the mapping, resolves the place and the parties by natural keys, and lists each row error with its line', async () => {
    const csv = [
      HEADER,
      ...GOOD,
      'Letting of sorts,01/01/2025,4,10 Briggate,Leeds,LS1 6HD,,,,,,,,,,,,,,',
      'Rent review,01/01/2025,9,Nowhere Road,Leeds,LS9 9ZZ,,,,,,,,,,,,,,',
      'Rent review,01/01/2025,4,10 Briggate,Leeds,LS1 6HD,,Nobody Trading,,,,,,,,,,,,',
      'Rent review,01/01/2025,4,10 Briggate,Leeds,LS1 6HD,,,,,,,,,,,,,"1,000",',
      'Rent review,31/02/2025,4,10 Briggate,Leeds,LS1 6HD,,,,,nobody@x.com,,,,,maybe,,,,',
      // A scheme named without its town is found when its name is unique.
      'Rent review,,,,,,Trinity Leeds,,,,,,,,,,,,,',
      'Tracked retailer,,4,10 Briggate,Leeds,LS1 6HD,,,,,,,,,,,,,,',
    ].join('\n');
    const imp = await preview(t, w.admin, 'deals', csv);
    expect(imp.mapping).toMatchObject({
      deal_type: 'Deal type',
      effective_date: 'Date',
      unit: 'Unit',
      street: 'Street',
      city: 'Town',
      post_code: 'Postcode',
      scheme: 'Scheme',
      tenant: 'Tenant',
      prev_tenant: 'Previous tenant',
      landlords: 'Landlord',
      tenant_contacts: 'Tenant contact',
      rent_pa: 'Rent PA',
      prev_rent_pa: 'Previous rent',
      lease_start_date: 'Lease start',
      lease_end_date: 'Lease expiry',
      security_of_tenure: '1954 Act',
      review_basis: 'Review basis',
      break_notice_months: 'Break notice',
      sale_price: 'Price paid',
      sale_type: 'Sale type',
    });
    expect(imp.counts).toEqual({ create: 3, update: 0, skip: 0, error: 7 });
    const review = DEAL_TYPE_LABELS.rent_review;
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      [5, [{ field: 'deal_type', message: expect.stringContaining('Sale, New Letting') }]],
      [6, [{ field: 'post_code', message: IMPORT_MESSAGES.unresolvedProperty('9, Nowhere Road, LS9 9ZZ') }]],
      [7, [{ field: 'tenant', message: IMPORT_MESSAGES.unresolvedCompany('Nobody Trading') }]],
      [8, [{ field: 'sale_price', message: IMPORT_MESSAGES.dealFieldNotOfType(review) }]],
      [
        9,
        [
          { field: 'effective_date', message: IMPORT_MESSAGES.rowDate },
          { field: 'tenant_contacts', message: IMPORT_MESSAGES.unresolvedContact('nobody@x.com') },
          { field: 'security_of_tenure', message: expect.stringContaining('Inside the 1954 Act') },
        ],
      ],
      [10, [{ field: 'scheme', message: IMPORT_MESSAGES.dealFieldNotOfType(review) }]],
      // The schema's own rule: a tracked retailer deal needs its effective date.
      [11, [{ field: 'effective_date', message: expect.any(String) }]],
    ]);
  });

  it('needs the rights of recording the deal: an agent may not import a tracked retailer deal', async () => {
    const csv = `${HEADER}\nTracked retailer,01/02/2025,4,10 Briggate,Leeds,LS1 6HD,,Boots UK Ltd,,,,,,,,,,,,`;
    const imp = await preview(t, w.agent, 'deals', csv);
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      [2, [{ field: 'deal_type', message: DEAL_READ_MESSAGES.trackedRetailerAdminOnly }]],
    ]);
  });
});

const dealCount = async () =>
  (await queryRows<{ n: number }>(await testDb(), sql`select count(*)::int as n from deals`))[0]!.n;

describe('deals import: apply and revert', () => {
  it('records each deal through the deal engine, keeps derived tables right, and reverts by voiding them', async () => {
    const imp = await preview(t, w.admin, 'deals', [HEADER, ...GOOD].join('\n'));
    expect(imp.counts).toEqual({ create: 3, update: 0, skip: 0, error: 0 });
    const done = await applyAndWait(t, w.admin, imp.id);
    expect(done.counts).toEqual({ create: 3, update: 0, skip: 0, error: 0 });
    expect(await dealCount()).toBe(3);

    const u4 = await propertyOf(w.unit4);
    expect(u4.rent_pa).toBe('24000.00');
    const u7 = await propertyOf(w.unit7);
    expect(u7.tenant?.id).toBe(w.boots);
    expect(u7.tenant_contacts!.map((c) => c.name)).toEqual(['Sam Boots']);
    expect(u7.landlords!.map((c) => c.id)).toEqual([w.landsec]);
    expect([
      u7.rent_pa,
      u7.lease_end_date,
      u7.security_of_tenure,
      u7.review_basis,
      u7.break_notice_months,
    ]).toEqual(['45000.00', '2035-07-14', 'inside_act', 'open_market_upward_only', 6]);
    const scheme = (await call('GET', `/api/schemes/${w.trinity}`)).json().data;
    expect(scheme.landlords.map((c: { id: number }) => c.id)).toEqual([w.landsec]);
    const review = await queryRows<Record<string, unknown>>(
      await testDb(),
      sql`select deal_type, effective_date::text, prev_rent_pa::text, rent_pa::text, created_by from deals
          where property_id = ${w.unit4}`,
    );
    expect(review).toEqual([
      {
        deal_type: 'rent_review',
        effective_date: '2025-06-01',
        prev_rent_pa: '20000.00',
        rent_pa: '24000.00',
        created_by: expect.any(Number),
      },
    ]);
    // The history the deals wrote carries the import.
    const marked = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from field_history where deal_id is not null and import_id = ${imp.id}`,
    );
    expect(marked[0]!.n).toBeGreaterThan(0);
    expect(await derivedMismatches()).toEqual([]);

    // The same file again: each row matches its recorded deal (same type, place and day) and is
    // skipped by default; "update" is a skip too (an import never corrects a deal).
    const again = await preview(t, w.admin, 'deals', [HEADER, ...GOOD].join('\n'));
    expect(again.counts).toEqual({ create: 0, update: 0, skip: 3, error: 0 });
    expect(again.rows!.skip[0]!.match).toMatchObject({
      keys: [expect.stringMatching(/^deal:rent_review\|p\d+\|2025-06-01$/)],
    });
    const skipped = await applyAndWait(t, w.admin, again.id, { all: 'update' });
    expect(skipped.counts).toEqual({ create: 0, update: 0, skip: 3, error: 0 });
    expect(await dealCount()).toBe(3);

    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([]);
    expect(await dealCount()).toBe(0);
    const voided = await queryRows<{ void_reason: string }>(
      await testDb(),
      sql`select void_reason from voided_deals order by id`,
    );
    expect(voided.map((v) => v.void_reason)).toEqual(Array(3).fill(IMPORT_MESSAGES.dealRevertReason(imp.id)));
    const back4 = await propertyOf(w.unit4);
    expect(back4.rent_pa).toBe('20000.00');
    const back7 = await propertyOf(w.unit7);
    expect([back7.tenant, back7.landlords, back7.rent_pa, back7.security_of_tenure]).toEqual([
      null,
      [],
      null,
      null,
    ]);
    expect(await derivedMismatches()).toEqual([]);
  });

  it('applies two deals on one unit in file order, and a deal corrected since is a conflict on revert', async () => {
    const csv = [
      HEADER,
      'Rent review,01/06/2024,4,10 Briggate,Leeds,LS1 6HD,,,,,,"22,000",,,,,,,,',
      'Rent review,01/06/2025,4,10 Briggate,Leeds,LS1 6HD,,,,,,"25,000",,,,,,,,',
    ].join('\n');
    const imp = await applyAndWait(t, w.admin, (await preview(t, w.admin, 'deals', csv)).id);
    expect(imp.counts.create).toBe(2);
    const deals = await queryRows<{ id: number; prev_rent_pa: string; rent_pa: string }>(
      await testDb(),
      sql`select id, prev_rent_pa::text, rent_pa::text from deals order by id`,
    );
    // The second deal's "before" is the first's "after".
    expect(deals.map((d) => [d.prev_rent_pa, d.rent_pa])).toEqual([
      ['20000.00', '22000.00'],
      ['22000.00', '25000.00'],
    ]);
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deals[1]!.id}`,
      headers: { ...XHR, cookie: w.admin },
      payload: {
        deal_type: 'rent_review',
        property_id: w.unit4,
        effective_date: '2025-06-01',
        rent_pa: '26000',
      },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const reverted = await revertAndWait(t, w.admin, imp.id);
    expect(reverted.conflicts).toEqual([{ line: 3, record_id: deals[1]!.id }]);
    expect(await dealCount()).toBe(1);
    expect(await derivedMismatches()).toEqual([]);
  });
});
