/**
 * A company's e-mail domain belongs to one company (ADR 0072): an agent cannot
 * take a retailer's domain for their own company, so GET /api/companies/by-domain — and with it
 * the contact form's company — keeps answering the real owner. Normalised comparison, merges, and
 * two requests racing for one domain (one 422, not a 500).
 */
import { domainTakenBy } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { companies } from '../src/db/schema';
import {
  WAIT_MS,
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  tableFingerprint,
  testDb,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'domains-password-1';
let admin: string;
let agent: string;
let agencyId: number;
let spaceNk: { id: number; name: string };

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research', domain: 'frontage.example' });
  const agency = await buildCompany({ name: 'Shopfront Agents', domain: 'shopfront-agents.co.uk' });
  agencyId = agency.id;
  spaceNk = await buildCompany({ name: 'Space NK', domain: 'spacenk.com' });
  await buildUser({ email: 'admin@frontage.example', password: PW, type: 'admin', company_id: platform.id });
  await buildUser({ email: 'agent@shopfront-agents.co.uk', password: PW, company_id: agency.id });
  admin = await sessionCookie(t.app, 'admin@frontage.example');
  agent = await sessionCookie(t.app, 'agent@shopfront-agents.co.uk');
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });
const byDomain = (domain: string, cookie = agent) =>
  call('GET', `/api/companies/by-domain?domain=${encodeURIComponent(domain)}`, cookie);
const setDomain = (id: number, domain: string | null, cookie = agent, name = 'Shopfront Agents') =>
  call('PUT', `/api/companies/${id}`, cookie, { name, domain });
const takenBody = (holder: string) => ({
  message: 'The given data was invalid.',
  errors: { domain: [domainTakenBy(holder)] },
});
const domainOf = async (id: number) =>
  (await (await testDb()).select({ d: companies.domain }).from(companies).where(eq(companies.id, id)))[0]?.d;

describe('the hijack, as an attacker tries it', () => {
  it("an agent cannot set their own company's domain to a retailer's; by-domain and new contacts stay with the retailer", async () => {
    const before = await tableFingerprint();
    const refused = await setDomain(agencyId, 'spacenk.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(takenBody('Space NK'));
    expect(await tableFingerprint()).toEqual(before);

    // by-domain answers the one owner, however the address's domain is written.
    for (const d of ['spacenk.com', 'SpaceNK.com', 'www.spacenk.com', '@spacenk.com']) {
      const found = await byDomain(d);
      expect(found.statusCode, d).toBe(200);
      expect(found.json().data).toMatchObject({ id: spaceNk.id, name: 'Space NK' });
    }
    // An admin creating a sign-in user takes the company by-domain names (the contact form's way).
    const company = (await byDomain('spacenk.com', admin)).json().data as { id: number };
    const created = await call('POST', '/api/users', admin, {
      company_id: company.id,
      name: 'Nadia Kaur',
      email: 'nadia.kaur@spacenk.com',
      direct_dial: '',
      mobile: '',
      password: 'temporary-password-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.company).toMatchObject({ id: spaceNk.id, name: 'Space NK' });
  });

  it('refuses every spelling of a held domain: case, www., a leading @, a pasted URL, spaces', async () => {
    for (const d of [
      'SPACENK.COM',
      'www.spacenk.com',
      'WWW.SpaceNK.com',
      '@spacenk.com',
      'https://www.spacenk.com/about?x=1',
      '  spacenk.com  ',
    ]) {
      const res = await setDomain(agencyId, d);
      expect(res.statusCode, d).toBe(422);
      expect(res.json(), d).toEqual(takenBody('Space NK'));
    }
    expect(await domainOf(agencyId)).toBe('shopfront-agents.co.uk');
  });

  it('a domain stored unnormalised by another path (www., capitals) is still held', async () => {
    const boots = await buildCompany({ name: 'Boots', domain: 'WWW.Boots.com' });
    expect((await setDomain(agencyId, 'boots.com')).json()).toEqual(takenBody('Boots'));
    expect((await byDomain('boots.com')).json().data.id).toBe(boots.id);
    // The database holds the line too: a second holder cannot be written past the service.
    await expect(buildCompany({ name: 'Boots again', domain: 'boots.COM ' })).rejects.toThrow();
  });

  it('refuses creating a company on a held domain, writing nothing', async () => {
    const before = await tableFingerprint();
    const res = await call('POST', '/api/companies', agent, {
      name: 'Space NK Ltd',
      domain: 'www.spacenk.com',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(takenBody('Space NK'));
    expect(await tableFingerprint()).toEqual(before);
  });

  it('admins are refused too: a domain moves between companies only by a merge', async () => {
    const res = await setDomain(agencyId, 'spacenk.com', admin);
    expect(res.json()).toEqual(takenBody('Space NK'));
  });
});

describe('a company keeps and changes its own domain', () => {
  it('re-saving its own domain in another spelling is no conflict, and is stored normalised', async () => {
    const res = await setDomain(agencyId, 'https://WWW.Shopfront-Agents.co.uk/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.domain).toBe('shopfront-agents.co.uk');
  });

  it('a freed domain can be taken: cleared by its holder, then set by another', async () => {
    const member = await buildUser({ email: 'ops@spacenk.com', password: PW, company_id: spaceNk.id });
    const retailer = await sessionCookie(t.app, member);
    expect((await setDomain(spaceNk.id, null, retailer, 'Space NK')).statusCode).toBe(200);
    expect((await byDomain('spacenk.com')).statusCode).toBe(404);
    expect((await setDomain(agencyId, 'spacenk.com')).statusCode).toBe(200);
    expect((await byDomain('spacenk.com')).json().data.id).toBe(agencyId);
  });
});

describe('merge', () => {
  it("moves the duplicate's domain to a target without one", async () => {
    const dup = await buildCompany({ name: 'Space NK Ltd', domain: 'spacenk.co.uk' });
    const target = await buildCompany({ name: 'Space NK Apothecary', domain: null });
    const res = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: target.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.moved).toMatchObject({ domain: 1 });
    expect(await domainOf(target.id)).toBe('spacenk.co.uk');
    expect((await byDomain('spacenk.co.uk')).json().data.id).toBe(target.id);
  });

  it('a target with a domain keeps its own; the duplicate’s is free again', async () => {
    const dup = await buildCompany({ name: 'Space NK Ltd', domain: 'spacenk.co.uk' });
    const res = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: spaceNk.id });
    expect(res.json().data.moved).toMatchObject({ domain: 0 });
    expect(await domainOf(spaceNk.id)).toBe('spacenk.com');
    expect((await byDomain('spacenk.co.uk')).statusCode).toBe(404);
  });
});

describe('two requests racing for one domain', () => {
  it('several companies taking one free domain at once: one wins, the others get a 422 naming it', async () => {
    const rivals = await Promise.all(
      ['Rival A', 'Rival B', 'Rival C', 'Rival D'].map((name) => buildCompany({ name, domain: null })),
    );
    const answers = await Promise.all(
      rivals.map((c) =>
        call('PUT', `/api/companies/${c.id}`, admin, { name: c.name, domain: 'contested.example' }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]!.json().data as { id: number; name: string };
    for (const r of answers.filter((a) => a !== won[0])) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json()).toEqual(takenBody(winner.name));
    }
    expect((await byDomain('contested.example')).json().data.id).toBe(winner.id);
  });

  // A request whose check passed while another's write was not yet committed: only PostgreSQL
  // runs two transactions at once (PGlite has one connection, so this cannot be staged there).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the unique index refuses the loser after its check passed: a 422, not a 500',
    async () => {
      const db = await testDb();
      let answer: Promise<{ statusCode: number; json: () => unknown }> | undefined;
      await db.transaction(async (tx) => {
        await tx.insert(companies).values({ name: 'Early Bird', domain: 'raced.example' });
        // Not committed yet: the agent's check finds no holder; its write waits on the index.
        answer = setDomain(agencyId, 'raced.example');
        await vi.waitFor(
          async () => {
            const waiting = await queryRows<{ n: number }>(
              db,
              sql`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(waiting[0]!.n).toBeGreaterThan(0);
          },
          { timeout: WAIT_MS, interval: 20 },
        );
      });
      const res = await answer!;
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(takenBody('Early Bird'));
      expect(await domainOf(agencyId)).toBe('shopfront-agents.co.uk');
    },
  );
});
