import { COMPANY_MESSAGES, LOGO_MAX_BYTES, MESSAGES } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { companies, companyCategories, companyCategory } from '../src/db/schema';
import {
  GIF_AS_PNG,
  HTML_AS_PNG,
  PDF_AS_PNG,
  SVG_AS_PNG,
  bmpImage,
  jpegWithExif,
  logoPart,
  multipart,
  pngImage,
} from './companies.fixtures';
import {
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

const PW = 'companies-password-1';
let admin: string;
let agent: string;
let agentCompanyId: number;
let cats: number[];

beforeEach(async () => {
  await resetData();
  const db = await testDb();
  cats = (
    await db
      .insert(companyCategories)
      .values([{ name: 'Pharmacy' }, { name: 'Fashion' }, { name: 'Grocery' }])
      .returning()
  ).map((c) => c.id);
  const platform = await buildCompany({ name: 'Frontage Research' });
  const agency = await buildCompany({ name: 'Savills', domain: 'savills.co.uk' });
  agentCompanyId = agency.id;
  await buildUser({ email: 'admin@example.com', password: PW, type: 'admin', company_id: platform.id });
  await buildUser({ email: 'agent@example.com', password: PW, company_id: agency.id });
  admin = await sessionCookie(t.app, 'admin@example.com');
  agent = await sessionCookie(t.app, 'agent@example.com');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const postForm = (
  cookie: string,
  fields: Array<[string, string]>,
  files: Parameters<typeof multipart>[1] = [],
  url = '/api/companies',
) => {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...XHR, cookie, ...form.headers },
    payload: form.body,
  });
};

const storedLogo = async (id: number) =>
  (
    await (
      await testDb()
    )
      .select({ logo: companies.logo, mime: companies.logo_mime })
      .from(companies)
      .where(eq(companies.id, id))
  )[0]!;

describe('POST /api/companies', () => {
  it('creates from a multipart form; categories count only for admins', async () => {
    const fields: Array<[string, string]> = [
      ['name', 'Boots'],
      ['domain', 'https://www.Boots.com/store'],
      ['phone', '0345 070 8090'],
      ['categories[]', String(cats[1])],
      ['categories[]', String(cats[0])],
    ];
    const byAgent = await postForm(agent, fields);
    expect(byAgent.statusCode, byAgent.body).toBe(201);
    expect(byAgent.json().data).toMatchObject({
      name: 'Boots',
      domain: 'boots.com',
      phone: '0345 070 8090',
      categories: [],
      logo: null,
      is_verified: false,
      verified_at: null,
    });

    const byAdmin = await postForm(admin, [
      ['name', 'Superdrug'],
      ['categories', String(cats[2])],
      ['categories', String(cats[0])],
    ]);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().data.categories).toEqual([cats[0], cats[2]].sort((a, b) => a! - b!));
  });

  it('accepts JSON without a logo too', async () => {
    const res = await call('POST', '/api/companies', admin, {
      name: 'Greggs',
      domain: 'greggs.co.uk',
      categories: [cats[0]],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Greggs', categories: [cats[0]] });
  });

  it('answers 422 with the form messages', async () => {
    const noName = await postForm(admin, [
      ['name', '  '],
      ['domain', 'not a domain'],
    ]);
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { name: [COMPANY_MESSAGES.nameRequired], domain: [COMPANY_MESSAGES.domainInvalid] },
    });
    const missingName = await call('POST', '/api/companies', admin, { domain: 'x.com' });
    expect(missingName.json().errors.name).toEqual([COMPANY_MESSAGES.nameRequired]);
    const badCategory = await postForm(admin, [
      ['name', 'Next'],
      ['categories[]', String(cats[0])],
      ['categories[]', '9999'],
    ]);
    expect(badCategory.statusCode).toBe(422);
    expect(badCategory.json().errors).toEqual({ 'categories.1': [COMPANY_MESSAGES.categoryUnknown] });
  });

  it.each([
    ['html', HTML_AS_PNG],
    ['svg', SVG_AS_PNG],
    ['pdf', PDF_AS_PNG],
    ['gif', GIF_AS_PNG],
  ])('refuses %s renamed .png (422 on logo, nothing stored)', async (_kind, data) => {
    const before = await tableFingerprint();
    const res = await postForm(agent, [['name', 'Sneaky Ltd']], [logoPart(data)]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ logo: [COMPANY_MESSAGES.logoType] });
    expect(await tableFingerprint()).toEqual(before);
  });

  it('refuses a logo over 5 MiB with 413 and stores nothing', async () => {
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(LOGO_MAX_BYTES + 1024, 7)]);
    const before = await tableFingerprint();
    const res = await postForm(agent, [['name', 'Huge Logo Ltd']], [logoPart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ msg: COMPANY_MESSAGES.logoTooLarge });
    expect(await tableFingerprint()).toEqual(before);
  });

  it('re-encodes a BMP to a PNG within 400 px', async () => {
    const res = await postForm(
      agent,
      [['name', 'Bitmap Stores']],
      [logoPart(bmpImage(640, 480), 'logo.bmp', 'image/bmp')],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, logo } = res.json().data;
    expect(logo).toMatch(new RegExp(`^/api/companies/${id}/logo\\?v=[0-9a-f]{12}$`));
    const stored = await storedLogo(id);
    expect(stored.mime).toBe('image/png');
    const meta = await sharp(stored.logo!).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 400, height: 300 });
    // Left half black, right half cyan (green+blue) — the colour channels survived the ABGR decode.
    const { data } = await sharp(stored.logo!).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number) => [...data.subarray((10 * 400 + x) * 4, (10 * 400 + x) * 4 + 4)];
    expect(px(10)).toEqual([0, 0, 255, 255]);
    expect(px(390)).toEqual([0, 255, 255, 255]);
  });

  it('keeps a JPEG photo as JPEG, capped at 400 px, with its EXIF stripped', async () => {
    const photo = await jpegWithExif(1200, 900);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await postForm(agent, [['name', 'Photo Shop']], [logoPart(photo, 'photo.png', 'image/png')]);
    expect(res.statusCode).toBe(201);
    const stored = await storedLogo(res.json().data.id);
    expect(stored.mime).toBe('image/jpeg');
    const meta = await sharp(stored.logo!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(stored.logo!.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('never enlarges a small logo', async () => {
    const res = await postForm(agent, [['name', 'Tiny']], [logoPart(await pngImage(120, 60))]);
    const meta = await sharp((await storedLogo(res.json().data.id)).logo!).metadata();
    expect(meta).toMatchObject({ width: 120, height: 60 });
  });
});

describe('GET /api/companies/{id}/logo', () => {
  it('serves the image for <img src>: session needed, header not, cached privately for a year, ETag + 304', async () => {
    const created = (
      await postForm(agent, [['name', 'Logo Co']], [logoPart(await pngImage(300, 200))])
    ).json().data;
    const res = await t.app.inject({ method: 'GET', url: created.logo, headers: { cookie: agent } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Signed-in data: private caches only (security-headers.test.ts has the rest).
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(created.logo).toContain(`v=${etag.slice(1, 13)}`);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');

    const again = await t.app.inject({
      method: 'GET',
      url: created.logo,
      headers: { cookie: agent, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const anonymous = await t.app.inject({ method: 'GET', url: created.logo });
    expect(anonymous.statusCode).toBe(401);
    // Only the logo is exempt from the header; the record itself is not.
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${created.id}`,
      headers: { cookie: agent },
    });
    expect(record.statusCode).toBe(403);
  });

  it('is 404 without a logo', async () => {
    const c = await buildCompany();
    expect((await call('GET', `/api/companies/${c.id}/logo`, agent)).statusCode).toBe(404);
  });

  it('replaces and removes a logo under the master-entity rule', async () => {
    const own = await buildCompany({ name: 'Own' });
    const other = await buildCompany({ name: 'Other' });
    await buildUser({ email: 'own@example.com', password: PW, company_id: own.id });
    const member = await sessionCookie(t.app, 'own@example.com');
    const png = await pngImage(100, 100);
    const replaced = await postForm(member, [], [logoPart(png)], `/api/companies/${own.id}/logo`);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.logo).toMatch(/\?v=/);
    const before = await tableFingerprint();
    expect((await postForm(member, [], [logoPart(png)], `/api/companies/${other.id}/logo`)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/companies/${other.id}/logo`, member)).statusCode).toBe(403);
    expect(await tableFingerprint()).toEqual(before);
    const missing = await postForm(member, [['name', 'x']], [], `/api/companies/${own.id}/logo`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ logo: [COMPANY_MESSAGES.logoRequired] });
    const removed = await call('DELETE', `/api/companies/${own.id}/logo`, member);
    expect(removed.json().data.logo).toBeNull();
    expect((await storedLogo(own.id)).logo).toBeNull();
  });
});

describe('GET /api/companies', () => {
  beforeEach(async () => {
    for (const name of [
      'Boots',
      'Boots Opticians',
      'Reboot Fitness',
      'Bootleg Records',
      'Superdrug',
      'Lush',
      'The Body Shop',
    ]) {
      await buildCompany({ name, domain: `${name.toLowerCase().replace(/\s+/g, '')}.co.uk` });
    }
  });

  const names = async (url: string): Promise<string[]> => {
    const res = await call('GET', url, agent);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: { name: string }) => c.name);
  };

  it('matches word starts (ADR 0030): exact name first, then names starting with the word, then other words; with and without the slash', async () => {
    expect(await names('/api/companies/?q=boots&per_page=10')).toEqual(['Boots', 'Boots Opticians']);
    // Inner substrings no longer match: "boot" is not in "Reboot Fitness" (it was under ADR 0009).
    expect(await names('/api/companies?q=boot')).toEqual(['Bootleg Records', 'Boots', 'Boots Opticians']);
    // First words of names (by name), then other words ("Body" in "The Body Shop").
    expect(await names('/api/companies?q=bo')).toEqual([
      'Bootleg Records',
      'Boots',
      'Boots Opticians',
      'The Body Shop',
    ]);
    expect(await names('/api/companies?q=superdrag')).toEqual(['Superdrug']);
    // lush, co and uk all start words of Lush's name or domain; only Lush has all three.
    expect(await names('/api/companies?q=lush.co.uk')).toEqual(['Lush']);
    expect(await names(`/api/companies?q=${encodeURIComponent('%_')}`)).toEqual([]);
  });

  it('needs every word of the query, in any order', async () => {
    expect(await names('/api/companies?q=boots%20opt')).toEqual(['Boots Opticians']);
    expect(await names('/api/companies?q=opt%20boots')).toEqual(['Boots Opticians']);
    // (sort= here: a relevance search with no literal match would try similar spellings instead)
    expect(await names('/api/companies?q=boots%20records&sort=name')).toEqual([]);
    expect(await names('/api/companies?q=bo%20x')).toEqual([]);
    // A domain word counts as a word of the company (after its name words).
    expect(await names('/api/companies?q=thebody')).toEqual(['The Body Shop']);
  });

  it('matches a number as a whole word only', async () => {
    for (const name of ['Unit 12 Traders', '112 Club', 'A12 Motors', '12a Studios'])
      await buildCompany({ name, domain: null });
    expect(await names('/api/companies?q=12')).toEqual(['Unit 12 Traders']);
    expect(await names('/api/companies?q=12a')).toEqual(['12a Studios']);
    expect(await names('/api/companies?q=unit%2012')).toEqual(['Unit 12 Traders']);
  });

  it('ranks a word in the same tier by name, and derives the tiers as the migration says', async () => {
    const rows = await queryRows<{ word: string; tier: number; sort_key: string; doc: string }>(
      await testDb(),
      sql`select w.word, w.tier, w.sort_key, w.doc from company_words w join companies c on c.id = w.company_id
           where c.name = 'The Body Shop' order by w.word`,
    );
    expect(rows.map((r) => [r.word, Number(r.tier)])).toEqual([
      ['body', 1],
      ['co', 2],
      ['shop', 1],
      ['the', 0],
      ['thebodyshop', 2],
      ['uk', 2],
    ]);
    expect(rows[0]!.sort_key).toBe('the body shop');
    expect(rows[0]!.doc.trim().split(' ').sort()).toEqual(['body', 'co', 'shop', 'the', 'thebodyshop', 'uk']);
  });

  it('keeps the words current when a company is renamed, by any path, and drops them with it', async () => {
    const db = await testDb();
    const [lush] = await db.select().from(companies).where(eq(companies.name, 'Lush'));
    await db
      .update(companies)
      .set({ name: 'Lush Cosmetics', domain: 'lushcosmetics.com' })
      .where(eq(companies.id, lush!.id));
    expect(await names('/api/companies?q=cosmetics')).toEqual(['Lush Cosmetics']);
    // The old domain's words went with it ("lush.co.uk" needs co and uk; sort= to skip the
    // similar-spelling fallback).
    expect(await names('/api/companies?q=lush.co.uk&sort=name')).toEqual([]);
    expect(await names('/api/companies?q=lushcos')).toEqual(['Lush Cosmetics']);
    const own = await buildCompany({ name: 'Renamed Later', domain: null });
    await buildUser({ email: 'owner@renamed.example', password: PW, company_id: own.id });
    const owner = await sessionCookie(t.app, 'owner@renamed.example');
    expect(
      (await call('PUT', `/api/companies/${own.id}`, owner, { name: 'Fresh Name Ltd' })).statusCode,
    ).toBe(200);
    expect(await names('/api/companies?q=renamed')).toEqual([]);
    expect(await names('/api/companies?q=fresh')).toEqual(['Fresh Name Ltd']);
    await call('DELETE', `/api/companies/${own.id}`, admin);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from company_words where company_id = ${own.id}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('falls back to similar spellings only when nothing matches literally, on the first page, from 5 letters', async () => {
    await buildCompany({ name: 'Superdrag Labs', domain: null });
    // A literal match exists: the similar "Superdrug" is not mixed in.
    expect(await names('/api/companies?q=superdrag')).toEqual(['Superdrag Labs']);
    const typo = await names('/api/companies?q=superdrgu');
    expect(typo[0]).toBe('Superdrug');
    expect(typo).toContain('Superdrag Labs');
    expect(await names('/api/companies?q=superdrgu&page=2')).toEqual([]);
    expect(await names('/api/companies?q=bots')).toEqual([]);
  });

  it('applies the other filters to a relevance search', async () => {
    const db = await testDb();
    const rows = await db.select().from(companies);
    const id = (n: string) => rows.find((r) => r.name === n)!.id;
    await db.insert(companyCategory).values([
      { company_id: id('Boots'), category_id: cats[0]! },
      { company_id: id('Bootleg Records'), category_id: cats[0]! },
      { company_id: id('The Body Shop'), category_id: cats[1]! },
    ]);
    await db
      .update(companies)
      .set({ is_verified: true, verified_at: new Date() })
      .where(eq(companies.id, id('Boots Opticians')));
    expect(await names(`/api/companies?q=bo&category_id=${cats[0]}`)).toEqual(['Bootleg Records', 'Boots']);
    expect(await names('/api/companies?q=bo&verification=verified')).toEqual(['Boots Opticians']);
    expect(await names(`/api/companies?q=bo&category_id=${cats[1]}&verification=never`)).toEqual([
      'The Body Shop',
    ]);
  });

  it('pages a relevance search without repeats; the total says whether another page follows', async () => {
    const page = async (n: number) =>
      (await call('GET', `/api/companies?q=bo&per_page=2&page=${n}`, agent)).json();
    const [p1, p2, p3] = [await page(1), await page(2), await page(3)];
    expect(p1.data.map((c: { name: string }) => c.name)).toEqual(['Bootleg Records', 'Boots']);
    expect(p1.meta.pagination).toEqual({ total: 3, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
    expect(p2.data.map((c: { name: string }) => c.name)).toEqual(['Boots Opticians', 'The Body Shop']);
    expect(p2.meta.pagination).toEqual({ total: 4, count: 2, per_page: 2, current_page: 2, total_pages: 2 });
    expect(p3.data).toEqual([]);
    expect(p3.meta.pagination.total).toBe(4);
  });

  it('filters the sorted list (explicit sort) by the same rule, with an exact total', async () => {
    const res = (await call('GET', '/api/companies?q=bo&sort=-name&per_page=3', agent)).json();
    expect(res.data.map((c: { name: string }) => c.name)).toEqual([
      'The Body Shop',
      'Boots Opticians',
      'Boots',
    ]);
    expect(res.meta.pagination).toMatchObject({ total: 4, count: 3, total_pages: 2 });
    expect(await names('/api/companies?q=boot&sort=name')).toEqual([
      'Bootleg Records',
      'Boots',
      'Boots Opticians',
    ]);
    expect(await names('/api/companies?q=opt%20boots&sort=name')).toEqual(['Boots Opticians']);
    const exported = await call('GET', '/api/companies/export?q=boot', agent);
    expect(exported.headers['x-total-count']).toBe('3');
  });

  it('paginates, sorts, filters and includes on request', async () => {
    const db = await testDb();
    const [boots] = await db.select().from(companies).where(eq(companies.name, 'Boots'));
    await db.insert(companyCategory).values([{ company_id: boots!.id, category_id: cats[0]! }]);
    await db
      .update(companies)
      .set({ is_verified: true, verified_at: new Date('2026-01-02T10:00:00Z') })
      .where(eq(companies.id, boots!.id));
    await db
      .update(companies)
      .set({ verified_at: new Date('2025-01-02T10:00:00Z') })
      .where(eq(companies.name, 'Lush'));
    await buildUser({ company_id: boots!.id });
    await buildUser({ company_id: boots!.id });

    const page = (await call('GET', '/api/companies?per_page=3&page=2&sort=-name', agent)).json();
    expect(page.meta.pagination).toEqual({
      total: 9,
      count: 3,
      per_page: 3,
      current_page: 2,
      total_pages: 3,
    });
    expect(page.data.map((c: { name: string }) => c.name)).toEqual([
      'Reboot Fitness',
      'Lush',
      'Frontage Research',
    ]);
    expect((await call('GET', '/api/companies?per_page=101', agent)).statusCode).toBe(422);
    expect((await call('GET', '/api/companies?sort=phone', agent)).statusCode).toBe(422);

    const inCat = (
      await call('GET', `/api/companies?category_id=${cats[0]}&include=scraper,contacts_count,unknown`, agent)
    ).json().data;
    expect(inCat).toEqual([
      expect.objectContaining({
        name: 'Boots',
        categories: [cats[0]],
        is_verified: true,
        verified_at: '2026-01-02T10:00:00.000Z',
        scraper: { verified_at: '2026-01-02T10:00:00.000Z' },
        contacts_count: 2,
      }),
    ]);
    const plain = (await call('GET', '/api/companies?q=boots', agent)).json().data[0];
    // The relevance search reads the categories in its own statement.
    expect(plain).toMatchObject({ name: 'Boots', categories: [cats[0]] });
    expect(plain).not.toHaveProperty('scraper');
    expect(plain).not.toHaveProperty('contacts_count');
    const names = async (v: string) =>
      (await call('GET', `/api/companies?verification=${v}`, agent))
        .json()
        .data.map((c: { name: string }) => c.name);
    expect(await names('verified')).toEqual(['Boots']);
    expect(await names('lapsed')).toEqual(['Lush']);
    expect(await names('never')).not.toContain('Boots');
    // An explicit sort wins over relevance while searching.
    const sorted = (await call('GET', '/api/companies?q=boots&sort=-name', agent))
      .json()
      .data.map((c: { name: string }) => c.name);
    expect(sorted).toEqual([...sorted].sort().reverse());
  });
});

describe('one company', () => {
  it('reads, 404s, edits under the master-entity rule; categories admin-only and kept when omitted', async () => {
    const read = await call('GET', `/api/companies/${agentCompanyId}?include=scraper`, agent);
    expect(read.json().data).toMatchObject({
      id: agentCompanyId,
      name: 'Savills',
      scraper: { verified_at: null },
    });
    expect((await call('GET', '/api/companies/99999', agent)).statusCode).toBe(404);

    await call('PUT', `/api/companies/${agentCompanyId}`, admin, {
      name: 'Savills',
      categories: [cats[2], cats[0]],
    });
    const edited = await call('PUT', `/api/companies/${agentCompanyId}`, agent, {
      name: 'Savills plc',
      domain: 'savills.com',
      phone: null,
      categories: [cats[1]],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Savills plc',
      domain: 'savills.com',
      categories: [cats[0], cats[2]],
    });
    const kept = await call('PUT', `/api/companies/${agentCompanyId}`, admin, { name: 'Savills plc' });
    expect(kept.json().data.categories).toEqual([cats[0], cats[2]]);

    const stranger = await buildCompany({ name: 'Stranger' });
    const before = await tableFingerprint();
    const refused = await call('PUT', `/api/companies/${stranger.id}`, agent, { name: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: 'This action is unauthorized.' });
    expect(await tableFingerprint()).toEqual(before);
    const invalid = await call('PUT', `/api/companies/${agentCompanyId}`, agent, { name: '' });
    expect(invalid.json().errors).toEqual({ name: [COMPANY_MESSAGES.nameRequired] });
  });

  it('finds a company by domain (any case, stored with or without www.)', async () => {
    const boots = await buildCompany({ name: 'Boots', domain: 'www.boots.com' });
    const found = await call('GET', '/api/companies/by-domain?domain=BOOTS.com', agent);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: boots.id, name: 'Boots' });
    expect((await call('GET', '/api/companies/by-domain?domain=savills.co.uk', agent)).json().data.name).toBe(
      'Savills',
    );
    expect((await call('GET', '/api/companies/by-domain?domain=nowhere.example', agent)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/companies/by-domain', agent)).statusCode).toBe(422);
  });

  it('lists categories by name', async () => {
    const res = await call('GET', '/api/company-categories', agent);
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Fashion', 'Grocery', 'Pharmacy']);
  });

  it('verifies (admin): true stamps now, false keeps the date (orange)', async () => {
    const c = await buildCompany();
    expect(
      (await call('PUT', `/api/companies/${c.id}/verification`, agent, { is_verified: true })).statusCode,
    ).toBe(403);
    const on = (await call('PUT', `/api/companies/${c.id}/verification`, admin, { is_verified: true })).json()
      .data;
    expect(on.is_verified).toBe(true);
    expect(Date.now() - Date.parse(on.verified_at)).toBeLessThan(60_000);
    const off = (
      await call('PUT', `/api/companies/${c.id}/verification`, admin, { is_verified: false })
    ).json().data;
    expect(off).toMatchObject({ is_verified: false, verified_at: on.verified_at });
    expect(MESSAGES.retailerNotCurrentlyVerified).toBeTruthy();
  });

  it('deletes (admin only)', async () => {
    const c = await buildCompany();
    expect((await call('DELETE', `/api/companies/${c.id}`, agent)).statusCode).toBe(403);
    const res = await call('DELETE', `/api/companies/${c.id}`, admin);
    expect(res.json()).toEqual({ status: 'success', msg: COMPANY_MESSAGES.deleted, data: null });
    expect((await call('DELETE', `/api/companies/${c.id}`, admin)).statusCode).toBe(404);
  });
});

describe('GET /api/companies/export', () => {
  it('streams every matching row as CSV with the total up front, escaped and formula-safe', async () => {
    const db = await testDb();
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      name: `Bulk Retailer ${String(i).padStart(4, '0')}`,
      domain: `bulk${i}.example`,
    }));
    await db.insert(companies).values(rows);
    const tricky = await buildCompany({
      name: '=HYPERLINK("http://evil")',
      domain: null,
      phone: '+44 20 7946 0000',
    });
    await buildCompany({
      name: 'Marks, "Sparks" & Co',
      domain: 'marksandspencer.com',
      is_verified: true,
      verified_at: new Date('2026-03-04T23:30:00Z'),
    });
    await db.insert(companyCategory).values([
      { company_id: tricky.id, category_id: cats[0]! },
      { company_id: tricky.id, category_id: cats[1]! },
    ]);

    const res = await call('GET', '/api/companies/export', agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="companies-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const total = 2345 + 2 + 2;
    expect(res.headers['x-total-count']).toBe(String(total));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('id,name,domain,phone,categories,verification,verified_at');
    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(total);
    expect(lines.find((l) => l.startsWith(`${tricky.id},`))).toBe(
      `${tricky.id},"'=HYPERLINK(""http://evil"")",,'+44 20 7946 0000,Fashion; Pharmacy,Never verified,`,
    );
    expect(lines.find((l) => l.includes('Sparks'))).toMatch(
      /,"Marks, ""Sparks"" & Co",marksandspencer\.com,[^,]*,,Verified,04\/03\/2026$/,
    );
    // The list order (name) holds across batches.
    const names = lines.slice(1).map((l) => l.split(',')[1]!);
    const bulk = names.filter((n) => n.startsWith('Bulk'));
    expect(bulk).toEqual([...bulk].sort());

    const filtered = await call('GET', '/api/companies/export?q=marks&verification=verified', agent);
    expect(filtered.headers['x-total-count']).toBe('1');
    expect(filtered.body.trim().split('\n')).toHaveLength(2);
    const desc = await call('GET', '/api/companies/export?sort=-created_at', agent);
    expect(desc.body.trim().split('\n')).toHaveLength(total + 1);
  });
});

describe('POST /api/companies/{id}/merge', () => {
  const seedReferences = async (dupId: number, targetId: number) => {
    const db = await testDb();
    const [addr] = await queryRows<{ id: number }>(
      db,
      sql`insert into addresses (street, city) values ('1 High St', 'Leeds') returning id`,
    );
    const [scheme] = await queryRows<{ id: number }>(
      db,
      sql`insert into schemes (name, type, address_id) values ('Trinity', 'Shopping centres', ${addr!.id}) returning id`,
    );
    const [prop] = await queryRows<{ id: number }>(
      db,
      sql`insert into properties (address_id, tenant_id, legal_tenant_id) values (${addr!.id}, ${dupId}, ${dupId}) returning id`,
    );
    await db.execute(sql`insert into property_parties (property_id, role, company_id) values
      (${prop!.id}, 'landlord', ${dupId}), (${prop!.id}, 'landlord', ${targetId}), (${prop!.id}, 'tenant_agent', ${dupId})`);
    await db.execute(
      sql`insert into scheme_parties (scheme_id, role, company_id) values (${scheme!.id}, 'landlord_agent', ${dupId})`,
    );
    await db.execute(
      sql`insert into enquiries (property_id, company_id, received_at, stage) values (${prop!.id}, ${dupId}, '2026-01-05', 'interest')`,
    );
    const [comment] = await queryRows<{ id: number }>(
      db,
      sql`insert into comments (entity_type, entity_id, content) values ('property', ${prop!.id}, 'see @Dup') returning id`,
    );
    const [comment2] = await queryRows<{ id: number }>(
      db,
      sql`insert into comments (entity_type, entity_id, content) values ('property', ${prop!.id}, 'both') returning id`,
    );
    await db.execute(sql`insert into comment_links (comment_id, entity_type, entity_id) values
      (${comment!.id}, 'company', ${dupId}), (${comment2!.id}, 'company', ${dupId}), (${comment2!.id}, 'company', ${targetId})`);
    await db.insert(companyCategory).values([
      { company_id: dupId, category_id: cats[0]! },
      { company_id: dupId, category_id: cats[1]! },
      { company_id: targetId, category_id: cats[1]! },
    ]);
    await buildUser({ company_id: dupId });
    await buildUser({ company_id: dupId });
  };

  const references = async (id: number) =>
    (
      await queryRows<Record<string, number>>(
        await testDb(),
        sql`select
          (select count(*)::int from users where company_id = ${id}) contacts,
          (select count(*)::int from company_category where company_id = ${id}) categories,
          (select count(*)::int from property_parties where company_id = ${id}) property_parties,
          (select count(*)::int from scheme_parties where company_id = ${id}) scheme_parties,
          (select count(*)::int from properties where tenant_id = ${id}) tenants,
          (select count(*)::int from properties where legal_tenant_id = ${id}) legal_tenants,
          (select count(*)::int from enquiries where company_id = ${id}) enquiries,
          (select count(*)::int from comment_links where entity_type = 'company' and entity_id = ${id}) comment_links,
          (select count(*)::int from companies where id = ${id}) exists`,
      )
    )[0]!;

  it('moves every reference in one go and removes the duplicate', async () => {
    const dup = await buildCompany({ name: 'Boots UK Ltd' });
    const target = await buildCompany({ name: 'Boots' });
    await seedReferences(dup.id, target.id);
    const res = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: target.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: COMPANY_MESSAGES.merged,
      data: {
        target_id: target.id,
        moved: {
          contacts: 2,
          categories: 1,
          property_parties: 1,
          scheme_parties: 1,
          tenants: 1,
          legal_tenants: 1,
          enquiries: 1,
          comment_links: 1,
        },
      },
    });
    expect(await references(dup.id)).toEqual({
      contacts: 0,
      categories: 0,
      property_parties: 0,
      scheme_parties: 0,
      tenants: 0,
      legal_tenants: 0,
      enquiries: 0,
      comment_links: 0,
      exists: 0,
    });
    expect(await references(target.id)).toEqual({
      contacts: 2,
      categories: 2,
      property_parties: 2,
      scheme_parties: 1,
      tenants: 1,
      legal_tenants: 1,
      enquiries: 1,
      comment_links: 2,
      exists: 1,
    });
  });

  it('is all or nothing: a failure midway leaves every reference where it was', async () => {
    const dup = await buildCompany({ name: 'Dup' });
    const target = await buildCompany({ name: 'Target' });
    await seedReferences(dup.id, target.id);
    const db = await testDb();
    // The last step (deleting the duplicate) fails, after every reference has been moved.
    await db.execute(
      sql.raw(
        `create or replace function h1_fail_delete() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger h1_fail_delete before delete on companies for each row execute function h1_fail_delete()`,
      ),
    );
    try {
      const before = await tableFingerprint();
      const res = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: target.id });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ msg: 'The server has encountered an unexpected error.' });
      expect(await tableFingerprint()).toEqual(before);
    } finally {
      await db.execute(sql.raw('drop trigger h1_fail_delete on companies'));
      await db.execute(sql.raw('drop function h1_fail_delete()'));
    }
  });

  it('refuses non-admins, self-merges and missing targets', async () => {
    const dup = await buildCompany();
    const before = await tableFingerprint();
    expect(
      (await call('POST', `/api/companies/${agentCompanyId}/merge`, agent, { target_id: dup.id })).statusCode,
    ).toBe(403);
    const self = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: dup.id });
    expect(self.json().errors).toEqual({ target_id: [COMPANY_MESSAGES.mergeIntoSelf] });
    const missing = await call('POST', `/api/companies/${dup.id}/merge`, admin, { target_id: 99999 });
    expect(missing.json().errors).toEqual({ target_id: [COMPANY_MESSAGES.mergeTargetMissing] });
    expect((await call('POST', '/api/companies/99998/merge', admin, { target_id: dup.id })).statusCode).toBe(
      404,
    );
    expect(await tableFingerprint()).toEqual(before);
  });
});
