import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';

/**
 * GET /api/search (ADR 0083): one box over every kind of record. One small world,
 * built once; every test reads it (the last ones write and are ordered after the reads).
 */
let t: TestApp;
let cookie: string;
const id = async (db: TestApp['db'], q: SQL): Promise<number> =>
  Number((await queryRows<{ id: number }>(db, q))[0]!.id);

const w = {} as Record<
  | 'agent'
  | 'alfie'
  | 'archived'
  | 'bull'
  | 'enquiry'
  | 'greggs'
  | 'greggsBakers'
  | 'hammerson'
  | 'inTrinity'
  | 'landsec'
  | 'letting'
  | 'market'
  | 'oldScheme'
  | 'other'
  | 'priyaBaker'
  | 'priyaWright'
  | 'sale'
  | 'superdrug'
  | 'trinity'
  | 'vacant',
  number
>;

beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  const db = t.db;
  const company = (name: string, domain: string | null = null) =>
    id(db, sql`insert into companies (name, domain) values (${name}, ${domain}) returning id`);
  const address = (street: string, city: string, post: string) =>
    id(
      db,
      sql`insert into addresses (street, city, post_code) values (${street}, ${city}, ${post}) returning id`,
    );
  w.greggs = await company('Greggs', 'greggs.co.uk');
  w.greggsBakers = await company('Greggsons Bakers');
  w.landsec = await company('Landsec', 'landsec.com');
  w.superdrug = await company('Superdrug');
  w.hammerson = await company('Hammerson');
  w.agent = await buildUser({ name: 'Priya Shah', email: 'pshah@agents.test', company_id: w.landsec }).then(
    (u) => u.id,
  );
  w.other = await buildUser({ name: 'Aron Priyadarshan', email: 'aron@agents.test' }).then((u) => u.id);
  // A Wright whose e-mail has a word starting "priya", sorting before Priya Wright by name.
  w.alfie = await buildUser({ name: 'Alfie Wright', email: 'alfie@priyasshoes.test' }).then((u) => u.id);
  // A Priya whose e-mail has a word starting "wright", sorting before Priya Wright by name.
  w.priyaBaker = await buildUser({ name: 'Priya Baker', email: 'pb@wrightmoore.test' }).then((u) => u.id);
  w.priyaWright = await buildUser({ name: 'Priya Wright', email: 'pw@agents.test' }).then((u) => u.id);
  const aScheme = await address('Albion Street', 'Leeds', 'LS1 5AT');
  w.trinity = await id(
    db,
    sql`insert into schemes (name, type, address_id) values ('Trinity Leeds', 'Shopping centres', ${aScheme}) returning id`,
  );
  w.oldScheme = await id(
    db,
    sql`insert into schemes (name, type, address_id, archived_at) values ('Trinity Gone', 'Shopping centres', ${aScheme}, now()) returning id`,
  );
  const unit = (
    num: string,
    addressId: number,
    schemeId: number | null,
    tenant: number | null,
    legal: number | null = null,
  ) =>
    id(
      db,
      sql`insert into properties (building_num, address_id, scheme_id, tenant_id, legal_tenant_id) values (${num}, ${addressId}, ${schemeId}, ${tenant}, ${legal}) returning id`,
    );
  w.bull = await unit('12', await address('Bull Street', 'Birmingham', 'B2 4NE'), null, w.greggs);
  w.inTrinity = await unit('Unit 5', aScheme, w.trinity, w.superdrug, w.greggsBakers);
  w.vacant = await unit('3A', await address('Briggate', 'Leeds', 'LS1 6HD'), null, null);
  w.archived = await unit('9', await address('Bull Ring', 'Birmingham', 'B5 4BU'), null, w.greggs);
  await db.execute(sql`update properties set archived_at = now() where id = ${w.archived}`);
  await db.execute(sql`insert into property_parties (property_id, role, company_id) values
    (${w.vacant}, 'landlord', ${w.hammerson}), (${w.bull}, 'tenant_agent', ${w.landsec})`);
  w.letting = await id(
    db,
    sql`insert into deals (deal_type, property_id, effective_date, rent_pa) values ('new_letting', ${w.bull}, '2025-03-01', 30000) returning id`,
  );
  await db.execute(
    sql`insert into deal_parties (deal_id, role, company_id) values (${w.letting}, 'tenant', ${w.greggs})`,
  );
  w.sale = await id(
    db,
    sql`insert into deals (deal_type, scheme_id, effective_date, sale_price) values ('sale', ${w.trinity}, '2024-06-01', 25000000) returning id`,
  );
  w.market = await unit('40', await address('Market Street', 'Manchester', 'M1 1PT'), null, null);
  w.enquiry = await id(
    db,
    sql`insert into enquiries (company_id, user_id, property_id, received_at, stage) values (${w.superdrug}, ${w.agent}, ${w.market}, '2026-01-05', 'interest') returning id`,
  );
  const me = await buildUser({ email: 'searcher@search.test', company_id: w.landsec });
  cookie = await sessionCookie(t.app, me);
});
afterAll(() => t.close());

const get = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/search?${query}`, headers: { ...XHR, cookie } });
const find = async (q: string, extra = ''): Promise<SearchHit[]> => {
  const res = await get(`q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SearchHit[] }).data;
};
const has = (hits: SearchHit[], type: string, entityId: number) =>
  hits.some((h) => h.entity_type === type && h.entity_id === entityId);
const of = (hits: SearchHit[], type: string) =>
  hits.filter((h) => h.entity_type === type).map((h) => h.entity_id);

describe('GET /api/search finds each kind of record by each of its fields', () => {
  it('a property by its unit, street, town, post code, tenant, legal tenant, landlord and scheme', async () => {
    expect(has(await find('12 bull'), 'property', w.bull)).toBe(true);
    expect(has(await find('bull street'), 'property', w.bull)).toBe(true);
    expect(has(await find('birmingham'), 'property', w.bull)).toBe(true);
    expect(has(await find('greggs'), 'property', w.bull)).toBe(true);
    expect(has(await find('greggsons'), 'property', w.inTrinity)).toBe(true);
    expect(has(await find('hammerson'), 'property', w.vacant)).toBe(true);
    expect(has(await find('trinity'), 'property', w.inTrinity)).toBe(true);
    // An agent's name is not one of the unit's searched names.
    expect(has(await find('landsec'), 'property', w.bull)).toBe(false);
  });

  it('reads a UK post code with or without its space, in any case', async () => {
    for (const q of ['B2 4NE', 'b24ne', 'b2 4ne', 'B24N'])
      expect(of(await find(q), 'property'), q).toEqual([w.bull]);
  });

  it('a scheme by its name; a company by its name or domain; a contact by name or e-mail', async () => {
    expect(of(await find('trinity leeds'), 'scheme')).toEqual([w.trinity]);
    expect(of(await find('landsec.com'), 'company')).toEqual([w.landsec]);
    // Every Priya (the first name) before Aron Priyadarshan (a surname that starts with it).
    const priyas = (await find('Priya')).filter((h) => h.entity_type === 'contact').map((h) => h.label);
    expect(priyas).toEqual([
      'Priya Baker',
      'Priya Shah',
      'Priya Wright',
      'Aron Priyadarshan',
      'Alfie Wright',
    ]);
    expect(of(await find('pshah@agents'), 'contact')).toEqual([w.agent]);
    const hit = (await find('priya shah')).find((h) => h.entity_type === 'contact')!;
    expect(hit).toMatchObject({ label: 'Priya Shah', sublabel: 'Landsec' });
  });

  it('a deal by its property and its parties; an enquiry by its enquirer and its town', async () => {
    expect(has(await find('bull street'), 'deal', w.letting)).toBe(true);
    const letting = (await find('greggs')).find((h) => h.entity_type === 'deal' && h.entity_id === w.letting);
    expect(letting).toMatchObject({
      label: expect.stringMatching(/^New Letting · 12, Bull Street/),
      sublabel: '01/03/2025 · Greggs',
    });
    expect(has(await find('trinity'), 'deal', w.sale)).toBe(true);
    expect(has(await find('superdrug'), 'enquiry', w.enquiry)).toBe(true);
    expect(has(await find('priya'), 'enquiry', w.enquiry)).toBe(true);
    expect(has(await find('manch'), 'enquiry', w.enquiry)).toBe(true);
  });

  it('ranks whole-word matches before prefixes, groups by type in the order of their best hit', async () => {
    const hits = await find('greggs');
    // "Greggs" itself (a whole word) before "Greggsons Bakers" (a prefix).
    expect(of(hits, 'company')).toEqual([w.greggs, w.greggsBakers]);
    expect(hits.filter((h) => h.entity_type === 'company').map((h) => h.score)).toEqual([3, 2]);
    const prefix = await find('gregg');
    expect(of(prefix, 'company')).toEqual([w.greggs, w.greggsBakers]);
    expect(prefix.every((h) => h.score === 2)).toBe(true);
    // Each type's hits are contiguous: a grouped list.
    const types = hits.map((h) => h.entity_type);
    expect(types.filter((x, i) => i === 0 || types[i - 1] !== x)).toEqual([...new Set(types)]);
    expect(types[0]).toBe('company');
  });

  it('reads a name in the order it was typed: "priya wright" is Priya Wright before other Wrights', async () => {
    expect(of(await find('priya wright', '&types=contact&limit=1'), 'contact')).toEqual([w.priyaWright]);
    // Whole words before prefixes: then Priya Baker (of wrightmoore.test), Alfie Wright (of priyasshoes.test).
    expect(of(await find('priya wright', '&types=contact'), 'contact')).toEqual([
      w.priyaWright,
      w.priyaBaker,
      w.alfie,
    ]);
    expect(of(await find('wright', '&types=contact'), 'contact')).toEqual([
      w.alfie,
      w.priyaWright,
      w.priyaBaker,
    ]);
  });

  it('falls back to similar spellings (one typo) only when nothing matches literally', async () => {
    const hits = await find('superdrag');
    expect(of(hits, 'company')).toEqual([w.superdrug]);
    expect(hits[0]!.score).toBe(1);
    expect((await find('superdrug')).every((h) => h.score >= 2)).toBe(true);
  });

  it('leaves out archived properties and schemes', async () => {
    expect(has(await find('bull ring'), 'property', w.archived)).toBe(false);
    expect(has(await find('greggs'), 'property', w.archived)).toBe(false);
    expect(has(await find('trinity gone'), 'scheme', w.oldScheme)).toBe(false);
  });

  it('answers only the types asked for, at most `limit` per type', async () => {
    const hits = await find('greggs', '&types=company,deal');
    expect(new Set(hits.map((h) => h.entity_type))).toEqual(new Set(['company', 'deal']));
    expect(of(await find('gregg', '&types=company&limit=1'), 'company')).toEqual([w.greggs]);
  });
});

describe('the Properties list search (GET /api/properties?q=) reads the same names', () => {
  const list = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties?q=${encodeURIComponent(q)}`,
      headers: { ...XHR, cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ id: number }> }).data.map((p) => p.id).sort();
  };
  it('finds units by tenant, legal tenant, landlord, scheme and post code without its space', async () => {
    // "greggs" starts "Greggsons", the legal tenant in Trinity.
    expect(await list('greggs')).toEqual([w.bull, w.inTrinity].sort());
    expect(await list('greggsons')).toEqual([w.inTrinity]);
    expect(await list('hammerson')).toEqual([w.vacant]);
    expect(await list('trinity leeds')).toEqual([w.inTrinity]);
    expect(await list('b24ne')).toEqual([w.bull]);
    // Substrings of the address still match, as before.
    expect(await list('riggate')).toEqual([w.vacant]);
  });
});

describe('GET /api/search refuses what it cannot read', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=greggs', headers: XHR });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 to a NUL byte, an over-long query, an unknown type or limit, and nothing to punctuation', async () => {
    for (const query of [
      `q=${encodeURIComponent('gre\u0000ggs')}`,
      `q=${'a'.repeat(10_000)}`,
      'q=greggs&types=planets',
      'q=greggs&limit=0',
      'q=greggs&limit=1000',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query.slice(0, 40)).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
    expect(await find('%_\\\'"*!?')).toEqual([]);
    expect(await find('')).toEqual([]);
    expect(await find("o'; drop table properties; --")).toEqual(expect.any(Array));
  });
});

describe('GET /api/search follows writes', () => {
  it('finds a unit by a new tenant, a renamed landlord and a renamed scheme at once', async () => {
    await t.db.execute(sql`update properties set tenant_id = ${w.superdrug} where id = ${w.vacant}`);
    await t.db.execute(sql`update companies set name = 'Hammerson Retail' where id = ${w.hammerson}`);
    await t.db.execute(sql`update schemes set name = 'Kirkgate Centre' where id = ${w.trinity}`);
    expect(has(await find('superdrug'), 'property', w.vacant)).toBe(true);
    expect(has(await find('hammerson retail'), 'property', w.vacant)).toBe(true);
    expect(has(await find('kirkgate'), 'property', w.inTrinity)).toBe(true);
    expect(has(await find('trinity'), 'property', w.inTrinity)).toBe(false);
    expect(has(await find('superdrug'), 'property', w.inTrinity)).toBe(true);
  });
});
