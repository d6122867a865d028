/**
 * GET /api/enquiries and its export (ADR 0050): each filter (the stage list in all three
 * query forms), the includes, the sorts, paging with the exact total, and the CSV of the current
 * filters with UK dates.
 */
import { ENQUIRY_MESSAGES, type Enquiry } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, enquiries } from '../src/db/schema';
import { buildTestApp, testDb, type TestApp } from './helpers';
import { buildEnquiryWorld, enquiryApi, type EnquiryWorld } from './enquiries.fixtures';

const clock = new Date('2026-05-06T09:00:00Z');
let t: TestApp;
let w: EnquiryWorld;
let api: ReturnType<typeof enquiryApi>;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  api = enquiryApi(t);
});
afterAll(() => t.close());

/** Five enquiries, recorded a day apart (so updated_at orders them), by name. */
let e: Record<'a' | 'b' | 'c' | 'd' | 'f', number>;
beforeEach(async () => {
  w = await buildEnquiryWorld(t);
  const make = async (cookie: string, body: object, day: number) => {
    const res = await api.create(cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as Enquiry).id;
    const at = new Date(Date.UTC(2026, 4, day, 9));
    await (
      await testDb()
    )
      .update(enquiries)
      .set({ created_at: at, updated_at: at })
      .where(eq(enquiries.id, id));
    return id;
  };
  e = {
    a: await make(
      w.cookies.author,
      {
        property_id: w.place.unit,
        company_id: w.co.boots.id,
        stage: 'interest',
        reason: 'new_store',
        received_at: '01/10/2026',
      },
      2,
    ),
    b: await make(
      w.cookies.colleague,
      {
        scheme_id: w.place.scheme,
        user_id: w.users.contact.id,
        stage: 'under_offer',
        received_at: '2026-02-10',
      },
      3,
    ),
    c: await make(
      w.cookies.stranger,
      {
        property_id: w.place.shop,
        company_id: w.co.greggs.id,
        stage: 'completed',
        reason: 'upsize',
        received_at: '2026-03-10',
      },
      4,
    ),
    d: await make(
      w.cookies.admin,
      {
        scheme_id: w.place.otherScheme,
        company_id: w.co.boots.id,
        stage: 'withdrawn',
        received_at: '2026-04-10',
      },
      5,
    ),
    f: await make(
      w.cookies.stranger,
      { property_id: w.place.unit, company_id: w.co.greggs.id, stage: 'interest', received_at: '2026-04-20' },
      6,
    ),
  };
});

const ids = async (query: string, cookie = w.cookies.author) => {
  const res = await api.get(cookie, `/api/enquiries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Enquiry[]).map((x) => x.id);
};

describe('GET /api/enquiries filters', () => {
  it('lists every enquiry newest id first by default, with the exact total', async () => {
    const res = await api.get(w.cookies.author, '/api/enquiries?per_page=2&page=2');
    expect(res.json().meta.pagination).toEqual({
      total: 5,
      count: 2,
      per_page: 2,
      current_page: 2,
      total_pages: 3,
    });
    expect((res.json().data as Enquiry[]).map((x) => x.id)).toEqual([e.c, e.b]);
    expect((await api.get(w.cookies.author, '/api/enquiries')).json().meta.pagination.per_page).toBe(50);
  });

  it('takes the stage list as a,b, as the key repeated and as stage[]', async () => {
    const live = [e.f, e.b, e.a];
    expect(await ids('?stage=interest,under_offer')).toEqual(live);
    expect(await ids('?stage=interest&stage=under_offer')).toEqual(live);
    expect(await ids('?stage[]=interest&stage[]=under_offer')).toEqual(live);
    expect(await ids('?stage=withdrawn')).toEqual([e.d]);
    const bad = await api.get(w.cookies.author, '/api/enquiries?stage=interest,lost');
    expect(bad.statusCode).toBe(422);
  });

  it('filters by property, scheme (with its units), reason, company, contact, town, q, received range, mine and my company', async () => {
    expect(await ids(`?property_id=${w.place.unit}`)).toEqual([e.f, e.a]);
    expect(await ids(`?scheme_id=${w.place.scheme}`)).toEqual([e.f, e.b, e.a]);
    expect(await ids('?reason=upsize,new_store')).toEqual([e.c, e.a]);
    expect(await ids('?reason[]=unknown')).toEqual([e.f, e.d, e.b]);
    expect(await ids(`?company_id=${w.co.boots.id}`)).toEqual([e.d, e.a]);
    expect(await ids(`?user_id=${w.users.contact.id}`)).toEqual([e.b]);
    expect(await ids(`?user_id=${w.users.author.id}`)).toEqual([]);
    expect(await ids('?town=LEEDS')).toEqual([e.f, e.b, e.a]);
    expect(await ids('?town=sheffield')).toEqual([e.d]);
    expect(await ids('?q=greg')).toEqual([e.f, e.c]);
    expect(await ids('?q=NINA')).toEqual([e.b]);
    expect(await ids('?q=retail')).toEqual([e.b]);
    expect(await ids('?received_from=2026-02-10&received_to=2026-04-10')).toEqual([e.d, e.c, e.b]);
    expect(await ids('?mine=1')).toEqual([e.a]);
    expect(await ids('?my_company=1')).toEqual([e.b, e.a]);
    expect(await ids('?my_company=true', w.cookies.stranger)).toEqual([e.f, e.c]);
    expect(await ids(`?scheme_id=${w.place.scheme}&stage=interest&town=leeds&sort=-updated_at`)).toEqual([
      e.f,
      e.a,
    ]);
    const backwards = await api.get(
      w.cookies.author,
      '/api/enquiries?received_from=2026-05-01&received_to=2026-01-01',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ received_to: [ENQUIRY_MESSAGES.dateOrder] });
    for (const bad of ['abc', '0', '-3', '99999999999999999999', '1%00']) {
      const res = await api.get(w.cookies.author, `/api/enquiries?user_id=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors), bad).toEqual(['user_id']);
    }
  });

  it('keeps the stage totals as enquiries are recorded, moved and deleted', async () => {
    const total = async (q: string) =>
      (await api.get(w.cookies.author, `/api/enquiries${q}`)).json().meta.pagination.total;
    expect([await total('?stage=interest'), await total('?stage=under_offer'), await total('')]).toEqual([
      2, 1, 5,
    ]);
    expect((await api.update(w.cookies.author, e.a, { stage: 'under_offer' })).statusCode).toBe(200);
    expect((await api.remove(w.cookies.admin, e.d)).statusCode).toBe(200);
    expect([
      await total('?stage=interest'),
      await total('?stage=under_offer,withdrawn'),
      await total(''),
    ]).toEqual([1, 2, 4]);
  });

  it("keeps the town when an address's town is edited", async () => {
    await (
      await testDb()
    )
      .update(addresses)
      .set({ city: 'York' })
      .where(eq(addresses.id, w.place.unitAddress));
    expect(await ids('?town=york')).toEqual([e.f, e.a]);
    expect(await ids('?town=leeds')).toEqual([e.b]);
  });

  it('sorts by each allowed key, id breaking ties, and refuses others', async () => {
    expect(await ids('?sort=id')).toEqual([e.a, e.b, e.c, e.d, e.f]);
    expect(await ids('?sort=-received_at')).toEqual([e.f, e.d, e.c, e.b, e.a]);
    expect(await ids('?sort=updated_at')).toEqual([e.a, e.b, e.c, e.d, e.f]);
    expect(await ids('?sort=-created_at')).toEqual([e.f, e.d, e.c, e.b, e.a]);
    expect(await ids('?sort=stage')).toEqual([e.a, e.f, e.b, e.c, e.d]);
    // Company names, the contact-only enquiry last either way.
    expect(await ids('?sort=company')).toEqual([e.a, e.d, e.c, e.f, e.b]);
    expect(await ids('?sort=-company')).toEqual([e.f, e.c, e.d, e.a, e.b]);
    expect(await ids('?sort=reason')).toEqual([e.a, e.b, e.d, e.f, e.c]);
    expect((await api.get(w.cookies.author, '/api/enquiries?sort=town')).statusCode).toBe(422);
  });

  it('answers the relations include names, can_edit per record, and 401 signed out', async () => {
    const res = await api.get(
      w.cookies.author,
      '/api/enquiries?include=company,user,scheme,property,comments,size,rent,size_from,nonsense&sort=id',
    );
    const [a, b] = res.json().data as Enquiry[];
    expect(a).toMatchObject({
      company: { name: 'Boots' },
      user: null,
      scheme: { name: 'Trinity Leeds' },
      property: { building_num: 'SU1' },
      comments: [],
      can_edit: true,
      town: 'Leeds',
    });
    expect(b).toMatchObject({ company: null, user: { name: 'Nina Retail' }, property: null, can_edit: true });
    const plain = (await api.get(w.cookies.stranger, '/api/enquiries?sort=id')).json().data as Enquiry[];
    expect(plain[0]).not.toHaveProperty('company');
    expect(plain.map((x) => x.can_edit)).toEqual([false, false, true, false, true]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/enquiries',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/enquiries/export', () => {
  it('streams the current filters in the list order as CSV with UK dates and the total in X-Total-Count', async () => {
    const res = await api.get(
      w.cookies.author,
      `/api/enquiries/export?scheme_id=${w.place.scheme}&sort=received_at`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['content-disposition']).toContain('enquiries-2026-05-06.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Received on,Stage,Reason,Company,Contact,Property,Scheme,Town,Size from (sq ft),Size to (sq ft),Rent from (GBP),Rent to (GBP),Recorded by,Created on,Updated on',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^10\/01\/2026,Interest,New store,Boots,,"SU1 Albion Street, Leeds, LS1 5AU",Trinity Leeds,Leeds,,,,,Alice Author,02\/05\/2026,02\/05\/2026$/,
    );
    expect(lines[2]).toMatch(/^10\/02\/2026,Under Offer,Unknown,,Nina Retail,,Trinity Leeds,Leeds,/);
    expect(lines[3]).toMatch(/^20\/04\/2026,Interest,/);
  });
});
