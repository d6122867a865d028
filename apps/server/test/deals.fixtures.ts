import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { XHR, buildCompany, buildUser, resetData, sessionCookie, type TestApp } from './helpers';

export const PW = 'deals-password-1';

/**
 * A unit with a full tenant and landlord side, companies for the new sides, an admin and an
 * ordinary user (signed in), for the deal tests.
 */
export const buildDealWorld = async (t: TestApp) => {
  await resetData();
  const co = {
    oldTenant: await buildCompany({ name: 'Boots' }),
    oldLegal: await buildCompany({ name: 'Boots UK Limited' }),
    newTenant: await buildCompany({ name: 'Greggs' }),
    newLegal: await buildCompany({ name: 'Greggs plc' }),
    oldLandlord: await buildCompany({ name: 'Landsec' }),
    newLandlord: await buildCompany({ name: 'British Land' }),
    oldLandlordAgent: await buildCompany({ name: 'CBRE' }),
    newLandlordAgent: await buildCompany({ name: 'JLL' }),
    oldTenantAgent: await buildCompany({ name: 'Savills' }),
    newTenantAgent: await buildCompany({ name: 'Knight Frank' }),
  };
  const admin = await buildUser({ email: 'admin@deals.test', password: PW, type: 'admin' });
  const user = await buildUser({ email: 'user@deals.test', password: PW, company_id: co.newLandlord.id });
  const contacts = {
    oldTenant: await buildUser({ name: 'Olive Tenant', company_id: co.oldTenant.id }),
    newTenant: await buildUser({ name: 'Nina Tenant', company_id: co.newTenant.id }),
    oldLandlord: await buildUser({ name: 'Owen Landlord', company_id: co.oldLandlord.id }),
    newLandlord: await buildUser({ name: 'Nora Landlord', company_id: co.newLandlord.id }),
  };
  const adminCookie = await sessionCookie(t.app, admin);
  const userCookie = await sessionCookie(t.app, user);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { ...XHR, cookie: adminCookie },
    payload: {
      building_num: '12',
      company_id: co.oldTenant.id,
      legal_tenant_id: co.oldLegal.id,
      currency: 'GBP',
      rent_pa: '40000',
      rent_sqft: '40',
      rateable_value: '20000',
      lease_start_date: '2016-03-25',
      lease_end_date: '2026-03-24',
      next_review_date: '2021-03-25',
      rent_review_clause: 'Upward only, 5 yearly',
      planning: 'E',
      landlords: [co.oldLandlord.id],
      landlord_contacts: [contacts.oldLandlord.id],
      landlord_agents: [co.oldLandlordAgent.id],
      tenant_agents: [co.oldTenantAgent.id],
      tenant_contacts: [contacts.oldTenant.id],
      area_size_type: 'sqft',
      itza_area: 500,
      nia_sqrt: 1200,
      address: { street: 'Briggate', city: 'Leeds', post_code: 'LS1 6HD' },
    },
  });
  if (created.statusCode !== 201) throw new Error(`property: ${created.body}`);
  const property = created.json().data as { id: number; address_id: number };
  return { co, admin, user, contacts, adminCookie, userCookie, property };
};
export type DealWorld = Awaited<ReturnType<typeof buildDealWorld>>;

export const api = (t: TestApp) => ({
  post: (cookie: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/deals', headers: { ...XHR, cookie, ...headers }, payload }),
  get: (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } }),
  property: async (cookie: string, id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: { ...XHR, cookie } })).json()
      .data,
});

/** The ids of a party list as read. */
export const idsOf = (list: Array<{ id: number }> | undefined) => (list ?? []).map((x) => x.id);

export const historyOfDeal = (t: TestApp, dealId: number) =>
  queryRows<{
    entity_type: string;
    entity_id: number;
    field: string;
    old_value: unknown;
    new_value: unknown;
    source: string;
    verified: boolean;
  }>(
    t.db,
    sql`select entity_type, entity_id, field, old_value, new_value, source, verified from field_history where deal_id = ${dealId} order by id`,
  );

export const counts = async (t: TestApp) =>
  (
    await queryRows<{ deals: number; history: number; parties: number; links: number }>(
      t.db,
      sql`select (select count(*)::int from deals) as deals, (select count(*)::int from field_history) as history,
                 (select count(*)::int from deal_parties) as parties, (select count(*)::int from deal_links) as links`,
    )
  )[0]!;
