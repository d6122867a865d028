import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { AGENCIES, DEMO_ADMIN, DEMO_AGENT, LANDLORDS, RETAILERS } from '../src/db/seed/data';
import { seedDemo, usersTableIsEmpty, wipeDemoData } from '../src/db/seed/seed';
import { createAccount } from '../src/modules/auth/account.service';
import { TEST_SCRYPT_COST, XHR, buildTestApp, login, resetData, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
});
afterAll(() => t.close());

const contactsSnapshot = () =>
  queryRows(t.db, sql`select name, email, company_id, direct_dial, mobile from users order by id limit 50`);

describe('demo seed', () => {
  it('has enough real brands, landlords and agencies', () => {
    expect(RETAILERS.length).toBeGreaterThanOrEqual(150);
    expect(LANDLORDS).toHaveLength(40);
    expect(AGENCIES).toHaveLength(40);
    for (const c of [...RETAILERS, ...LANDLORDS, ...AGENCIES]) {
      expect(c.categories.length).toBeGreaterThanOrEqual(1);
      expect(c.categories.length).toBeLessThanOrEqual(2);
    }
  });

  it('seeds a deterministic data set with two working accounts', async () => {
    expect(await usersTableIsEmpty(t.db)).toBe(true);
    const result = await seedDemo(t.db, { scryptCost: TEST_SCRYPT_COST });
    expect(result.users).toBe(602);
    const first = await contactsSnapshot();

    const [counts] = await queryRows<{
      companies: number;
      users: number;
      with_pw: number;
      cats: number;
      notes: number;
    }>(
      t.db,
      sql`select (select count(*)::int from companies) companies, (select count(*)::int from users) users,
                 (select count(*)::int from users where password_hash is not null) with_pw,
                 (select count(*)::int from company_categories) cats,
                 (select count(*)::int from notifications) notes`,
    );
    // The map's grid, derived once at the end of the seed, holds every unit and scheme with a place.
    const [grid] = await queryRows<{ in_grid: number; points: number }>(
      t.db,
      sql`select (select coalesce(sum(n), 0)::int from map_grid where level = 8) in_grid,
                 (select count(*)::int from match_units where lat is not null and lng is not null)
                 + (select count(*)::int from schemes s join addresses a on a.id = s.address_id
                    where a.lat is not null and a.lng is not null) points`,
    );
    expect(grid!.points).toBeGreaterThan(1000);
    expect(grid!.in_grid).toBe(grid!.points);
    // Six welcome notifications for the two accounts, plus what the seeded comments told them.
    expect(result.comment_notifications).toBeGreaterThan(0);
    expect(counts).toEqual({
      companies: result.companies,
      users: 602,
      with_pw: 2,
      cats: 27,
      notes: 6 + result.comment_notifications!,
    });
    const verification = await queryRows<{ state: string; n: number }>(
      t.db,
      sql`select case when is_verified then 'verified' when verified_at is not null then 'lapsed' else 'never' end state,
                 count(*)::int n from companies group by 1 order by 1`,
    );
    expect(verification.map((v) => v.state)).toEqual(['lapsed', 'never', 'verified']);
    const dupes = await queryRows(t.db, sql`select lower(email) from users group by 1 having count(*) > 1`);
    expect(dupes).toEqual([]);
    const phones = await queryRows<{ bad: number }>(
      t.db,
      sql`select count(*)::int bad from users where (direct_dial is not null and direct_dial !~ '^020 7946 0[0-9]{3}$')
            or (mobile is not null and mobile !~ '^07700 900[0-9]{3}$')`,
    );
    expect(phones[0]!.bad).toBe(0);

    const adminCookie = await login(t.app, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const admin = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me?include=company',
        headers: { ...XHR, cookie: adminCookie },
      })
    ).json().data;
    expect(admin).toMatchObject({
      name: 'Alex Morgan',
      type: 'admin',
      company: { name: 'Frontage Research' },
    });
    const agentCookie = await login(t.app, DEMO_AGENT.email, DEMO_AGENT.password);
    const agent = (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me?include=company',
        headers: { ...XHR, cookie: agentCookie },
      })
    ).json().data;
    expect(agent).toMatchObject({ name: 'Jamie Patel', type: 'user' });
    expect(agent.company_id).not.toBe(admin.company_id);
    expect(AGENCIES.map((a) => a.name)).toContain(agent.company.name);
    // Three demo news items of the last few weeks, already read by the demo accounts (ADR 0061).
    const [news] = await queryRows<{ n: number; future: number }>(
      t.db,
      sql`select count(*)::int n, count(*) filter (where published_at > now())::int future from news_items`,
    );
    expect(news).toEqual({ n: 3, future: 0 });
    const whatsNew = await t.app.inject({
      method: 'GET',
      url: '/api/news/whats-new',
      headers: { ...XHR, cookie: agentCookie },
    });
    expect(whatsNew.json()).toEqual({ data: [] });
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/unread-count',
      headers: { ...XHR, cookie: agentCookie },
    });
    // Two unread welcome notifications plus the comment notifications of the last fortnight.
    const [recent] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int n from notifications where user_id = ${agent.id} and type <> 'system' and read_at is null`,
    );
    expect(recent!.n).toBeGreaterThan(0);
    expect(unread.json()).toEqual({ unread_count: 2 + recent!.n });

    // Wipe and seed again: the same data, ids from 1.
    await wipeDemoData(t.db);
    await seedDemo(t.db, { scryptCost: TEST_SCRYPT_COST });
    expect(await contactsSnapshot()).toEqual(first);
    // The whole demo (5,000 properties, comments) is seeded twice here: allow it the time.
  }, 180_000);

  it('creates accounts for the user:create command', async () => {
    const deps = t.app.services;
    const user = await createAccount(deps, {
      email: 'New@Example.org',
      name: 'Sam Jones',
      password: 'long-password',
      admin: true,
      company: 'savills',
    });
    expect(user).toMatchObject({ type: 'admin', company: { name: 'Savills' } });
    await expect(
      createAccount(deps, { email: 'new@example.org', name: 'Sam Jones', password: 'long-password' }),
    ).rejects.toMatchObject({
      errors: { email: ['A user with this e-mail address already exists.'] },
    });
    await expect(
      createAccount(deps, { email: 'x@example.org', name: 'Sa', password: 'short' }),
    ).rejects.toMatchObject({
      errors: { name: [expect.any(String)], password: [expect.any(String)] },
    });
    expect((await login(t.app, 'new@example.org', 'long-password')).startsWith('frontage_session=')).toBe(
      true,
    );
  });
});
