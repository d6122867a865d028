/**
 * Duplicates caught at entry (ADR 0082): before creating a company or a contact,
 * the forms ask which existing records it may duplicate. Runs on PGlite and, in CI's second pass,
 * on PostgreSQL (the trigram operator and its index must answer the same on both).
 */
import { SIMILAR_LIMIT } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

let agent: string;
let greggs: number;
let agency: number;

beforeEach(async () => {
  await resetData();
  agency = (await buildCompany({ name: 'Shopfront Agents', domain: 'shopfront-agents.co.uk' })).id;
  greggs = (await buildCompany({ name: 'Greggs', domain: 'greggs.co.uk' })).id;
  await buildCompany({ name: 'Greggs Bakery Holdings' });
  await buildCompany({ name: 'Boots' });
  await buildCompany({ name: 'Poundland', domain: 'poundland.co.uk' });
  await buildUser({ email: 'agent@shopfront-agents.co.uk', name: 'Priya Shah', company_id: agency });
  await buildUser({ email: 'p.sharma@shopfront-agents.co.uk', name: 'Priya Sharma', company_id: agency });
  await buildUser({ email: 'tom@shopfront-agents.co.uk', name: 'Tom Reed', company_id: agency });
  await buildUser({ email: 'priya@greggs.co.uk', name: 'Priya Shah', company_id: greggs });
  agent = await sessionCookie(t.app, 'agent@shopfront-agents.co.uk');
});

/** `signedOut` sends no session cookie. */
const get = (url: string, signedOut = false) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, ...(signedOut ? {} : { cookie: agent }) } });
const companies = async (query: string) => {
  const res = await get(`/api/companies/similar?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ id: number; name: string; match: string }>).map((c) => [
    c.name,
    c.match,
  ]);
};
const contacts = async (query: string) => {
  const res = await get(`/api/users/similar?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ name: string; email: string; match: string }>).map((c) => [
    c.email,
    c.match,
  ]);
};

describe('GET /api/companies/similar', () => {
  it('offers the same name in any case and spacing first, then very similar names, not unrelated ones', async () => {
    expect(await companies('name=%20greggs%20')).toEqual([['Greggs', 'same_name']]);
    expect(await companies('name=Greggs%20Ltd')).toEqual([['Greggs', 'similar_name']]);
    expect(await companies('name=Boots%20UK')).toEqual([['Boots', 'similar_name']]);
    expect(await companies('name=Waitrose')).toEqual([]);
  });

  it('offers the holder of the same domain, however it is written, beside name matches', async () => {
    expect(await companies('name=Pound%20Stretcher&domain=https://www.Poundland.co.uk')).toEqual([
      ['Poundland', 'same_domain'],
    ]);
    expect(await companies('name=Greggs&domain=poundland.co.uk')).toEqual([
      ['Greggs', 'same_name'],
      ['Poundland', 'same_domain'],
    ]);
  });

  it('never offers the company being edited as its own duplicate', async () => {
    expect(await companies(`name=Greggs&exclude_id=${greggs}`)).toEqual([]);
  });

  it(`offers at most ${SIMILAR_LIMIT}`, async () => {
    for (let i = 0; i < SIMILAR_LIMIT + 3; i++) await buildCompany({ name: `Greggs ${i}` });
    const found = await companies('name=Greggs');
    expect(found).toHaveLength(SIMILAR_LIMIT);
    expect(found[0]).toEqual(['Greggs', 'same_name']);
  });

  it('answers nothing without a name or a domain, refuses junk and needs a session', async () => {
    expect(await companies('')).toEqual([]);
    expect((await get('/api/companies/similar?name=' + 'x'.repeat(201))).statusCode).toBe(422);
    expect((await get('/api/companies/similar?exclude_id=abc')).statusCode).toBe(422);
    expect((await get('/api/companies/similar?name=Greggs', true)).statusCode).toBe(401);
  });
});

describe('GET /api/users/similar', () => {
  it('offers contacts of the same company with the same or a very similar name, same names first', async () => {
    expect(await contacts(`name=priya%20shah&company_id=${agency}`)).toEqual([
      ['agent@shopfront-agents.co.uk', 'same_name'],
      ['p.sharma@shopfront-agents.co.uk', 'similar_name'],
    ]);
  });

  it('does not offer a namesake in another company, nor unrelated names', async () => {
    expect(await contacts(`name=Priya%20Shah&company_id=${greggs}`)).toEqual([
      ['priya@greggs.co.uk', 'same_name'],
    ]);
    expect(await contacts(`name=Alex%20Morgan&company_id=${agency}`)).toEqual([]);
    expect(await contacts('name=Priya%20Shah')).toEqual([]);
  });

  it('never offers the contact being edited, and needs a name', async () => {
    const me = (await get('/api/auth/me')).json().data as { id: number };
    expect(await contacts(`name=Priya%20Shah&company_id=${agency}&exclude_id=${me.id}`)).toEqual([
      ['p.sharma@shopfront-agents.co.uk', 'similar_name'],
    ]);
    expect((await get(`/api/users/similar?company_id=${agency}`)).statusCode).toBe(422);
  });
});
