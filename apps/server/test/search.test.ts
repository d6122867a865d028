import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { chooseDriver, propertyWordRows, searchWords, wordRange } from '../src/modules/search/words';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'search-password-1';
let cookie: string;
beforeEach(async () => {
  await resetData();
  const company = await buildCompany({ name: 'Landsec' });
  const user = await buildUser({ email: 'user@search.test', password: PW, company_id: company.id });
  cookie = await sessionCookie(t.app, user);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
const create = async (building_num: string, address: object) =>
  (await call('POST', '/api/properties', { building_num, address })).json().data as {
    id: number;
    address_id: number;
  };
const simple = async (q: string, extra = '') =>
  (await call('GET', `/api/properties/simple?q=${encodeURIComponent(q)}${extra}`)).json();
const ids = async (q: string) => (await simple(q)).data.map((r: { id: number }) => r.id);

describe('search words (ADR 0023)', () => {
  it('splits a query as the database splits addresses', () => {
    expect(searchWords('12 High St., Stoke-on-Trent')).toEqual(['12', 'high', 'st', 'stoke', 'on', 'trent']);
    expect(searchWords('  ,, ')).toEqual([]);
    expect(wordRange('hig')).toEqual({ from: 'hig', to: 'hih' });
    expect(wordRange('12')).toEqual({ from: '12', to: '12\u0001' });
  });

  it('drives a search by the rarest word, else a number, else the longest word', () => {
    expect(chooseDriver(['high', 'leeds'], [1000, 420], 1000)).toBe(1);
    expect(chooseDriver(['high', 'street', '12'], [1000, 1000, 1000], 1000)).toBe(2);
    expect(chooseDriver(['st', 'albans'], [1000, 1000], 1000)).toBe(1);
  });

  it("derives the same rows as the database's property_word_rows (the bench generator relies on it)", async () => {
    const p = await create('Unit 4', {
      street: 'High Street',
      street2: 'Upper Town',
      city: 'Stoke-on-Trent',
      region: 'Staffordshire',
      post_code: 'ST1 1AB',
    });
    // Its tenant, legal tenant, landlord and scheme: their names are words of it too (ADR 0083).
    const tenant = await buildCompany({ name: 'Greggs' });
    const legal = await buildCompany({ name: 'Greggs plc' });
    const landlord = await buildCompany({ name: 'Hammerson UK Properties' });
    await t.db.execute(
      sql`insert into schemes (name, type, address_id) values ('Potteries Centre', 'Shopping centres', ${p.address_id})`,
    );
    await t.db.execute(sql`update properties set tenant_id = ${tenant.id}, legal_tenant_id = ${legal.id},
      scheme_id = (select max(id) from schemes) where id = ${p.id}`);
    await t.db.execute(
      sql`insert into property_parties (property_id, role, company_id) values (${p.id}, 'landlord', ${landlord.id})`,
    );
    const db = await queryRows<{ word: string; rank: number; doc: string }>(
      t.db,
      sql`select word, rank, doc from property_words where property_id = ${p.id} order by word`,
    );
    const [address] = await queryRows<{ full_address: string }>(
      t.db,
      sql`select full_address from addresses where id = ${p.address_id}`,
    );
    const ours = propertyWordRows('Unit 4', address!.full_address, {
      postCode: 'ST1 1AB',
      names: ['Greggs', 'Greggs plc', 'Hammerson UK Properties', 'Potteries Centre'],
    }).sort((a, b) => (a.word < b.word ? -1 : 1));
    expect(ours.map((w) => w.word)).toEqual(
      expect.arrayContaining(['st11ab', 'greggs', 'plc', 'hammerson', 'potteries']),
    );
    expect(ours.map(({ word, rank }) => ({ word, rank }))).toEqual(
      db.map(({ word, rank }) => ({ word, rank: Number(rank) })),
    );
    expect(ours[0]!.doc.trim().split(' ').sort()).toEqual(db[0]!.doc.trim().split(' ').sort());
  });
});

describe('GET /api/properties/simple', () => {
  it('matches word starts of every query word, whole numbers, and ranks the unit number first', async () => {
    const a = await create('3', { street: 'High Street', city: 'Leeds', post_code: 'LS1 6HW' });
    const b = await create('14', { street: 'Oxford Road', city: 'Manchester', post_code: 'M1 3AB' });
    const c = await create('Unit 112', { street: 'Leeds Road', city: 'Bradford', post_code: 'BD1 1AA' });
    expect(await ids('hig lee')).toEqual([a.id]);
    expect((await ids('leeds')).sort()).toEqual([a.id, c.id].sort());
    expect(await ids('ford')).toEqual([]); // word starts only: not "Oxford" or "Bradford"
    expect(await ids('oxf')).toEqual([b.id]);
    expect(await ids('12')).toEqual([]); // "112" is another number
    expect(await ids('112')).toEqual([c.id]);
    // The unit number outranks a word of the address.
    const d = await create('Leeds', { street: 'Zebra Lane', city: 'York', post_code: 'YO1 1AA' });
    expect((await ids('leeds'))[0]).toBe(d.id);
  });

  it('answers "is there another page" instead of counting every match', async () => {
    for (let i = 1; i <= 5; i++)
      await create(String(i), { street: 'Market Street', city: 'Bath', post_code: 'BA1 1AA' });
    const first = await simple('market', '&per_page=2');
    expect(first.data).toHaveLength(2);
    expect(first.meta.pagination).toEqual({
      total: 3,
      count: 2,
      per_page: 2,
      current_page: 1,
      total_pages: 2,
    });
    const last = await simple('market', '&per_page=2&page=3');
    expect(last.data).toHaveLength(1);
    expect(last.meta.pagination).toEqual({
      total: 5,
      count: 1,
      per_page: 2,
      current_page: 3,
      total_pages: 3,
    });
    const pages = [1, 2, 3].map((page) => simple('market', `&per_page=2&page=${page}`));
    const seen = (await Promise.all(pages)).flatMap((r) => r.data.map((x: { id: number }) => x.id));
    expect(new Set(seen).size).toBe(5);
  });

  it('keeps the words current when the address or the unit changes', async () => {
    const p = await create('7', { street: 'Church Lane', city: 'Ludlow', post_code: 'SY8 1AA' });
    expect(await ids('church ludlow')).toEqual([p.id]);
    expect(
      (
        await call('PUT', `/api/addresses/${p.address_id}`, {
          street: 'Mill Street',
          city: 'Ludlow',
          post_code: 'SY8 1AA',
        })
      ).statusCode,
    ).toBe(200);
    expect(await ids('church')).toEqual([]);
    expect(await ids('mill ludlow')).toEqual([p.id]);
    expect((await call('PUT', `/api/properties/${p.id}`, { building_num: '9B' })).statusCode).toBe(200);
    expect(await ids('9b mill')).toEqual([p.id]);
    expect(await ids('7 mill')).toEqual([]);
  });
});
