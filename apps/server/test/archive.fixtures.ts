/**
 * A small market for the archive tests (ADR 0078): an owner company and its agents, a stranger,
 * an admin; in Leeds a standalone unit let to a peer retailer with a dated letting (comparable
 * evidence), a vacant standalone unit (a match for an enquiry, an available unit for gap
 * analysis) and a scheme with two units; every place positioned for the map.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client';
import { DERIVED } from '../src/db/derived';
import { companyCategories, companyCategory } from '../src/db/schema';
import { compareWithRebuild } from './derived.fixtures';
import { XHR, buildCompany, buildUser, sessionCookie, testDb, type TestApp } from './helpers';

export const LEEDS = { lat: 53.7965, lng: -1.5447 };
export const LEEDS_BOX = '-1.6,53.75,-1.5,53.85';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const caller =
  (t: TestApp) =>
  (method: Method, url: string, cookie: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...XHR, cookie, ...headers }, ...(payload ? { payload } : {}) });

export const buildArchiveWorld = async (t: TestApp) => {
  const call = caller(t);
  const ownerCo = await buildCompany({ name: 'Savills' });
  const otherCo = await buildCompany({ name: 'Knight Frank' });
  const retailer = await buildCompany({ name: 'Next' });
  const peer = await buildCompany({ name: 'Arket' });
  const db = await testDb();
  const [fashion] = await db.insert(companyCategories).values({ name: 'Fashion' }).returning();
  await db.insert(companyCategory).values([
    { company_id: retailer.id, category_id: fashion!.id },
    { company_id: peer.id, category_id: fashion!.id },
  ]);
  const admin = await buildUser({ name: 'Ada Admin', email: 'admin@archive.test', type: 'admin' });
  const owner = await buildUser({ name: 'Olive Owner', email: 'owner@archive.test', company_id: ownerCo.id });
  const colleague = await buildUser({
    name: 'Colin Colleague',
    email: 'colin@archive.test',
    company_id: ownerCo.id,
  });
  const stranger = await buildUser({
    name: 'Sam Stranger',
    email: 'sam@archive.test',
    company_id: otherCo.id,
  });
  const loner = await buildUser({ name: 'Lou Loner', email: 'lou@archive.test', company_id: null });
  const cookies = {
    admin: await sessionCookie(t.app, admin),
    owner: await sessionCookie(t.app, owner),
    colleague: await sessionCookie(t.app, colleague),
    stranger: await sessionCookie(t.app, stranger),
    loner: await sessionCookie(t.app, loner),
  };
  const created = async (url: string, payload: object) => {
    const res = await call('POST', url, cookies.owner, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version?: string };
  };
  const address = (street: string, north: number) => ({
    street,
    city: 'Leeds',
    post_code: 'LS1 6HW',
    latitude: LEEDS.lat + north / 111_320,
    longitude: LEEDS.lng,
  });
  const let_ = await created('/api/properties', {
    building_num: '12',
    company_id: peer.id,
    landlords: [ownerCo.id],
    area_size_type: 'sqft',
    nia_sqrt: 1000,
    rent_pa: '30000',
    lease_end_date: '2031-01-01',
    address: address('Briggate', 100),
  });
  const vacant = await created('/api/properties', {
    building_num: '14',
    landlords: [ownerCo.id],
    area_size_type: 'sqft',
    nia_sqrt: 1500,
    rent_pa: '45000',
    address: address('Briggate', 200),
  });
  const scheme = await created('/api/schemes', {
    name: 'Trinity Leeds',
    type: 'Shopping centres',
    address: address('Albion Street', 400),
  });
  const unit = (n: string) =>
    created(`/api/schemes/${scheme.id}/properties`, {
      building_num: n,
      area_size_type: 'sqft',
      nia_sqrt: 1200,
    });
  const unitA = await unit('Unit 1');
  const unitB = await unit('Unit 2');
  const deal = await created('/api/deals', {
    deal_type: 'new_letting',
    property_id: let_.id,
    effective_date: '2026-01-10',
    tenant_id: peer.id,
    rent_pa: '30000',
  });
  const [enquiry] = await queryRows<{ id: number }>(
    db,
    sql`insert into enquiries (received_at, stage, property_id, company_id, size_from, size_to)
        values ('2026-05-01', 'interest', ${let_.id}, ${retailer.id}, 1000, 2000) returning id`,
  );
  return {
    call,
    cookies,
    users: { admin, owner, colleague, stranger, loner },
    companies: { ownerCo, otherCo, retailer, peer },
    let_,
    vacant,
    scheme,
    unitA,
    unitB,
    deal,
    enquiry: enquiry!,
  };
};
export type ArchiveWorld = Awaited<ReturnType<typeof buildArchiveWorld>>;

/** Every derived table equals its rebuild (the rebuilds skip archived rows). */
export const expectDerivedAsRebuilt = async (db: TestApp['db']) => {
  const mismatches = [];
  for (const d of DERIVED.filter((x) => x.rebuild)) {
    const m = await compareWithRebuild(db, d);
    if (m) mismatches.push(m);
  }
  expect(mismatches).toEqual([]);
};

/** The history rows of archiving and restoring one record, oldest first. */
export const archiveHistory = (db: TestApp['db'], entityType: string, id: number) =>
  queryRows<{ field: string; old_value: unknown; new_value: unknown; source: string; user_id: number }>(
    db,
    sql`select field, old_value, new_value, source, user_id from field_history
         where entity_type = ${entityType} and entity_id = ${id} and source in ('archive', 'restore') order by id`,
  );
