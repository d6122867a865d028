import { IMPORT_MESSAGES, LEASE_TERM_MESSAGES, type Property } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XHR } from './helpers';
import {
  applyAndWait,
  buildImportApp,
  derivedMismatches,
  importWorld,
  preview,
  revertAndWait,
} from './imports.fixtures';

/**
 * The seven lease terms (ADR 0086) on a properties import: under the API's names or the headers
 * agents write, as codes, labels or common words; a bad value is its row's error on that field.
 */

let t: Awaited<ReturnType<typeof buildImportApp>>;
let w: Awaited<ReturnType<typeof importWorld>>;
beforeAll(async () => {
  t = await buildImportApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await importWorld(t);
});

const get = async (id: number): Promise<Property> =>
  (
    await t.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: { ...XHR, cookie: w.admin } })
  ).json().data;

const HEADER =
  'Unit,Street,Town,Postcode,L&T Act 1954,Break exercisable by,Break type,Break notice,Review pattern,Review basis,Lease notes';

describe('properties import: lease terms', () => {
  it('maps the seven terms from aliases, reads codes, labels and words, and refuses what the API refuses', async () => {
    const csv = [
      HEADER,
      '1,High St,York,YO1 8AA,Inside the 1954 Act,Mutual,Rolling,6 months,5 years,OMV upward only,Tenant break on 6 months notice',
      '2,High St,York,YO1 8AA,contracted_out,tenant,fixed,3,,RPI,',
      '3,High St,York,YO1 8AA,perhaps,someone,,61,5.5,,',
    ].join('\n');
    const imp = await preview(t, w.admin, 'properties', csv);
    expect(imp.mapping).toMatchObject({
      security_of_tenure: 'L&T Act 1954',
      break_party: 'Break exercisable by',
      break_kind: 'Break type',
      break_notice_months: 'Break notice',
      review_interval_years: 'Review pattern',
      review_basis: 'Review basis',
      lease_notes: 'Lease notes',
    });
    // Each field's error, in no particular order.
    expect(imp.rows!.error.map((r) => [r.line, r.errors])).toEqual([
      [
        4,
        expect.arrayContaining([
          {
            field: 'security_of_tenure',
            message: IMPORT_MESSAGES.rowChoice(['Inside the 1954 Act', 'Contracted out']),
          },
          { field: 'break_party', message: IMPORT_MESSAGES.rowChoice(['Tenant', 'Landlord', 'Mutual']) },
          { field: 'review_interval_years', message: IMPORT_MESSAGES.rowWhole },
          { field: 'break_notice_months', message: LEASE_TERM_MESSAGES.breakNoticeMonths },
        ]),
      ],
    ]);
    expect(imp.rows!.error[0]!.errors).toHaveLength(4);
    // A number the cell reads but the API bounds: the API's own message.
    const far = await preview(t, w.admin, 'properties', `${HEADER}\n3,High St,York,YO1 8AA,,,,61,,,`);
    expect(far.rows!.error[0]!.errors).toEqual([
      { field: 'break_notice_months', message: LEASE_TERM_MESSAGES.breakNoticeMonths },
    ]);
    const done = await applyAndWait(t, w.admin, imp.id);
    expect(done.counts).toEqual({ create: 2, update: 0, skip: 0, error: 1 });
    const [one, two] = await Promise.all(done.rows!.create.map((r) => get(r.record_id!)));
    expect(one).toMatchObject({
      security_of_tenure: 'inside_act',
      break_party: 'mutual',
      break_kind: 'rolling',
      break_notice_months: 6,
      review_interval_years: 5,
      review_basis: 'open_market_upward_only',
      lease_notes: 'Tenant break on 6 months notice',
    });
    expect(two).toMatchObject({
      security_of_tenure: 'contracted_out',
      break_party: 'tenant',
      break_kind: 'fixed',
      break_notice_months: 3,
      review_interval_years: null,
      review_basis: 'index_linked',
      lease_notes: null,
    });
  });

  it("maps the seven terms from headers that are exactly the API's field names, with no mapping given", async () => {
    const terms = [
      'security_of_tenure',
      'break_party',
      'break_kind',
      'break_notice_months',
      'review_interval_years',
      'review_basis',
      'lease_notes',
    ] as const;
    const csv = [
      `Unit,Street,Town,Postcode,${terms.join(',')}`,
      '1,High St,York,YO1 8AA,inside_act,landlord,rolling,9,3,index_linked_collared,Landlord may break on 9 months notice',
      '2,High St,York,YO1 8AA,contracted_out,mutual,fixed,0,25,fixed,',
    ].join('\n');
    const imp = await preview(t, w.admin, 'properties', csv);
    expect(imp.mapping).toMatchObject(Object.fromEntries(terms.map((f) => [f, f])));
    expect(imp.counts).toEqual({ create: 2, update: 0, skip: 0, error: 0 });
    const done = await applyAndWait(t, w.admin, imp.id);
    expect(done.counts).toEqual({ create: 2, update: 0, skip: 0, error: 0 });
    const stored = await Promise.all(done.rows!.create.map((r) => get(r.record_id!)));
    const termsOf = (p: Property) => Object.fromEntries(terms.map((f) => [f, p[f]]));
    stored.sort((a, b) => a.break_notice_months! - b.break_notice_months!);
    expect(stored.map(termsOf)).toEqual([
      {
        security_of_tenure: 'contracted_out',
        break_party: 'mutual',
        break_kind: 'fixed',
        break_notice_months: 0,
        review_interval_years: 25,
        review_basis: 'fixed',
        lease_notes: null,
      },
      {
        security_of_tenure: 'inside_act',
        break_party: 'landlord',
        break_kind: 'rolling',
        break_notice_months: 9,
        review_interval_years: 3,
        review_basis: 'index_linked_collared',
        lease_notes: 'Landlord may break on 9 months notice',
      },
    ]);
  });

  it('sets the terms on an existing unit and restores them on revert', async () => {
    const first = await applyAndWait(
      t,
      w.admin,
      (await preview(t, w.admin, 'properties', `${HEADER}\n1,High St,York,YO1 8AA,Contracted out,,,,,,`)).id,
    );
    const created = await preview(
      t,
      w.admin,
      'properties',
      `${HEADER}\nUnit 1,High Street,York,YO18AA,inside,landlord,,9,3,turnover,Note`,
    );
    expect(created.counts).toEqual({ create: 0, update: 1, skip: 0, error: 0 });
    const id = created.rows!.update[0]!.match!.record_id!;
    await applyAndWait(t, w.admin, created.id);
    const after = await get(id);
    expect([
      after.security_of_tenure,
      after.break_party,
      after.break_notice_months,
      after.review_interval_years,
      after.review_basis,
      after.lease_notes,
    ]).toEqual(['inside_act', 'landlord', 9, 3, 'turnover', 'Note']);
    await revertAndWait(t, w.admin, created.id);
    const back = await get(id);
    expect([
      back.security_of_tenure,
      back.break_party,
      back.break_notice_months,
      back.review_basis,
      back.lease_notes,
    ]).toEqual(['contracted_out', null, null, null, null]);
    expect(first.status).toBe('applied');
    expect(await derivedMismatches()).toEqual([]);
  });
});
