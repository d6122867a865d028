import { CONTACT_MESSAGES } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { users } from '../src/db/schema';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  login,
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

const PW = 'contacts-password-1';
let admin: string;
let adminId: number;
let agent: string;
let agency: { id: number };
let retailer: { id: number };

beforeEach(async () => {
  await resetData();
  const platform = await buildCompany({ name: 'Frontage Research' });
  agency = await buildCompany({ name: 'Savills', domain: 'savills.co.uk' });
  retailer = await buildCompany({ name: 'Boots', domain: 'boots.com' });
  adminId = (
    await buildUser({
      name: 'Alex Admin',
      email: 'admin@example.com',
      password: PW,
      type: 'admin',
      company_id: platform.id,
    })
  ).id;
  await buildUser({ name: 'Jamie Agent', email: 'agent@example.com', password: PW, company_id: agency.id });
  // Boots has a member who signs in: Boots' contacts are Boots' business.
  await buildUser({ name: 'Bea Boots', email: 'bea@boots.com', password: PW, company_id: retailer.id });
  admin = await sessionCookie(t.app, 'admin@example.com');
  agent = await sessionCookie(t.app, 'agent@example.com');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const contact = (extra: object = {}) => ({
  company_id: agency.id,
  name: 'Priya Shah',
  email: 'priya.shah@savills.co.uk',
  direct_dial: '020 7946 0123',
  mobile: '',
  ...extra,
});

describe('POST /api/users', () => {
  it('creates a contact of my company, answering it with its company; admin-only fields ignored', async () => {
    const res = await call(
      'POST',
      '/api/users',
      agent,
      contact({ type: 'admin', password: 'sneaky-password-1' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Priya Shah',
      email: 'priya.shah@savills.co.uk',
      company_id: agency.id,
      company: { id: agency.id, name: 'Savills' },
      direct_dial: '020 7946 0123',
      mobile: null,
    });
    // Not an admin, and not the contact: no account fields in the answer (ADR 0073).
    expect(res.json().data).not.toHaveProperty('type');
    const [row] = await (await testDb()).select().from(users).where(eq(users.id, res.json().data.id));
    expect(row).toMatchObject({ type: 'user', is_temp: false, password_hash: null });
  });

  it('lets an admin set the type and a temporary password (the contact can then sign in)', async () => {
    const res = await call(
      'POST',
      '/api/users',
      admin,
      contact({ type: 'admin', password: 'temporary-pass-1' }),
    );
    expect(res.json().data).toMatchObject({ type: 'admin', is_temp: true });
    const me = await login(t.app, 'priya.shah@savills.co.uk', 'temporary-pass-1');
    expect(me).toMatch(/^frontage_session=/);
  });

  it('answers 422 with the contact messages', async () => {
    const empty = await call('POST', '/api/users', agent, { company_id: agency.id });
    expect(empty.json().errors).toEqual({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailRequired],
    });
    const short = await call('POST', '/api/users', agent, contact({ name: 'Al', email: 'not-an-email' }));
    expect(short.json().errors).toEqual({
      name: [CONTACT_MESSAGES.nameMin],
      email: [CONTACT_MESSAGES.emailInvalid],
    });
    const noCompany = await call('POST', '/api/users', admin, contact({ company_id: 99999 }));
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().errors).toEqual({ company_id: [CONTACT_MESSAGES.companyMissing] });
  });

  it('refuses a taken e-mail in any case, also when the unique index decides', async () => {
    await call('POST', '/api/users', agent, contact());
    const dupe = await call(
      'POST',
      '/api/users',
      agent,
      contact({ email: 'PRIYA.Shah@Savills.co.uk', name: 'Other Priya' }),
    );
    expect(dupe.statusCode).toBe(422);
    expect(dupe.json().errors).toEqual({ email: [CONTACT_MESSAGES.emailTaken] });
    // Two creates at once: one wins, the other is a clean 422.
    const [a, b] = await Promise.all([
      call('POST', '/api/users', agent, contact({ email: 'race@savills.co.uk' })),
      call('POST', '/api/users', agent, contact({ email: 'Race@savills.co.uk' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect((a.statusCode === 422 ? a : b).json().errors).toEqual({ email: [CONTACT_MESSAGES.emailTaken] });
  });

  it('follows the master-entity rule: not into another member company; yes into one nobody owns yet', async () => {
    const before = await tableFingerprint();
    const refused = await call(
      'POST',
      '/api/users',
      agent,
      contact({ company_id: retailer.id, email: 'x@boots.com' }),
    );
    expect(refused.statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
    const fresh = (await call('POST', '/api/companies', agent, { name: 'Brand New Bakery' })).json().data;
    const ok = await call(
      'POST',
      '/api/users',
      agent,
      contact({ company_id: fresh.id, email: 'baker@bakery.example' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.company.name).toBe('Brand New Bakery');
    const bare = await call(
      'POST',
      '/api/users',
      agent,
      contact({ company_id: null, email: 'free@agent.example' }),
    );
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data.company).toBeNull();
  });
});

describe('GET /api/users', () => {
  beforeEach(async () => {
    for (const [name, email] of [
      ['Sarah Jones', 'sarah.jones@boots.com'],
      ['Sara Johnson', 'sara.j@next.co.uk'],
      ['Tom Sarandon', 'tom@greggs.co.uk'],
      ['Mohammed Ali', 'm.ali@sarahs-shoes.example'],
    ] as const) {
      await buildUser({ name, email, company_id: retailer.id });
    }
  });

  const names = async (url: string): Promise<string[]> => {
    const res = await call('GET', url, agent);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((u: { name: string }) => u.name);
  };

  it('matches word starts of the name and e-mail, best first; slash or not; includes the company on request', async () => {
    const res = await call('GET', '/api/users/?q=sarah&include=company&per_page=100', agent);
    expect(res.statusCode).toBe(200);
    // "Sarandon" does not start with "sarah"; "sarahs-shoes" (an e-mail word) does.
    expect(res.json().data.map((u: { name: string }) => u.name)).toEqual(['Sarah Jones', 'Mohammed Ali']);
    expect(res.json().data[0].company).toMatchObject({ id: retailer.id, name: 'Boots' });
    const plain = (await call('GET', '/api/users?q=sarah', agent)).json().data[0];
    expect(plain).not.toHaveProperty('company');
    expect(await names('/api/users?q=greggs')).toEqual(['Tom Sarandon']);
  });

  it('ranks first names, then surnames, then other name words, then e-mail words (ADR 0030)', async () => {
    expect(await names('/api/users?q=sara')).toEqual([
      'Sara Johnson',
      'Sarah Jones',
      'Tom Sarandon',
      'Mohammed Ali',
    ]);
    await buildUser({ name: 'Mary Jo Smith', email: 'mary.smith@x-y.example', company_id: retailer.id });
    expect(await names('/api/users?q=jo')).toEqual(['Sara Johnson', 'Sarah Jones', 'Mary Jo Smith']);
    const rows = await queryRows<{ word: string; tier: number }>(
      await testDb(),
      sql`select w.word, w.tier from contact_words w join users u on u.id = w.user_id where u.name = 'Mary Jo Smith' order by w.word`,
    );
    expect(rows.map((r) => [r.word, Number(r.tier)])).toEqual([
      ['example', 3],
      ['jo', 2],
      ['mary', 0],
      ['smith', 1],
      ['x', 3],
      ['y', 3],
    ]);
  });

  it('needs every word of the query, in any order; a number as a whole word', async () => {
    expect(await names('/api/users?q=sarah%20jon')).toEqual(['Sarah Jones']);
    expect(await names('/api/users?q=jon%20sarah')).toEqual(['Sarah Jones']);
    expect(await names('/api/users?q=sarah%20boots')).toEqual(['Sarah Jones']);
    await buildUser({ name: 'Desk 12', email: 'desk112@example.com' });
    await buildUser({ name: 'Room 112', email: 'room@example.com' });
    expect(await names('/api/users?q=12')).toEqual(['Desk 12']);
  });

  it('keeps the words current when a name or e-mail changes, by any path, and drops them with the contact', async () => {
    const db = await testDb();
    const tom = (await db.select().from(users).where(eq(users.name, 'Tom Sarandon')))[0]!;
    const put = await call('PUT', `/api/users/${tom.id}`, admin, {
      company_id: retailer.id,
      name: 'Tom Baker',
      email: 'tom@bakers.example',
      direct_dial: '',
      mobile: '',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await names('/api/users?q=baker')).toEqual(['Tom Baker']);
    expect(await names('/api/users?q=greggs')).toEqual([]);
    expect(await names('/api/users?q=sarandon&sort=name')).toEqual([]);
    await db.update(users).set({ email: 'sarah@lush.example' }).where(eq(users.name, 'Sarah Jones'));
    expect(await names('/api/users?q=lush')).toEqual(['Sarah Jones']);
    expect(await names('/api/users?q=boots')).toEqual(['Bea Boots']);
    expect((await call('DELETE', `/api/users/${tom.id}`, admin)).statusCode).toBe(200);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from contact_words where user_id = ${tom.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('falls back to similar spellings of the name only when nothing matches literally, on the first page', async () => {
    expect(await names('/api/users?q=mohammad')).toContain('Mohammed Ali');
    expect(await names('/api/users?q=mohammad&page=2')).toEqual([]);
    await buildUser({ name: 'Mohamed Farah', email: 'mo@example.com' });
    expect(await names('/api/users?q=mohamed')).toEqual(['Mohamed Farah']);
    expect(await names('/api/users?q=mohammed')).toEqual(['Mohammed Ali']);
  });

  it('applies the company filter to a relevance search', async () => {
    await buildUser({ name: 'Sarah Agency', email: 'sarah@agency.example', company_id: agency.id });
    expect(await names('/api/users?q=sarah')).toEqual(['Sarah Agency', 'Sarah Jones', 'Mohammed Ali']);
    expect(await names(`/api/users?q=sarah&company_id=${retailer.id}`)).toEqual([
      'Sarah Jones',
      'Mohammed Ali',
    ]);
    expect(await names(`/api/users?q=sarah%20agency&company_id=${agency.id}`)).toEqual(['Sarah Agency']);
  });

  it('pages a relevance search without repeats; the total says whether another page follows', async () => {
    const page = async (n: number) =>
      (await call('GET', `/api/users?q=sara&per_page=2&page=${n}`, agent)).json();
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect(p1.data.map((u: { name: string }) => u.name)).toEqual(['Sara Johnson', 'Sarah Jones']);
    expect(p1.meta.pagination).toEqual({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
    expect(p2.data.map((u: { name: string }) => u.name)).toEqual(['Tom Sarandon', 'Mohammed Ali']);
    expect(p2.meta.pagination).toEqual({ total: 4, count: 2, per_page: 2, current_page: 2, total_pages: 2 });
    expect(p3.data).toEqual([]);
    expect(p3.meta.pagination.total).toBe(4);
  });

  it('filters the sorted list (explicit sort) and the export by the same rule, with an exact total', async () => {
    const res = (await call('GET', '/api/users?q=sara&sort=name&per_page=3', agent)).json();
    expect(res.data.map((u: { name: string }) => u.name)).toEqual([
      'Mohammed Ali',
      'Sara Johnson',
      'Sarah Jones',
    ]);
    expect(res.meta.pagination).toMatchObject({ total: 4, count: 3, total_pages: 2 });
    const exported = await call('GET', '/api/users/export?q=sara', agent);
    expect(exported.headers['x-total-count']).toBe('4');
  });

  it('filters by company, sorts and paginates', async () => {
    const page = (
      await call('GET', `/api/users?company_id=${retailer.id}&sort=-name&per_page=2`, agent)
    ).json();
    expect(page.meta.pagination).toEqual({
      total: 5,
      count: 2,
      per_page: 2,
      current_page: 1,
      total_pages: 3,
    });
    expect(page.data.map((u: { name: string }) => u.name)).toEqual(['Tom Sarandon', 'Sarah Jones']);
    expect((await call('GET', '/api/users?per_page=0', agent)).statusCode).toBe(422);
    expect((await call('GET', '/api/users?sort=password_hash', agent)).statusCode).toBe(422);
  });

  it('reads one (404 when missing)', async () => {
    const res = await call('GET', `/api/users/${adminId}?include=company`, agent);
    expect(res.json().data).toMatchObject({
      id: adminId,
      name: 'Alex Admin',
      company: { name: 'Frontage Research' },
    });
    expect((await call('GET', '/api/users/99999', agent)).statusCode).toBe(404);
  });

  it('exports every matching contact as CSV', async () => {
    await buildUser({ name: '@SUM(A1)', email: 'formula@boots.com', company_id: retailer.id, mobile: '-1' });
    const res = await call('GET', `/api/users/export?company_id=${retailer.id}&sort=name`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('6');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,name,email,company,direct_dial,mobile');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^\d+,'@SUM\(A1\),formula@boots\.com,Boots,,'-1$/);
  });
});

describe('PUT and DELETE /api/users/{id}', () => {
  it('edits under the master-entity rule, also when moving the contact to another company', async () => {
    const mine = (await call('POST', '/api/users', agent, contact())).json().data;
    const edited = await call(
      'PUT',
      `/api/users/${mine.id}`,
      agent,
      contact({ name: 'Priya Shah-Patel', mobile: '07700 900123' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Priya Shah-Patel',
      mobile: '07700 900123',
      company: { name: 'Savills' },
    });

    const bea = (await (await testDb()).select().from(users).where(eq(users.email, 'bea@boots.com')))[0]!;
    const before = await tableFingerprint();
    expect(
      (
        await call(
          'PUT',
          `/api/users/${bea.id}`,
          agent,
          contact({ company_id: retailer.id, email: 'bea@boots.com' }),
        )
      ).statusCode,
    ).toBe(403);
    // Moving my contact into a company I may not add to.
    expect(
      (await call('PUT', `/api/users/${mine.id}`, agent, contact({ company_id: retailer.id }))).statusCode,
    ).toBe(403);
    expect(await tableFingerprint()).toEqual(before);

    const taken = await call('PUT', `/api/users/${mine.id}`, agent, contact({ email: 'Agent@Example.com' }));
    expect(taken.json().errors).toEqual({ email: [CONTACT_MESSAGES.emailTaken] });
    const same = await call(
      'PUT',
      `/api/users/${mine.id}`,
      agent,
      contact({ email: 'PRIYA.SHAH@savills.co.uk' }),
    );
    expect(same.statusCode).toBe(200);
    expect(
      (
        await call(
          'PUT',
          `/api/users/${bea.id}`,
          admin,
          contact({ company_id: retailer.id, email: 'bea@boots.com', type: 'admin' }),
        )
      ).json().data.type,
    ).toBe('admin');
  });

  it('deletes as an admin only, never oneself', async () => {
    const c = (await call('POST', '/api/users', agent, contact())).json().data;
    expect((await call('DELETE', `/api/users/${c.id}`, agent)).statusCode).toBe(403);
    const self = await call('DELETE', `/api/users/${adminId}`, admin);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ msg: CONTACT_MESSAGES.cannotDeleteSelf });
    expect((await call('DELETE', `/api/users/${c.id}`, admin)).json()).toEqual({
      status: 'success',
      msg: CONTACT_MESSAGES.deleted,
      data: null,
    });
    expect((await call('DELETE', `/api/users/${c.id}`, admin)).statusCode).toBe(404);
  });
});
