/**
 * The lease terms (ADR 0086): seven optional fields beside the spec's lease dates, on a property
 * (create, in a scheme, update, read, history, CSV export) and on every deal that carries the
 * lease, which applies them to the unit as it applies the dates; a correction and a void restore
 * them as they restore the dates. Bad values are a 422 in the API's shape and write nothing.
 */
import { LEASE_TERM_MESSAGES } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { expectDerivedAsRebuilt } from './archive.fixtures';
import { XHR, buildTestApp, tableFingerprint, type TestApp } from './helpers';
import { api, buildDealWorld, historyOfDeal, type DealWorld } from './deals.fixtures';

let t: TestApp;
let w: DealWorld;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildDealWorld(t);
});

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...XHR, cookie: w.adminCookie, ...headers },
    ...(payload ? { payload } : {}),
  });

const TERMS = {
  security_of_tenure: 'inside_act',
  break_party: 'tenant',
  break_kind: 'fixed',
  break_notice_months: 6,
  review_interval_years: 5,
  review_basis: 'open_market_upward_only',
  lease_notes: 'Rent deposit of one quarter held by the landlord.',
} as const;

const OTHER_TERMS = {
  security_of_tenure: 'contracted_out',
  break_party: 'mutual',
  break_kind: 'rolling',
  break_notice_months: 3,
  review_interval_years: 3,
  review_basis: 'index_linked_collared',
  lease_notes: 'Re-geared: the tenant gave up its break for six months rent free.',
} as const;

const NONE = {
  security_of_tenure: null,
  break_party: null,
  break_kind: null,
  break_notice_months: null,
  review_interval_years: null,
  review_basis: null,
  lease_notes: null,
};

const termsOf = (r: Record<string, unknown>) => Object.fromEntries(Object.keys(TERMS).map((k) => [k, r[k]]));
const unit = async () => call.property(w.adminCookie, w.property.id);
/** The unit's lease event types (the derived table the terms feed, ADR 0087). */
const eventTypes = async () =>
  (
    await queryRows<{ type: string }>(
      t.db,
      sql`select distinct type from lease_events where property_id = ${w.property.id} order by type`,
    )
  ).map((r) => r.type);

describe('a property’s lease terms', () => {
  it('round-trip through create, read and update; an absent field stays, null clears it', async () => {
    expect(termsOf(await unit())).toEqual(NONE);
    const created = await send('POST', '/api/properties', {
      building_num: '7',
      lease_end_date: '2031-06-23',
      ...TERMS,
      address: { street: 'Commercial Street', city: 'Leeds' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(termsOf(created.json().data)).toEqual(TERMS);
    expect(termsOf(await call.property(w.adminCookie, id))).toEqual(TERMS);

    // Strings from a form are accepted as numbers; '' means no value.
    const upd = await send('PUT', `/api/properties/${id}`, {
      break_notice_months: '9',
      review_basis: '',
      lease_notes: null,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(termsOf(await call.property(w.adminCookie, id))).toEqual({
      ...TERMS,
      break_notice_months: 9,
      review_basis: null,
      lease_notes: null,
    });
  });

  it('are kept on a unit created in a scheme', async () => {
    const scheme = await send('POST', '/api/schemes', {
      name: 'Trinity',
      type: 'Shopping centres',
      address: { street: 'Albion Street', city: 'Leeds', post_code: 'LS1 5AT' },
    });
    expect(scheme.statusCode, scheme.body).toBe(201);
    const res = await send('POST', `/api/schemes/${scheme.json().data.id}/properties`, {
      building_num: 'SU4',
      ...OTHER_TERMS,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(termsOf(await call.property(w.adminCookie, res.json().data.id))).toEqual(OTHER_TERMS);
  });

  it('a change of each term is a history row, shown with its label', async () => {
    await send('PUT', `/api/properties/${w.property.id}`, TERMS);
    const res = await send('PUT', `/api/properties/${w.property.id}`, {
      ...OTHER_TERMS,
      break_notice_months: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const h = await send('GET', `/api/properties/${w.property.id}/history?per_page=100`);
    const rows = h.json().data as Array<{
      field: string;
      source: string;
      old_display: string | null;
      new_display: string | null;
    }>;
    const shown = (field: string) => {
      const e = rows.find((r) => r.field === field && r.source === 'update');
      return e ? [e.old_display, e.new_display] : undefined;
    };
    expect(shown('security_of_tenure')).toEqual(['Inside the 1954 Act', 'Contracted out']);
    expect(shown('break_party')).toEqual(['Tenant', 'Mutual']);
    expect(shown('break_kind')).toEqual(['Fixed date', 'Rolling']);
    expect(shown('break_notice_months')).toEqual(['6 months', '1 month']);
    expect(shown('review_interval_years')).toEqual(['5 years', '3 years']);
    expect(shown('review_basis')).toEqual(['Open market, upward only', 'Index-linked, collared and capped']);
    expect(shown('lease_notes')).toEqual([TERMS.lease_notes, OTHER_TERMS.lease_notes]);
  });

  it('a change of a term is a new version: an edit from the old read is refused', async () => {
    const read = await send('GET', `/api/properties/${w.property.id}`);
    const version = read.json().data.version as string;
    await send('PUT', `/api/properties/${w.property.id}`, { break_notice_months: 6 });
    const stale = await send(
      'PUT',
      `/api/properties/${w.property.id}`,
      { rent_pa: '1' },
      { 'if-match': `"${version}"` },
    );
    expect(stale.statusCode).toBe(412);
  });

  it('refuses bad values with 422 keyed by the field and writes nothing', async () => {
    const before = await tableFingerprint();
    const refusals: Array<[object, string, string?]> = [
      [{ security_of_tenure: 'outside' }, 'security_of_tenure'],
      [{ break_party: 'agent' }, 'break_party'],
      [{ break_kind: 7 }, 'break_kind'],
      [{ review_basis: ['fixed'] }, 'review_basis'],
      [{ break_notice_months: 61 }, 'break_notice_months', LEASE_TERM_MESSAGES.breakNoticeMonths],
      [{ break_notice_months: -1 }, 'break_notice_months', LEASE_TERM_MESSAGES.breakNoticeMonths],
      [{ break_notice_months: 2.5 }, 'break_notice_months', LEASE_TERM_MESSAGES.breakNoticeMonths],
      [{ break_notice_months: '1e9' }, 'break_notice_months', LEASE_TERM_MESSAGES.breakNoticeMonths],
      [{ review_interval_years: 0 }, 'review_interval_years', LEASE_TERM_MESSAGES.reviewIntervalYears],
      [{ review_interval_years: 26 }, 'review_interval_years', LEASE_TERM_MESSAGES.reviewIntervalYears],
      [{ lease_notes: 'a\u0000b' }, 'lease_notes'],
      [{ lease_notes: 'x'.repeat(4001) }, 'lease_notes'],
    ];
    for (const [body, key, message] of refusals) {
      const res = await send('PUT', `/api/properties/${w.property.id}`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(key);
      if (message) expect(res.json().errors[key]).toEqual([message]);
      const created = await send('POST', '/api/properties', { building_num: '9', ...body });
      expect(created.statusCode, created.body).toBe(422);
    }
    const deal = await call.post(w.adminCookie, {
      deal_type: 'rent_review',
      property_id: w.property.id,
      review_interval_years: 'five',
    });
    expect(deal.statusCode, deal.body).toBe(422);
    expect(deal.json().errors).toHaveProperty('review_interval_years');
    expect(await tableFingerprint()).toEqual(before);
  });

  it('are the last columns of the CSV export, as their labels', async () => {
    await send('PUT', `/api/properties/${w.property.id}`, {
      ...TERMS,
      lease_notes: 'Deposit, "one quarter"',
    });
    const res = await send('GET', '/api/properties/export');
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(
      header!.endsWith(
        ',updated,security_of_tenure,break_party,break_kind,break_notice_months,review_interval_years,review_basis,lease_notes',
      ),
    ).toBe(true);
    expect(row).toMatch(
      /,\d{2}\/\d{2}\/\d{4},Inside the 1954 Act,Tenant,Fixed date,6,5,"Open market, upward only","Deposit, ""one quarter"""$/,
    );
  });
});

describe('a deal’s lease terms', () => {
  const carrying = (): Array<[string, object]> => [
    ['rent_review', { deal_type: 'rent_review', property_id: w.property.id, rent_pa: '45000' }],
    [
      'lease_renewal',
      {
        deal_type: 'lease_renewal',
        property_id: w.property.id,
        lease_start_date: '2026-03-25',
        lease_end_date: '2036-03-24',
      },
    ],
    [
      'new_letting',
      {
        deal_type: 'new_letting',
        property_id: w.property.id,
        tenant_id: w.co.newTenant.id,
        lease_end_date: '2036-03-31',
      },
    ],
    ['subletting', { deal_type: 'subletting', property_id: w.property.id, tenant_id: w.co.newTenant.id }],
    [
      'tracked_retailer',
      {
        deal_type: 'tracked_retailer',
        property_id: w.property.id,
        effective_date: '2025-06-01',
        tenant_id: w.co.newTenant.id,
      },
    ],
    [
      'sale (investment)',
      {
        deal_type: 'sale',
        property_id: w.property.id,
        sale_type: 'investment',
        sale_price: '900000',
        landlords: [w.co.newLandlord.id],
      },
    ],
  ];

  it('each deal type that carries the lease answers the terms and writes them to the unit, with history', async () => {
    for (const [name, payload] of carrying()) {
      w = await buildDealWorld(t);
      const res = await call.post(w.adminCookie, { ...(payload as object), ...TERMS });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const deal = res.json().data;
      expect(termsOf(deal), name).toEqual(TERMS);
      expect(termsOf((await call.get(w.adminCookie, `/api/deals/${deal.id}`)).json().data), name).toEqual(
        TERMS,
      );
      expect(termsOf(await unit()), name).toEqual(TERMS);
      const fields = (await historyOfDeal(t, deal.id)).map((r) => r.field);
      expect(fields, name).toEqual(expect.arrayContaining(Object.keys(TERMS)));
    }
  });

  it('a deal that omits the terms keeps the unit’s; a sale with vacant possession does not touch them', async () => {
    await send('PUT', `/api/properties/${w.property.id}`, TERMS);
    const review = await call.post(w.adminCookie, {
      deal_type: 'rent_review',
      property_id: w.property.id,
      rent_pa: '46000',
    });
    expect(review.statusCode, review.body).toBe(201);
    // The deal keeps the state after for the fields it concerns: the unit's terms.
    expect(termsOf(review.json().data)).toEqual(TERMS);
    const sale = await call.post(w.adminCookie, {
      deal_type: 'sale',
      property_id: w.property.id,
      sale_type: 'vacant_possession',
      sale_price: '1000000',
      landlords: [w.co.newLandlord.id],
      ...OTHER_TERMS,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(termsOf(sale.json().data)).toEqual(NONE);
    expect(termsOf(await unit())).toEqual(TERMS);
  });

  it('a correction re-applies the corrected terms and a void restores the previous ones', async () => {
    await send('PUT', `/api/properties/${w.property.id}`, TERMS);
    const renewal = (terms: object) => ({
      deal_type: 'lease_renewal',
      property_id: w.property.id,
      lease_start_date: '2026-03-25',
      lease_end_date: '2036-03-24',
      ...terms,
    });
    const rec = await call.post(w.userCookie, renewal(OTHER_TERMS));
    expect(rec.statusCode, rec.body).toBe(201);
    const deal = rec.json().data as { id: number; version: string };
    expect(termsOf(await unit())).toEqual(OTHER_TERMS);

    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/deals/${deal.id}`,
      headers: { ...XHR, cookie: w.userCookie, 'if-match': `"${deal.version}"` },
      payload: renewal({ ...OTHER_TERMS, break_notice_months: 12, break_kind: null }),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    // A deal sets only what it carries: corrected not to carry the break type, the unit has the one
    // it had before the deal, as with the dates.
    expect(corrected.json().data).toMatchObject({ break_notice_months: 12, break_kind: 'fixed' });
    expect(termsOf(await unit())).toEqual({ ...OTHER_TERMS, break_notice_months: 12, break_kind: 'fixed' });
    // Contracted out: the unit's events, kept in the same transaction, have no statutory windows.
    expect(await eventTypes()).toContain('lease_expiry');
    expect(await eventTypes()).not.toContain('s27_deadline');
    const corrections = (await historyOfDeal(t, deal.id)).filter((r) => r.source === 'deal_correction');
    expect(corrections.map((r) => [r.field, r.old_value, r.new_value]).sort()).toEqual([
      ['break_kind', 'rolling', 'fixed'],
      ['break_notice_months', 3, 12],
    ]);

    const voided = await t.app.inject({
      method: 'DELETE',
      url: `/api/deals/${deal.id}`,
      headers: { ...XHR, cookie: w.userCookie },
      payload: { reason: 'Recorded on the wrong unit' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(termsOf(await unit())).toEqual(TERMS);
    // Inside the Act again: its statutory events are back, and every derived table is its rebuild.
    expect(await eventTypes()).toContain('s27_deadline');
    await expectDerivedAsRebuilt(t.db);
    // The voided deal is still readable with the terms it had.
    const read = await call.get(w.userCookie, `/api/deals/${deal.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ break_notice_months: 12, voided_by: { id: w.user.id } });
  });
});
