import { LEASE_EVENT_TYPES } from '@frontage/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DERIVED, fanOut } from '../src/db/derived';
import {
  DEAL_WRITES,
  UPDATES,
  buildWorld,
  compareWithRebuild,
  contentOf,
  stampsOf,
  type Mismatch,
  type World,
} from './derived.fixtures';
import { XHR, buildTestApp, buildUser, login, resetData, type TestApp } from './helpers';

/**
 * Every derived table and column of the inventory (src/db/derived, docs/derived-data.md), walked
 * through a scripted series of writes on its sources — inserts, an update of each source column,
 * a deal recorded and a company merged through the API, an import-shaped bulk write, deletes,
 * truncates — and after each one, what the triggers kept equals what its rebuild derives from
 * scratch (compared in a transaction that is rolled back). A column that records when another
 * moved (store_changed_at) is checked to move with it. Counted-index buckets are 2 rows wide
 * here, so a few dozen rows split, empty and move buckets as a million do.
 */
let t: TestApp;
let w: World;
let cookie: string;
const PW = 'derived-walk-password-1';

const REBUILT = DERIVED.filter((d) => d.rebuild);
const STAMPED = DERIVED.filter((d) => d.stamps);
/** The derived tables' contents after the last step, and those a step has changed. */
const last = new Map<string, string>();
const changed = new Set<string>();

const markSize = async (size: number) => {
  for (const prefix of ['property', 'deal'])
    await t.db.execute(
      sql.raw(
        `create or replace function ${prefix}_mark_size() returns integer language sql stable as 'select ${size}'`,
      ),
    );
};

/** Reads every derived table's content; returns those that changed since the last read. */
const remember = async (): Promise<string[]> => {
  const now: string[] = [];
  for (const d of DERIVED) {
    const content = (await contentOf(t.db, d)).join('\n');
    if (last.has(d.name) && last.get(d.name) !== content) now.push(d.name);
    last.set(d.name, content);
  }
  for (const name of now) changed.add(name);
  return now;
};

beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
  await markSize(2);
  const admin = await buildUser({ email: 'walk@derived.test', password: PW, type: 'admin' });
  cookie = await login(t.app, admin.email!, PW);
  await remember();
});
afterAll(async () => {
  await markSize(1000);
  await t.close();
});

/**
 * Runs one step's writes, then: every derived table equals its rebuild; every stamp moved with
 * what it stamps (except in a merge, which moves stores without an opening or closure); and only
 * derived data in the fan-out of what the step wrote changed (`writes`: tables, or `table.column`
 * for an update of that column).
 */
const step = async (writes: string[], write: () => Promise<unknown>, opts: { merge?: boolean } = {}) => {
  const before = [];
  for (const d of STAMPED) before.push(await stampsOf(t.db, d));
  await write();
  const mismatches: Mismatch[] = [];
  for (const d of REBUILT) {
    const m = await compareWithRebuild(t.db, d);
    if (m) mismatches.push(m);
  }
  const unstamped: string[] = [];
  for (const [i, d] of STAMPED.entries()) {
    const after = await stampsOf(t.db, d);
    for (const [id, b] of before[i]!.rows) {
      const a = after.rows.get(id);
      if (!a || a.value === b.value || opts.merge) continue;
      if (a.stamp === null || a.stamp === b.stamp || a.stamp < before[i]!.now - 0.001)
        unstamped.push(
          `${d.name} of ${id}: ${d.stamps} ${b.value} → ${a.value}, stamp ${b.stamp} → ${a.stamp}`,
        );
    }
  }
  const reached = new Set(fanOut(writes).map((d) => d.name));
  const unexpected = (await remember()).filter((name) => !reached.has(name));
  expect({ mismatches, unstamped, unexpected }).toEqual({ mismatches: [], unstamped: [], unexpected: [] });
};

const exec = async (queries: ReturnType<(typeof UPDATES)[string]>) => {
  for (const q of queries) await t.db.execute(q);
};

const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, headers: { ...XHR, cookie }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { data: { id: number } };
};
const post = (url: string, payload: object) => send('POST', url, payload);
/** The deals the walk recorded through the API (corrected and voided later). */
const recorded: { letting?: number; sale?: number } = {};
const letting = () => ({
  deal_type: 'new_letting',
  property_id: w.p2,
  effective_date: '2026-04-01',
  tenant_id: w.c2,
  rent_pa: '50000',
  lease_start_date: '2026-04-01',
  lease_end_date: '2031-03-31',
  currency: 'GBP',
  areas: { area_size_type: 'sqm', nia_sqrt: 120, itza_area: 50 },
  address: { city: 'Harrogate', post_code: 'HG1 1AA' },
});

describe('every derived table and column equals its rebuild after each write', () => {
  it('the walk updates every source column the inventory names', () => {
    const derivedTables = new Set(DERIVED.map((d) => d.name));
    const named = DERIVED.flatMap((d) =>
      Object.entries(d.sources)
        // A derived source (map_grid's match_units) is written by its own triggers only.
        .filter(([table]) => !derivedTables.has(table))
        .flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)),
    );
    expect([...new Set(named)].filter((c) => !UPDATES[c])).toEqual([]);
  });

  it('insert: a row at a time into every source table', () =>
    step(['addresses', 'schemes', 'companies', 'users', 'properties', 'deals', 'enquiries'], async () => {
      w = await buildWorld(t.db);
    }));

  for (const [column, queries] of Object.entries(UPDATES))
    it(`update ${column}`, () => step([column], () => exec(queries(w))));

  it('an update of no source column (the statement triggers still fire)', () =>
    step(
      ['properties.planning', 'deals.reason', 'enquiries.size_from', 'addresses.notes', 'schemes.car_spaces'],
      () =>
        exec([
          sql`update properties set planning = 'E'`,
          sql`update deals set reason = 'walk'`,
          sql`update enquiries set size_from = 1000`,
          sql`update addresses set notes = 'walk'`,
          sql`update schemes set car_spaces = 10`,
        ]),
    ));

  it('a deal recorded through POST /api/deals: a letting with its areas and address, a scheme sale', () =>
    step(DEAL_WRITES, async () => {
      recorded.letting = (await post('/api/deals', letting())).data.id;
      recorded.sale = (
        await post('/api/deals', {
          deal_type: 'sale',
          scheme_id: w.s2,
          effective_date: '2026-05-01',
          sale_price: '30000000',
        })
      ).data.id;
    }));

  it('a deal corrected through PUT /api/deals/{id}: another tenant, rent, date, areas and address', () =>
    step(DEAL_WRITES, () =>
      send('PUT', `/api/deals/${recorded.letting}`, {
        ...letting(),
        effective_date: '2026-06-01',
        tenant_id: w.c1,
        rent_pa: '52000',
        areas: { area_size_type: 'sqm', nia_sqrt: 130 },
        address: { city: 'Ripon', post_code: 'HG4 1AA' },
      }),
    ));

  it('deals voided through DELETE /api/deals/{id}: the letting and the scheme sale', () =>
    step(DEAL_WRITES, async () => {
      await send('DELETE', `/api/deals/${recorded.letting}`, { reason: 'Recorded twice' });
      await send('DELETE', `/api/deals/${recorded.sale}`, { reason: 'Not sold after all' });
    }));

  it('archived and restored through the API: a unit, a scheme with its units, then both back (ADR 0078)', () =>
    step(['properties', 'schemes', 'field_history'], async () => {
      const del = async (url: string) => {
        const res = await t.app.inject({
          method: 'DELETE',
          url,
          headers: { ...XHR, cookie },
          payload: { reason: 'walk' },
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      await del(`/api/properties/${w.p2}`);
      await del(`/api/schemes/${w.s2}`);
      await post(`/api/properties/${w.p2}/restore`, {});
      await del(`/api/properties/${w.p5}`);
      await post(`/api/schemes/${w.s2}/restore`, {});
    }));

  it('a company merged through POST /api/companies/{id}/merge', () =>
    step(
      ['companies', 'users', 'properties', 'enquiries', 'store_events'],
      () => post(`/api/companies/${w.c4}/merge`, { target_id: w.c1 }),
      {
        merge: true,
      },
    ));

  it('an import-shaped bulk write: many rows inserted, updated and deleted by one statement each, leases and their terms included', () =>
    step(['properties', 'deals', 'enquiries', 'addresses'], async () => {
      // The lease events of the bulk's units, as the work list and the reminders read them.
      const bulkEvents = () =>
        queryRows<{ property_id: number; type: string; seq: number; date: string; hard: boolean }>(
          t.db,
          sql`select e.property_id, e.type, e.seq, e.date::text as date, e.hard from lease_events e
                join properties p on p.id = e.property_id where p.building_num like 'B%' order by 1, 2, 3`,
        );
      // Units with leases and their terms, as an import writes them: many in one statement (half
      // let; month-end dates, breaks with notice, inside and outside the 1954 Act, reviews).
      await exec([
        sql`insert into properties (building_num, address_id, scheme_id, tenant_id, rent_pa, nia_sqrt, updated_at,
              lease_start_date, lease_end_date, break_date, security_of_tenure, break_party, break_kind,
              break_notice_months, review_interval_years, review_basis, lease_notes)
            select 'B' || g, case when g % 2 = 0 then ${w.a1}::integer else ${w.a3}::integer end, case when g % 3 = 0 then ${w.s1}::integer end,
              case when g % 2 = 1 then ${w.c2}::integer end, 1000 * g, 100 * g, now() - g * interval '1 day',
              (date '2021-01-31' + make_interval(months => g))::date, (date '2031-01-31' + make_interval(months => g))::date,
              case when g % 2 = 1 then (date '2028-08-31' + make_interval(months => g))::date end,
              (array['inside_act', 'contracted_out', null])[g % 3 + 1], case when g % 2 = 1 then 'tenant' end,
              case when g % 2 = 1 then 'fixed' end, case when g % 2 = 1 then g % 7 end,
              case when g % 4 <> 0 then 5 end, case when g % 4 <> 0 then 'open_market_upward_only' end, 'Bulk ' || g
            from generate_series(1, 9) g`,
      ]);
      const inserted = await bulkEvents();
      expect(new Set(inserted.map((e) => e.type))).toEqual(new Set(LEASE_EVENT_TYPES));
      await exec([
        sql`insert into deals (deal_type, property_id, effective_date, rent_pa)
            select 'new_letting', p.id, date '2020-01-01' + p.id, 5000 from properties p where p.building_num like 'B%'`,
        sql`insert into enquiries (property_id, received_at, stage)
            select p.id, '2026-02-01', case when p.id % 2 = 0 then 'interest' else 'completed' end
            from properties p where p.building_num like 'B%'`,
        sql`update properties set updated_at = now() + id * interval '1 second', rent_pa = rent_pa + 1,
              tenant_id = case when tenant_id is null then ${w.c1}::integer end
            where building_num like 'B%'`,
        // A second import over the same units: every lease date and term changed in one statement.
        sql`update properties set lease_end_date = (lease_end_date - make_interval(years => 1))::date,
              break_date = case when break_date is null then (lease_start_date + make_interval(years => 4))::date end,
              break_party = case when break_party is null then 'mutual' end,
              break_kind = case when break_kind is null then 'rolling' end,
              break_notice_months = case when break_notice_months is null then 12 end,
              security_of_tenure = case security_of_tenure when 'inside_act' then 'contracted_out' else 'inside_act' end,
              next_review_date = (lease_start_date + make_interval(years => 3))::date,
              review_interval_years = coalesce(review_interval_years, 2)
            where building_num like 'B%'`,
        sql`update addresses set lat = lat + 0.01, city = upper(city) where id in (${w.a1}, ${w.a3})`,
        sql`update enquiries set stage = 'withdrawn' where stage = 'completed'`,
        sql`update deals set effective_date = effective_date + 30
            where property_id in (select id from properties where building_num like 'B%')`,
      ]);
      const updated = await bulkEvents();
      expect(updated.length).toBeGreaterThan(0);
      expect(updated).not.toEqual(inserted);
      await exec([sql`delete from properties where building_num in ('B1', 'B2', 'B3')`]);
    }));

  it('delete: a row of each source table', () =>
    step(['enquiries', 'deals', 'properties', 'schemes', 'companies', 'users'], () =>
      exec([
        sql`delete from enquiries where id = ${w.e1}`,
        sql`delete from deals where id = ${w.d2}`,
        sql`delete from properties where id = ${w.p1}`,
        sql`delete from schemes where id = ${w.s3}`,
        sql`delete from companies where id = ${w.c3}`,
        sql`delete from users where id = ${w.u2}`,
      ]),
    ));

  it('truncate: the deals and the enquiries', () =>
    step(['deals', 'enquiries'], () => exec([sql`truncate deals cascade`, sql`truncate enquiries`])));

  it('the walk changed every derived table and column at least once', () => {
    expect(DERIVED.map((d) => d.name).filter((name) => !changed.has(name))).toEqual([]);
  });
});
