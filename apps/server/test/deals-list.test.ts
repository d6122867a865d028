/**
 * GET /api/deals and GET /api/deals/export (ADR 0046): every filter, the sorts
 * (nulls last, id breaking ties) on every page — the later pages are read from the far end —, the
 * totals, 422s in API.md's shape, 401 signed out, and the CSV of the current filter.
 */
import { API_MESSAGES, DEAL_LIST_MESSAGES, DEAL_SORTS, type DealListItem } from '@frontage/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { addresses, deals, properties, schemes } from '../src/db/schema';
import { formatUkDate } from '../src/lib/csv';
import { recordDeal } from '../src/modules/deals/deals.service';
import { XHR, buildTestApp, testDb, type TestApp } from './helpers';
import { api, buildDealWorld, type DealWorld } from './deals.fixtures';

let t: TestApp;
let w: DealWorld;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  t = await buildTestApp();
  call = api(t);
});
afterAll(() => t.close());

/** The four deals, by name: two on the Leeds unit, a sale of a Manchester scheme's unit and of the scheme. */
let d: { review: number; letting: number; unitSale: number; schemeSale: number };
let place: { scheme: number; unit: number };

beforeEach(async () => {
  w = await buildDealWorld(t);
  const db = await testDb();
  const [sa] = await db
    .insert(addresses)
    .values({ street: 'Market Street', city: 'Manchester', post_code: 'M1 1AA' })
    .returning();
  const [scheme] = await db
    .insert(schemes)
    .values({ name: 'Arndale', type: 'Shopping centres', address_id: sa!.id })
    .returning();
  const [ua] = await db
    .insert(addresses)
    .values({ street: 'Market Street', city: 'Manchester', post_code: 'M1 1AB' })
    .returning();
  const [unit] = await db
    .insert(properties)
    .values({ building_num: 'SU7', address_id: ua!.id, scheme_id: scheme!.id })
    .returning();
  place = { scheme: scheme!.id, unit: unit!.id };
  const at = (day: number) => ({ now: new Date(Date.UTC(2026, 0, day, 10)) });
  const review = await recordDeal(
    db,
    w.admin,
    { deal_type: 'rent_review', property_id: w.property.id, effective_date: '2021-03-25', rent_pa: '45000' },
    at(1),
  );
  const letting = await recordDeal(
    db,
    w.user,
    {
      deal_type: 'new_letting',
      property_id: w.property.id,
      effective_date: '2026-04-01',
      tenant_id: w.co.newTenant.id,
      rent_pa: '50000',
      rent_sqft: '50',
    },
    at(2),
  );
  const unitSale = await recordDeal(
    db,
    w.admin,
    {
      deal_type: 'sale',
      property_id: unit!.id,
      effective_date: '2025-06-01',
      sale_type: 'vacant_possession',
      sale_price: '900000',
      landlords: [w.co.newLandlord.id],
      prev_landlords: [w.co.oldLegal.id],
    },
    at(3),
  );
  const schemeSale = await recordDeal(
    db,
    w.user,
    { deal_type: 'sale', scheme_id: scheme!.id, sale_type: 'investment', sale_price: '5000000' },
    at(4),
  );
  d = { review: review.id, letting: letting.id, unitSale: unitSale.id, schemeSale: schemeSale.id };
});

const list = async (query: string, cookie = w.userCookie) => {
  const res = await call.get(cookie, `/api/deals${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: DealListItem[];
    meta: {
      pagination: {
        total: number;
        count: number;
        per_page: number;
        current_page: number;
        total_pages: number;
      };
    };
  };
};
const ids = async (query: string) => (await list(query)).data.map((r) => r.id);

describe('GET /api/deals', () => {
  it('lists every deal, newest effective date first and undated last, with its place, tenants and author', async () => {
    // The previous tenant is a verified retailer: the row carries what its indicator needs.
    await t.db.execute(
      sql`update companies set is_verified = true, verified_at = '2026-03-01T10:00:00Z' where id = ${w.co.oldTenant.id}`,
    );
    const page = await list('');
    expect(page.data.map((r) => r.id)).toEqual([d.letting, d.unitSale, d.review, d.schemeSale]);
    expect(page.meta.pagination).toEqual({
      total: 4,
      count: 4,
      per_page: 15,
      current_page: 1,
      total_pages: 1,
    });
    const [letting, unitSale, review, schemeSale] = page.data;
    expect(letting).toEqual({
      id: d.letting,
      deal_type: 'new_letting',
      effective_date: '2026-04-01',
      property: { id: w.property.id, building_num: '12', full_address: 'Briggate, Leeds, LS1 6HD' },
      scheme: null,
      town: 'Leeds',
      tenant: { id: w.co.newTenant.id, name: 'Greggs', is_verified: false, verified_at: null },
      prev_tenant: {
        id: w.co.oldTenant.id,
        name: 'Boots',
        is_verified: true,
        verified_at: '2026-03-01T10:00:00.000Z',
      },
      sale_type: null,
      sale_price: null,
      rent_pa: '50000.00',
      rent_sqft: '50.00',
      currency: 'GBP',
      created_by: { id: w.user.id, name: w.user.name },
      created_at: '2026-01-02T10:00:00.000Z',
    });
    expect(unitSale).toMatchObject({
      deal_type: 'sale',
      property: { id: place.unit, building_num: 'SU7' },
      scheme: { id: place.scheme, name: 'Arndale' },
      town: 'Manchester',
      sale_type: 'vacant_possession',
      sale_price: '900000.00',
      rent_pa: null,
      tenant: null,
    });
    expect(review).toMatchObject({ tenant: { id: w.co.oldTenant.id }, rent_pa: '45000.00' });
    expect(schemeSale).toMatchObject({
      property: null,
      scheme: { id: place.scheme, name: 'Arndale' },
      town: 'Manchester',
      effective_date: null,
      created_by: { id: w.user.id },
    });
  });

  it('filters by type, effective date range, town, scheme, property, tenant, landlord and author', async () => {
    expect(await ids('type=sale')).toEqual([d.unitSale, d.schemeSale]);
    expect(await ids('type=sale,new_letting')).toEqual([d.letting, d.unitSale, d.schemeSale]);
    expect(await ids('type=rent_review&type=new_letting')).toEqual([d.letting, d.review]);
    expect(await ids('type[]=rent_review&type[]=sale')).toEqual([d.unitSale, d.review, d.schemeSale]);
    expect(await ids('from=2025-01-01&to=2025-12-31')).toEqual([d.unitSale]);
    expect(await ids('from=2025-06-01')).toEqual([d.letting, d.unitSale]);
    expect(await ids('to=2025-06-01')).toEqual([d.unitSale, d.review]);
    expect(await ids('town=manchester')).toEqual([d.unitSale, d.schemeSale]);
    expect(await ids('town=%20LEEDS%20')).toEqual([d.letting, d.review]);
    expect(await ids('town=Leed')).toEqual([]);
    expect(await ids(`scheme_id=${place.scheme}`)).toEqual([d.unitSale, d.schemeSale]);
    expect(await ids(`property_id=${w.property.id}`)).toEqual([d.letting, d.review]);
    // Tenant: the deal's tenant, legal tenant, or previous (legal) tenant.
    expect(await ids(`tenant_id=${w.co.newTenant.id}`)).toEqual([d.letting]);
    expect(await ids(`tenant_id=${w.co.oldTenant.id}`)).toEqual([d.letting, d.review]);
    expect(await ids(`tenant_id=${w.co.oldLegal.id}`)).toEqual([d.letting, d.review]);
    // Landlord: a landlord or a previous landlord on the deal.
    expect(await ids(`landlord_id=${w.co.newLandlord.id}`)).toEqual([d.unitSale]);
    expect(await ids(`landlord_id=${w.co.oldLegal.id}`)).toEqual([d.unitSale]);
    expect(await ids(`landlord_id=${w.co.oldLandlord.id}`)).toEqual([d.letting, d.review]);
    expect(await ids(`created_by=${w.user.id}`)).toEqual([d.letting, d.schemeSale]);
    expect(await ids(`created_by=${w.user.id}&type=sale&town=manchester`)).toEqual([d.schemeSale]);
    const filtered = await list(`town=manchester&per_page=1`);
    expect(filtered.meta.pagination).toMatchObject({ total: 2, count: 1, total_pages: 2 });
  });

  it("follows a town edited on the place's address", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/${w.property.address_id}`,
      headers: { ...XHR, cookie: w.userCookie },
      payload: { city: 'Wakefield' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ids('town=wakefield')).toEqual([d.letting, d.review]);
    expect(await ids('town=leeds')).toEqual([]);
    expect((await list('town=wakefield')).data[0]!.town).toBe('Wakefield');
  });

  it('sorts by each allowed key in both directions, nulls last and ties by id, the same on every page', async () => {
    const expected: Record<string, number[]> = {
      '-effective_date': [d.letting, d.unitSale, d.review, d.schemeSale],
      effective_date: [d.review, d.unitSale, d.letting, d.schemeSale],
      '-created_at': [d.schemeSale, d.unitSale, d.letting, d.review],
      created_at: [d.review, d.letting, d.unitSale, d.schemeSale],
      '-rent_pa': [d.letting, d.review, d.schemeSale, d.unitSale],
      rent_pa: [d.review, d.letting, d.unitSale, d.schemeSale],
      '-rent_sqft': [d.letting, d.review, d.schemeSale, d.unitSale],
      rent_sqft: [d.review, d.letting, d.unitSale, d.schemeSale],
      '-sale_price': [d.schemeSale, d.unitSale, d.letting, d.review],
      sale_price: [d.unitSale, d.schemeSale, d.review, d.letting],
    };
    expect(Object.keys(expected).sort()).toEqual([...DEAL_SORTS].sort());
    for (const sort of DEAL_SORTS) {
      expect(await ids(`sort=${sort}`), sort).toEqual(expected[sort]);
      // One a page: the pages past the middle are read backwards from the far end.
      const paged: number[] = [];
      for (let page = 1; page <= 4; page++)
        paged.push(...(await ids(`sort=${sort}&per_page=1&page=${page}`)));
      expect(paged, `${sort} one a page`).toEqual(expected[sort]);
      expect(await ids(`sort=${sort}&per_page=3&page=2`), `${sort} last page`).toEqual(
        expected[sort]!.slice(3),
      );
    }
  });

  it('finds every page of the default order through the order marks, after inserts and deletes', async () => {
    const db = await testDb();
    const markSize = (n: number) =>
      queryRows(
        db,
        sql.raw(
          `create or replace function deal_mark_size() returns integer language sql stable as 'select ${n}'`,
        ),
      );
    // Buckets 3 deals wide: a couple of dozen deals split, empty and merge them as 10^6 would.
    await markSize(3);
    try {
      await queryRows(db, sql`select deal_marks_rebuild()`);
      const dates = [
        '2020-01-01',
        null,
        '2024-05-05',
        '2024-05-05',
        '2019-12-31',
        null,
        '2024-05-05',
        '2030-01-01',
      ];
      for (let i = 0; i < 18; i++) {
        await recordDeal(db, w.admin, {
          deal_type: 'rent_review',
          property_id: i % 2 ? w.property.id : place.unit,
          ...(dates[i % dates.length] ? { effective_date: dates[i % dates.length] } : {}),
          rent_pa: String(1000 + i),
        });
      }
      await db
        .delete(deals)
        .where(inArray(deals.id, [d.review, d.letting + 5, d.letting + 6, d.letting + 12]));
      const expected = (
        await queryRows<{ id: number }>(
          db,
          sql`select id from deals order by coalesce(effective_date, '-infinity'::date) desc, id desc`,
        )
      ).map((r) => r.id);
      expect(expected).toHaveLength(18);
      const marks = await queryRows<{ n: number }>(db, sql`select n from deal_order_marks`);
      expect(marks.length).toBeGreaterThan(4);
      expect(marks.reduce((a, m) => a + Number(m.n), 0)).toBe(18);
      for (const perPage of [1, 2, 4, 5]) {
        const seen: number[] = [];
        for (let page = 1; seen.length < expected.length; page++) {
          const got = await list(`per_page=${perPage}&page=${page}`);
          expect(got.meta.pagination.total).toBe(18);
          expect(got.data.length, `page ${page} of ${perPage}`).toBeGreaterThan(0);
          seen.push(...got.data.map((r) => r.id));
        }
        expect(seen, `${perPage} a page`).toEqual(expected);
        expect((await list(`per_page=${perPage}&page=99`)).data).toEqual([]);
      }
      // The same order with a filter (counted, read from the far end past the middle).
      const filtered = await ids(`type=sale,new_letting,rent_review&per_page=100`);
      expect(filtered).toEqual(expected);
    } finally {
      await markSize(1000);
    }
  });

  it('pages: totals, counts and a page past the end', async () => {
    expect((await list('per_page=3&page=2')).meta.pagination).toEqual({
      total: 4,
      count: 1,
      per_page: 3,
      current_page: 2,
      total_pages: 2,
    });
    const past = await list('per_page=3&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.pagination).toMatchObject({ total: 4, count: 0, current_page: 9 });
    // The unfiltered total is kept by the database: a deal removed with its property leaves it.
    await (await testDb()).delete(properties).where(eq(properties.id, place.unit));
    expect((await list('')).meta.pagination.total).toBe(3);
  });

  it('refuses bad input with 422 in API.md shape', async () => {
    const bad = async (query: string) => {
      const res = await call.get(w.userCookie, `/api/deals?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe(API_MESSAGES.invalidData);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await bad('from=2026-02-01&to=2026-01-31')).toEqual({ to: [DEAL_LIST_MESSAGES.dateOrder] });
    expect(Object.keys(await bad('type=sale,swap'))).toEqual([expect.stringMatching(/^type/)]);
    expect(Object.keys(await bad('per_page=0'))).toEqual(['per_page']);
    expect(Object.keys(await bad('per_page=101'))).toEqual(['per_page']);
    expect(Object.keys(await bad('sort=name'))).toEqual(['sort']);
    expect(Object.keys(await bad('from=01/02/2026'))).toEqual(['from']);
    expect(Object.keys(await bad('tenant_id=abc'))).toEqual(['tenant_id']);
  });

  it('needs a session', async () => {
    for (const url of ['/api/deals', '/api/deals/export']) {
      const res = await t.app.inject({ method: 'GET', url, headers: XHR });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ msg: 'Unauthenticated.' });
    }
  });
});

/** The CSV's lines without the byte order mark. */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('GET /api/deals/export', () => {
  it("streams the current filter's deals in the list's order, with the total up front", async () => {
    const res = await call.get(w.userCookie, '/api/deals/export?town=leeds&sort=effective_date&page=2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="deals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = linesOf(res.body);
    expect(lines).toEqual([
      'Type,Property,Scheme,Town,Tenant,Previous tenant,Effective date,Rent pa,Rent per sq ft,Sale type,Price,Currency,Recorded by,Recorded on',
      // The review sent a rent alone: its rent per sq ft is rent ÷ NIA, 45,000 ÷ 1,200 (ADR 0079).
      `Rent Review,"12 Briggate, Leeds, LS1 6HD",,Leeds,Boots,Boots,25/03/2021,45000.00,37.50,,,GBP,${w.admin.name},${formatUkDate(new Date(Date.UTC(2026, 0, 1, 10)))}`,
      `New Letting,"12 Briggate, Leeds, LS1 6HD",,Leeds,Greggs,Boots,01/04/2026,50000.00,50.00,,,GBP,${w.user.name},02/01/2026`,
    ]);
  });

  it('exports the sales of a scheme with their labels, and nothing for no match', async () => {
    const res = await call.get(w.userCookie, `/api/deals/export?scheme_id=${place.scheme}&sort=-sale_price`);
    expect(res.headers['x-total-count']).toBe('2');
    const lines = linesOf(res.body);
    expect(lines.slice(1)).toEqual([
      `Sale,,Arndale,Manchester,,,,,,Investment,5000000.00,,${w.user.name},04/01/2026`,
      `Sale,"SU7 Market Street, Manchester, M1 1AB",Arndale,Manchester,,,01/06/2025,,,Vacant Possession,900000.00,GBP,${w.admin.name},03/01/2026`,
    ]);
    const none = await call.get(w.userCookie, '/api/deals/export?town=york');
    expect(none.headers['x-total-count']).toBe('0');
    expect(linesOf(none.body)).toHaveLength(1);
    const bad = await call.get(w.userCookie, '/api/deals/export?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ to: [DEAL_LIST_MESSAGES.dateOrder] });
  });
});
