import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WATCH_LABELS, WATCHES_MAX } from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { sweep, todayInLondon } from '../src/modules/reminders/reminders.service';
import { XHR, buildTestApp, buildUser, resetData, sessionCookie, type TestApp } from './helpers';
import { addDays, companyWithUsers, letUnits, putEvents } from './reminders.fixtures';

const NOW = new Date();
const TODAY = todayInLondon(NOW);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetData();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url, headers: cookie ? { ...XHR, cookie } : XHR });

describe('watches', () => {
  let cookie: string;
  let userId: number;
  let unit: number;
  beforeEach(async () => {
    const me = await buildUser({ email: 'w@example.com', password: 'password-123' });
    userId = me.id;
    cookie = await sessionCookie(t.app, me);
    const c = await companyWithUsers(t.db, 'Boots', 0);
    [unit] = (await letUnits(t.db, 1, c.companyId)) as [number];
  });

  it('watches, answers the state with its first day, lists it, and stops', async () => {
    expect((await call('GET', `/api/watches/property/${unit}`, cookie)).json()).toEqual({
      data: { watched: false, since: null },
    });
    const put = await call('PUT', `/api/watches/property/${unit}`, cookie);
    expect(put.statusCode).toBe(200);
    const since = put.json().data.since as string;
    expect(put.json().data.watched).toBe(true);
    // Watching again keeps the first day (the day reminders count from).
    expect((await call('PUT', `/api/watches/property/${unit}`, cookie)).json().data.since).toBe(since);
    expect((await call('GET', `/api/watches/property/${unit}`, cookie)).json().data).toEqual({
      watched: true,
      since,
    });
    const list = (await call('GET', '/api/watches', cookie)).json().data;
    expect(list).toEqual([
      {
        entity_type: 'property',
        entity_id: unit,
        label: 'Unit 1, 12 High Street, Leeds, LS1 1AA',
        url: `/properties?id=${unit}`,
        since,
      },
    ]);
    const del = await call('DELETE', `/api/watches/property/${unit}`, cookie);
    expect(del.json().data).toEqual({ watched: false, since: null });
    expect((await call('GET', '/api/watches', cookie)).json().data).toEqual([]);
  });

  it('is each user’s own: another user neither sees nor removes it', async () => {
    await call('PUT', `/api/watches/property/${unit}`, cookie);
    const other = await buildUser({ email: 'o@example.com', password: 'password-123' });
    const otherCookie = await sessionCookie(t.app, other);
    expect((await call('GET', '/api/watches', otherCookie)).json().data).toEqual([]);
    expect((await call('GET', `/api/watches/property/${unit}`, otherCookie)).json().data.watched).toBe(false);
    await call('DELETE', `/api/watches/property/${unit}`, otherCookie);
    expect((await call('GET', `/api/watches/property/${unit}`, cookie)).json().data.watched).toBe(true);
  });

  it('refuses what is not a record, and anyone not signed in', async () => {
    expect((await call('PUT', `/api/watches/property/${unit}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/watches')).statusCode).toBe(401);
    for (const url of [
      '/api/watches/property/999999',
      '/api/watches/scheme/999999',
      '/api/watches/company/999999',
    ]) {
      expect((await call('PUT', url, cookie)).statusCode).toBe(404);
    }
    for (const url of [
      `/api/watches/deal/${unit}`,
      '/api/watches/property/0',
      '/api/watches/property/2147483648',
      '/api/watches/property/1%00',
      '/api/watches/user/1',
    ]) {
      const res = await call('PUT', url, cookie);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
    expect(await queryRows(t.db, sql`select 1 from watches`)).toHaveLength(0);
  });

  it(`holds at most ${WATCHES_MAX} per user, also when several are added at once`, async () => {
    const c = await companyWithUsers(t.db, 'Many', 0);
    const units = await letUnits(t.db, WATCHES_MAX + 4, c.companyId);
    await queryRows(
      t.db,
      sql`insert into watches (user_id, property_id)
          select ${userId}, id from unnest(${`{${units.slice(0, WATCHES_MAX - 1).join(',')}}`}::int[]) id`,
    );
    const rest = units.slice(WATCHES_MAX - 1);
    const answers = await Promise.all(rest.map((id) => call('PUT', `/api/watches/property/${id}`, cookie)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!.json();
    expect(refused.errors.entity_id).toEqual([WATCH_LABELS.tooMany]);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from watches where user_id = ${userId}`,
    );
    expect(n!.n).toBe(WATCHES_MAX);
  });

  it('goes with its record: a removed unit takes its watches, a merged company moves them', async () => {
    await call('PUT', `/api/watches/property/${unit}`, cookie);
    await queryRows(t.db, sql`delete from properties where id = ${unit}`);
    expect(await queryRows(t.db, sql`select 1 from watches`)).toHaveLength(0);

    const dup = await companyWithUsers(t.db, 'Boots Ltd', 0);
    const keep = await companyWithUsers(t.db, 'Boots UK', 0);
    await call('PUT', `/api/watches/company/${dup.companyId}`, cookie);
    const admin = await buildUser({ email: 'a@example.com', password: 'password-123', type: 'admin' });
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${dup.companyId}/merge`,
      headers: { ...XHR, cookie: await sessionCookie(t.app, admin) },
      payload: { target_id: keep.companyId },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().data.moved.watches).toBe(1);
    expect((await call('GET', `/api/watches/company/${keep.companyId}`, cookie)).json().data.watched).toBe(
      true,
    );
  });
});

describe('the watched reminder scope', () => {
  const notes = (userId: number) =>
    queryRows<{ entity_id: number; data: Record<string, unknown> }>(
      t.db,
      sql`select entity_id, data from notifications where user_id = ${userId} and type = 'lease_reminder' order by entity_id`,
    );
  const watchSince = (
    userId: number,
    column: 'property_id' | 'scheme_id' | 'company_id',
    id: number,
    ago = '1 year',
  ) =>
    queryRows(
      t.db,
      sql`insert into watches (user_id, ${sql.raw(column)}, created_at) values (${userId}, ${id}, now() - ${ago}::interval)`,
    );

  it('reminds a watcher of a watched unit, the units of a watched scheme, and a watched company’s units in any role', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 0);
    const landlord = await companyWithUsers(t.db, 'Land Co', 0);
    const watcher = (await companyWithUsers(t.db, 'Watchers', 4)).userIds;
    const [byUnit, inScheme, ofTenant, ofLandlord, unwatched] = await letUnits(t.db, 5, tenant.companyId);
    const [addr] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into addresses (street, city, post_code) values ('1 Mall', 'York', 'YO1 1AA') returning id`,
    );
    const [scheme] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into schemes (name, type, address_id) values ('York Mall', 'Shopping centres', ${addr!.id}) returning id`,
    );
    await queryRows(t.db, sql`update properties set scheme_id = ${scheme!.id} where id = ${inScheme!}`);
    await queryRows(
      t.db,
      sql`insert into property_parties (property_id, role, company_id, position) values (${ofLandlord!}, 'landlord', ${landlord.companyId}, 0)`,
    );
    // Only `ofTenant` stays the watched retailer's store.
    const other = await companyWithUsers(t.db, 'Other', 0);
    await queryRows(
      t.db,
      sql`update properties set tenant_id = ${other.companyId} where id in (${byUnit!}, ${inScheme!}, ${ofLandlord!}, ${unwatched!})`,
    );
    await watchSince(watcher[0]!, 'property_id', byUnit!);
    await watchSince(watcher[1]!, 'scheme_id', scheme!.id);
    await watchSince(watcher[2]!, 'company_id', tenant.companyId);
    await watchSince(watcher[3]!, 'company_id', landlord.companyId);
    await putEvents(
      t.db,
      [byUnit!, inScheme!, ofTenant!, ofLandlord!, unwatched!],
      'break_date',
      addDays(TODAY, 20),
    );
    await sweep(t.app.services);
    expect((await notes(watcher[0]!)).map((n) => n.entity_id)).toEqual([byUnit]);
    expect((await notes(watcher[1]!)).map((n) => n.entity_id)).toEqual([inScheme]);
    expect((await notes(watcher[2]!)).map((n) => n.entity_id)).toEqual([ofTenant]);
    expect((await notes(watcher[3]!)).map((n) => n.entity_id)).toEqual([ofLandlord]);
  });

  it('counts from the watch’s first day, and not for a user who left the scope out', async () => {
    const tenant = await companyWithUsers(t.db, 'Boots', 0);
    const [a, b] = await letUnits(t.db, 2, tenant.companyId);
    const [fresh, optedOut] = (await companyWithUsers(t.db, 'Watchers', 2)).userIds;
    // Watched today: the 30-day reminder of an event 20 days off fell before the watch began.
    await watchSince(fresh!, 'property_id', a!, '0 days');
    await watchSince(optedOut!, 'property_id', b!);
    await queryRows(
      t.db,
      sql`insert into reminder_preferences (user_id, scopes, hard, soft, hard_offsets, soft_offsets, email, unsubscribe_token)
          values (${optedOut}, '{mine,my_company}', true, true, '{30}', '{30}', false, 'x')`,
    );
    await putEvents(t.db, [a!, b!], 'break_date', addDays(TODAY, 20));
    await putEvents(t.db, [a!], 'lease_expiry', addDays(TODAY, 30));
    await sweep(t.app.services);
    // …while the expiry whose 30-day reminder is today comes.
    expect((await notes(fresh!)).map((n) => n.data.event_id)).toEqual([`${a}-lease_expiry-0`]);
    expect(await notes(optedOut!)).toHaveLength(0);
  });
});
