/**
 * Pickers rank what was typed first (ADR 0085), on the demo data: the contact and
 * company searches the pickers send (GET /api/users/?q=&per_page=&include=company, GET
 * /api/companies/?q=&per_page=) answer the names that start with the typed text first, with or
 * without a company filter. (The contact picker's wrong first option was the browser's: options
 * keyed by name — see apps/web/test/pickers.test.tsx.)
 */
import { PAGE_SIZE_PICKER, PAGE_SIZE_SEARCH } from '@frontage/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../src/db/seed/data';
import { seedDemo } from '../src/db/seed/seed';
import { TEST_SCRYPT_COST, XHR, buildTestApp, login, resetData, type TestApp } from './helpers';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  await seedDemo(t.db, { scryptCost: TEST_SCRYPT_COST });
  cookie = await login(t.app, DEMO_AGENT.email, DEMO_AGENT.password);
});
afterAll(() => t.close());

const names = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ name: string; company_id?: number | null }>).map((r) => r.name);
};

describe('the pickers’ searches on the demo data', () => {
  it('answer "Priya" with the Priyas, first names first', async () => {
    for (const perPage of [PAGE_SIZE_PICKER, PAGE_SIZE_SEARCH]) {
      const found = await names(`/api/users/?q=Priya&per_page=${perPage}&include=company`);
      expect(found.length).toBeGreaterThan(1);
      expect(found.every((n) => n.startsWith('Priya '))).toBe(true);
      expect(found).toEqual([...found].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    }
    // Two words: a Priya whose surname starts with the second.
    const [first] = await names('/api/users/?q=Priya&per_page=1&include=company');
    const initial = first!.split(' ')[1]!.slice(0, 2);
    expect((await names(`/api/users/?q=priya%20${initial}&per_page=100&include=company`))[0]).toBe(first);
  });

  it('answer "Priya" within one company (the filtered path) with its Priya first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/?q=Priya&per_page=100&include=company',
      headers: { ...XHR, cookie },
    });
    const priya = (res.json().data as Array<{ name: string; company_id: number }>)[0]!;
    const found = await names(
      `/api/users/?q=Priya&per_page=100&include=company&company_id=${priya.company_id}`,
    );
    expect(found[0]).toMatch(/^Priya /);
  });

  it('answer a company name with that company first, then the longer names it starts', async () => {
    const boots = await names(`/api/companies/?q=boots&per_page=${PAGE_SIZE_PICKER}`);
    expect(boots[0]).toBe('Boots');
    expect(boots.every((n) => /^boots\b/i.test(n))).toBe(true);
    const costa = await names(`/api/companies/?q=Costa&per_page=${PAGE_SIZE_PICKER}`);
    expect(costa[0]).toMatch(/^Costa/);
  });
});
