/**
 * GET /api/enquiries?q= and the export's (ADR 0085): every word of `q` starts a
 * word of the enquirer's company or contact name, or of the enquiry's town (or the whole text
 * starts the town's name); it combines with the other filters and keeps the exact total; hostile
 * text is a 422 or an empty page, never a 500.
 */
import type { Enquiry } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addresses, properties } from '../src/db/schema';
import { buildTestApp, testDb, type TestApp } from './helpers';
import { buildEnquiryWorld, enquiryApi, type EnquiryWorld } from './enquiries.fixtures';

let t: TestApp;
let w: EnquiryWorld;
let api: ReturnType<typeof enquiryApi>;
beforeAll(async () => {
  t = await buildTestApp();
  api = enquiryApi(t);
});
afterAll(() => t.close());

/** Boots in the Leeds unit, Nina Retail (Greggs) in the Leeds scheme, Greggs in Newcastle and King's Lynn. */
let e: Record<'leedsUnit' | 'leedsScheme' | 'newcastle' | 'lynn' | 'sheffield', number>;
beforeEach(async () => {
  w = await buildEnquiryWorld(t);
  const db = await testDb();
  const shopIn = async (city: string) => {
    const [a] = await db.insert(addresses).values({ street: 'High Street', city }).returning();
    const [p] = await db.insert(properties).values({ building_num: '1', address_id: a!.id }).returning();
    return p!.id;
  };
  const make = async (body: object) => {
    const res = await api.create(w.cookies.author, { stage: 'interest', received_at: '2026-02-10', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as Enquiry).id;
  };
  e = {
    leedsUnit: await make({ property_id: w.place.unit, company_id: w.co.boots.id }),
    leedsScheme: await make({ scheme_id: w.place.scheme, user_id: w.users.contact.id }),
    newcastle: await make({ property_id: await shopIn('Newcastle upon Tyne'), company_id: w.co.greggs.id }),
    lynn: await make({ property_id: await shopIn("King's Lynn"), company_id: w.co.greggs.id }),
    sheffield: await make({ scheme_id: w.place.otherScheme, company_id: w.co.boots.id, stage: 'withdrawn' }),
  };
});

const list = async (query: string) => {
  const res = await api.get(w.cookies.author, `/api/enquiries?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Enquiry[]; meta: { pagination: { total: number } } };
};
const ids = async (query: string) => (await list(query)).data.map((x) => x.id);

describe('GET /api/enquiries?q=', () => {
  it("finds an enquiry by its town's name, or the start of any of its words", async () => {
    expect(await ids('q=leeds')).toEqual([e.leedsScheme, e.leedsUnit]);
    expect(await ids('q=LEE')).toEqual([e.leedsScheme, e.leedsUnit]);
    expect(await ids('q=tyne')).toEqual([e.newcastle]);
    expect(await ids('q=newcastle%20upon')).toEqual([e.newcastle]);
    expect(await ids('q=upon%20newc')).toEqual([e.newcastle]);
    expect(await ids(`q=${encodeURIComponent("king's l")}`)).toEqual([e.lynn]);
    expect(await ids('q=lynn')).toEqual([e.lynn]);
  });

  it("still finds it by the enquirer's company or contact, either match enough", async () => {
    expect(await ids('q=greg')).toEqual([e.lynn, e.newcastle]);
    expect(await ids('q=nina')).toEqual([e.leedsScheme]);
    expect(await ids('q=boots')).toEqual([e.sheffield, e.leedsUnit]);
  });

  it('finds nothing for an unrelated word or a town and a company that are not one enquiry', async () => {
    const none = await list('q=zebra');
    expect(none.data).toEqual([]);
    expect(none.meta.pagination.total).toBe(0);
    expect(await ids('q=tyne%20boots')).toEqual([]);
  });

  it('combines with the other filters and keeps the exact total', async () => {
    expect(await ids('q=boots&stage=withdrawn')).toEqual([e.sheffield]);
    expect(await ids(`q=leeds&company_id=${w.co.boots.id}`)).toEqual([e.leedsUnit]);
    expect(await ids('q=sheffield&stage=interest')).toEqual([]);
    const page = await list('q=greg&per_page=1&page=2&sort=id');
    expect(page.data.map((x) => x.id)).toEqual([e.lynn]);
    expect(page.meta.pagination.total).toBe(2);
  });

  it('exports the enquiries the search finds', async () => {
    const res = await api.get(w.cookies.author, '/api/enquiries/export?q=tyne');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Greggs');
  });

  it('answers hostile text with a 422 or an empty page, never a 500', async () => {
    for (const q of ['%00', 'a%00b', encodeURIComponent('%_\\\'"();--'), encodeURIComponent("'; drop")]) {
      const res = await api.get(w.cookies.author, `/api/enquiries?q=${q}`);
      expect([200, 422], res.body).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().data).toEqual([]);
    }
    expect((await api.get(w.cookies.author, `/api/enquiries?q=${'x'.repeat(10_000)}`)).statusCode).toBe(422);
    const punctuation = await list(`q=${encodeURIComponent('!!! --- ...')}`);
    expect(punctuation.data).toEqual([]);
    expect(punctuation.meta.pagination.total).toBe(0);
  });
});
