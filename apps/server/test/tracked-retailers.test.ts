import { TRACKED_RETAILER_EXPORT_COLUMNS, TRACKED_RETAILER_MESSAGES } from '@frontage/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  addresses,
  companies,
  companyCategories,
  companyCategory,
  properties,
  schemes,
} from '../src/db/schema';
import { mention } from './fixtures/comment-world';
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

const PW = 'retailers-password-1';
let admin: string;
let agent: string;
let fashion: number;
let grocery: number;
/** Boots (tracked, 3 stores), Tesco (tracked, 1 store, verified), Savills (not tracked). */
let boots: number;
let tesco: number;
let savills: number;
let units: number[];

const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, ...(payload ? { payload } : {}) });

const unit = async (street: string, city: string, tenant: number | null, lat = 53.8, lng = -1.55) => {
  const db = await testDb();
  return db.transaction(async (tx) => {
    // The store opened in 2020 (outside the 12 months counted).
    await tx.execute(sql`select set_config('frontage.event_date', '2020-05-01', true)`);
    const [a] = await tx
      .insert(addresses)
      .values({ street, city, post_code: 'LS1 1AA', lat, lng })
      .returning();
    const [p] = await tx
      .insert(properties)
      .values({ address_id: a!.id, tenant_id: tenant, lease_start_date: '2020-05-01' })
      .returning();
    return p!.id;
  });
};
const setTenant = async (id: number, tenant: number | null, onDate?: string) => {
  const db = await testDb();
  await db.transaction(async (tx) => {
    if (onDate) await tx.execute(sql`select set_config('frontage.event_date', ${onDate}, true)`);
    await tx.update(properties).set({ tenant_id: tenant }).where(eq(properties.id, id));
  });
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  await resetData();
  const db = await testDb();
  [fashion, grocery] = (
    await db
      .insert(companyCategories)
      .values([{ name: 'Fashion' }, { name: 'Grocery' }])
      .returning()
  ).map((c) => c.id) as [number, number];
  const platform = await buildCompany({ name: 'Frontage Research' });
  const agency = await buildCompany({ name: 'Savills', domain: 'savills.co.uk' });
  savills = agency.id;
  boots = (await buildCompany({ name: 'Boots', domain: 'boots.com', core_id: 'TR0000001' })).id;
  tesco = (await buildCompany({ name: 'Tesco', domain: 'tesco.com', core_id: 'TR0000002' })).id;
  await db.insert(companyCategory).values([
    { company_id: boots, category_id: fashion },
    { company_id: tesco, category_id: grocery },
  ]);
  await buildUser({ email: 'admin@example.com', password: PW, type: 'admin', company_id: platform.id });
  await buildUser({ email: 'agent@example.com', password: PW, company_id: agency.id });
  admin = await sessionCookie(t.app, 'admin@example.com');
  agent = await sessionCookie(t.app, 'agent@example.com');
  units = [
    await unit('1 High Street', 'Leeds', boots),
    await unit('2 High Street', 'Leeds', boots),
    await unit('3 Market Street', 'York', boots, 53.96, -1.08),
    await unit('4 Briggate', 'Leeds', tesco),
    await unit('5 Briggate', 'Leeds', null),
  ];
  // Tesco verified after its store opened; Boots closed its York store recently (and opened in Leeds).
  await db
    .update(companies)
    .set({ is_verified: true, verified_at: new Date() })
    .where(eq(companies.id, tesco));
  await setTenant(units[2]!, null, daysAgo(30));
  await setTenant(units[4]!, boots, daysAgo(20));
});

const list = async (query: string, cookie = agent) => {
  const res = await call('GET', `/api/tracked-retailers${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{
      id: number;
      name: string;
      stores: number;
      openings: number;
      closures: number;
      is_verified: boolean;
    }>;
    meta: { pagination: { total: number } };
  };
};

describe('GET /api/tracked-retailers', () => {
  it('lists only companies with a core id, with stores and the last 12 months of openings and closures', async () => {
    const page = await list('');
    expect(page.meta.pagination.total).toBe(2);
    expect(page.data.map((r) => r.name)).toEqual(['Boots', 'Tesco']);
    const b = page.data[0]!;
    // 3 stores now (1, 2, 5); in the last 12 months: the opening at 5 and the closure at 3.
    expect(b).toMatchObject({ stores: 3, openings: 1, closures: 1, core_id: 'TR0000001' });
    expect((b as unknown as { categories: unknown }).categories).toEqual([{ id: fashion, name: 'Fashion' }]);
    expect(page.data[1]).toMatchObject({ stores: 1, openings: 0, closures: 0, is_verified: true });
  });

  it('filters by name, category and verification', async () => {
    expect((await list('?q=boo')).data.map((r) => r.name)).toEqual(['Boots']);
    expect((await list(`?category_id=${grocery}`)).data.map((r) => r.name)).toEqual(['Tesco']);
    expect((await list('?verification=verified')).data.map((r) => r.name)).toEqual(['Tesco']);
    expect((await list('?verification=never')).data.map((r) => r.name)).toEqual(['Boots']);
    expect((await list('?verification=lapsed')).data).toEqual([]);
  });

  it('sorts by every key', async () => {
    const order = async (sort: string) => (await list(`?sort=${sort}`)).data.map((r) => r.name);
    expect(await order('-name')).toEqual(['Tesco', 'Boots']);
    expect(await order('stores')).toEqual(['Tesco', 'Boots']);
    expect(await order('-stores')).toEqual(['Boots', 'Tesco']);
    expect(await order('-openings')).toEqual(['Boots', 'Tesco']);
    expect(await order('openings')).toEqual(['Tesco', 'Boots']);
    expect(await order('-closures')).toEqual(['Boots', 'Tesco']);
    expect(await order('verified_at')).toEqual(['Tesco', 'Boots']);
    expect(await order('-verified_at')).toEqual(['Tesco', 'Boots']);
    // Never verified before verified.
    expect(await order('queue')).toEqual(['Boots', 'Tesco']);
  });

  it('refuses an unknown sort with 422', async () => {
    expect((await call('GET', '/api/tracked-retailers?sort=bogus', agent)).statusCode).toBe(422);
  });
});

describe('GET /api/tracked-retailers/export', () => {
  it('streams the filtered retailers as CSV with the total in X-Total-Count', async () => {
    const res = await call('GET', `/api/tracked-retailers/export?category_id=${fashion}`, agent);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(TRACKED_RETAILER_EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('TR0000001,Boots,Fashion');
    expect(lines[1]!.endsWith(',3,1,1')).toBe(true);
  });
});

describe("a retailer's page", () => {
  it('GET /{id} heads the page; a company that is not tracked is 404', async () => {
    const res = await call('GET', `/api/tracked-retailers/${boots}`, agent);
    expect(res.json().data).toMatchObject({ id: boots, name: 'Boots', domain: 'boots.com', stores: 3 });
    const nope = await call('GET', `/api/tracked-retailers/${savills}`, agent);
    expect(nope.statusCode).toBe(404);
    expect(nope.json()).toEqual({ msg: TRACKED_RETAILER_MESSAGES.notTracked });
  });

  it('/stores pages its units (town order, search), /store-points gives their positions', async () => {
    const res = await call('GET', `/api/tracked-retailers/${boots}/stores?sort=address`, agent);
    const page = res.json();
    expect(page.meta.pagination.total).toBe(3);
    expect(page.data.map((s: { property_id: number }) => s.property_id)).toEqual([
      units[0],
      units[1],
      units[4],
    ]);
    expect(page.data[2]).toMatchObject({ town: 'Leeds', since: daysAgo(20), scheme: null, lat: 53.8 });
    const searched = await call('GET', `/api/tracked-retailers/${boots}/stores?q=2%20High`, agent);
    expect(searched.json().data.map((s: { property_id: number }) => s.property_id)).toEqual([units[1]]);
    const points = (await call('GET', `/api/tracked-retailers/${boots}/store-points`, agent)).json();
    expect(points.truncated).toBe(false);
    expect(points.data.map((p: number[]) => p[0])).toEqual([units[0], units[1], units[4]]);
    expect(points.data[0]).toEqual([units[0], -1.55, 53.8]);
  });

  it('/timeline is newest first and pairs a closure and an opening in one town within 90 days as a move', async () => {
    await setTenant(units[1]!, null, daysAgo(10));
    await setTenant(units[3]!, boots, daysAgo(5)); // Tesco → Boots at 4 Briggate (Leeds)
    const res = await call('GET', `/api/tracked-retailers/${boots}/timeline?per_page=50`, agent);
    const page = res.json();
    const kinds = page.data.map((e: { kind: string; date: string }) => `${e.kind} ${e.date}`);
    expect(kinds.slice(0, 3)).toEqual([
      `move ${daysAgo(5)}`,
      `opening ${daysAgo(20)}`,
      `closure ${daysAgo(30)}`,
    ]);
    const move = page.data[0];
    expect(move.property.id).toBe(units[3]);
    expect(move.from_property.id).toBe(units[1]);
    expect(move.other_company).toEqual({ id: tesco, name: 'Tesco' });
    // York's closure has no opening in York: it stays a closure.
    expect(page.data[2].property.id).toBe(units[2]);
    expect(page.meta.pagination.total).toBe(page.data.length);
    const past = (await call('GET', `/api/tracked-retailers/${boots}/timeline?page=9`, agent)).json();
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(page.data.length);
  });

  it('a deal dates its events and links them', async () => {
    const res = await call('POST', '/api/deals', admin, {
      deal_type: 'tracked_retailer',
      property_id: units[4],
      tenant_id: tesco,
      effective_date: '2026-03-01',
    });
    expect(res.statusCode).toBe(201);
    const events = await queryRows<{ company_id: number; kind: string; on_date: string; deal_id: number }>(
      await testDb(),
      sql`select company_id, kind, on_date::text, deal_id from store_events where property_id = ${units[4]} and deal_id is not null order by id`,
    );
    expect(events).toEqual([
      { company_id: boots, kind: 'closure', on_date: '2026-03-01', deal_id: res.json().data.id },
      { company_id: tesco, kind: 'opening', on_date: '2026-03-01', deal_id: res.json().data.id },
    ]);
  });
});

describe('PUT /api/core/retailers/{id}/tracking', () => {
  it('an admin starts tracking (a core id is assigned) and stops it (cleared)', async () => {
    const on = await call('PUT', `/api/core/retailers/${savills}/tracking`, admin, { tracked: true });
    expect(on.statusCode).toBe(200);
    // Savills is company 2, and Tesco already holds 'TR0000002': the next free one.
    expect(savills).toBe(2);
    expect(on.json().data).toMatchObject({ id: savills, core_id: 'TR0000002-1', stores: 0 });
    expect((await list('')).meta.pagination.total).toBe(3);
    const again = await call('PUT', `/api/core/retailers/${boots}/tracking`, admin, { tracked: true });
    expect(again.json().data.core_id).toBe('TR0000001');
    const off = await call('PUT', `/api/core/retailers/${savills}/tracking`, admin, { tracked: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: savills, core_id: null });
    expect((await list('')).meta.pagination.total).toBe(2);
    expect(
      (await call('PUT', '/api/core/retailers/99999/tracking', admin, { tracked: true })).statusCode,
    ).toBe(404);
  });

  it('refuses the agent with 403 and writes nothing', async () => {
    const before = await tableFingerprint();
    for (const tracked of [true, false]) {
      const res = await call('PUT', `/api/core/retailers/${tracked ? savills : boots}/tracking`, agent, {
        tracked,
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('verification: green, then orange after a store change', () => {
  it('verifying shows green; a later store change turns it orange and to the top of the queue', async () => {
    expect(
      (await call('PUT', `/api/companies/${boots}/verification`, agent, { is_verified: true })).statusCode,
    ).toBe(403);
    const v = await call('PUT', `/api/companies/${boots}/verification`, admin, { is_verified: true });
    expect(v.statusCode).toBe(200);
    let b = (await call('GET', `/api/tracked-retailers/${boots}`, agent)).json().data;
    expect(b.is_verified).toBe(true);
    expect((await list('?verification=verified')).data.map((r) => r.name)).toEqual(['Boots', 'Tesco']);
    const verifiedAt = b.verified_at;

    await setTenant(units[0]!, null);
    b = (await call('GET', `/api/tracked-retailers/${boots}`, agent)).json().data;
    expect(b).toMatchObject({ is_verified: false, verified_at: verifiedAt, stores: 2 });
    expect(new Date(b.store_changed_at).getTime()).toBeGreaterThanOrEqual(new Date(verifiedAt).getTime());
    expect((await list('?verification=lapsed')).data.map((r) => r.name)).toEqual(['Boots']);
    expect((await list('?sort=queue')).data.map((r) => r.name)).toEqual(['Boots', 'Tesco']);

    // Tesco changes too, later: the most recent change leads the queue.
    await setTenant(units[3]!, null);
    expect((await list('?sort=queue')).data.map((r) => r.name)).toEqual(['Tesco', 'Boots']);
  });

  it("a scheme's units carry their tenant's verification state for its indicator", async () => {
    await call('PUT', `/api/companies/${tesco}/verification`, admin, { is_verified: true });
    const db = await testDb();
    const [a] = await db
      .insert(addresses)
      .values({ street: 'Merrion Way', city: 'Leeds', post_code: 'LS2 8NG' })
      .returning();
    const [scheme] = await db
      .insert(schemes)
      .values({ name: 'Merrion Centre', type: 'Shopping centres', address_id: a!.id })
      .returning();
    await db.update(properties).set({ scheme_id: scheme!.id }).where(eq(properties.id, units[3]!));
    const res = await call('GET', `/api/schemes/${scheme!.id}`, agent);
    expect(res.statusCode).toBe(200);
    const [u] = res.json().data.properties as Array<{ tenant: Record<string, unknown> }>;
    expect(u!.tenant).toEqual({
      id: tesco,
      name: 'Tesco',
      is_verified: true,
      verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('an address change is not a store change', async () => {
    await call('PUT', `/api/companies/${tesco}/verification`, admin, { is_verified: true });
    const db = await testDb();
    const [p] = await db.select().from(properties).where(eq(properties.id, units[3]!));
    await db.update(addresses).set({ street: '40 Briggate' }).where(eq(addresses.id, p!.address_id));
    expect((await call('GET', `/api/tracked-retailers/${tesco}`, agent)).json().data.is_verified).toBe(true);
  });
});

describe('store counts follow merges and refuse hostile input', () => {
  it('merging a duplicate moves its stores and events without an opening or a closure', async () => {
    const dup = (await buildCompany({ name: 'Boots UK' })).id;
    await unit('9 Park Row', 'Leeds', dup);
    const eventsBefore = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from store_events`,
    );
    const res = await call('POST', `/api/companies/${dup}/merge`, admin, { target_id: boots });
    expect(res.statusCode).toBe(200);
    const b = (await call('GET', `/api/tracked-retailers/${boots}`, agent)).json().data;
    expect(b.stores).toBe(4);
    const eventsAfter = await queryRows<{ n: number }>(
      await testDb(),
      sql`select count(*)::int as n from store_events`,
    );
    expect(eventsAfter[0]!.n).toBe(eventsBefore[0]!.n);
  });

  it('a NUL byte or an over-long search is a 422', async () => {
    for (const q of ['%00', 'a%00b', 'a'.repeat(201)]) {
      expect((await call('GET', `/api/tracked-retailers?q=${q}`, agent)).statusCode).toBe(422);
    }
  });
});

describe('comments on a company', () => {
  it('an agent comments on a tracked retailer and reads it back', async () => {
    const res = await call('POST', '/api/comments', agent, {
      entity_type: 'company',
      entity_id: boots,
      content: '<p>New flagship opening in Leeds</p>',
    });
    expect(res.statusCode).toBe(201);
    const page = (await call('GET', `/api/comments?entity_type=company&entity_id=${boots}`, agent)).json();
    expect(page.data.map((c: { content: string }) => c.content)).toEqual([
      '<p>New flagship opening in Leeds</p>',
    ]);
    // An admin mentioned in a reply is notified with a link to the company; the agent follows it.
    const adminId = (
      await queryRows<{ id: number }>(
        await testDb(),
        sql`select id from users where email = 'admin@example.com'`,
      )
    )[0]!.id;
    const reply = await call('POST', '/api/comments', admin, {
      entity_type: 'company',
      entity_id: boots,
      content: `<p>Thanks ${mention('user', adminId, 'Admin')}</p>`,
    });
    expect(reply.statusCode).toBe(201);
    const notes = await queryRows<{ user_email: string; type: string; message: string; url: string }>(
      await testDb(),
      sql`select u.email as user_email, n.type, n.message, n.url from notifications n join users u on u.id = n.user_id
          where n.entity_type = 'company' and n.entity_id = ${boots} order by n.id`,
    );
    expect(notes).toEqual([
      expect.objectContaining({
        user_email: 'agent@example.com',
        type: 'comment',
        url: `/companies?id=${boots}`,
      }),
    ]);
    expect(notes[0]!.message).toContain('commented on Boots');
    const missing = await call('POST', '/api/comments', agent, {
      entity_type: 'company',
      entity_id: 99999,
      content: '<p>Nobody</p>',
    });
    expect(missing.statusCode).toBe(422);
  });
});
