/**
 * A small market around one company (Acme) and one contact (Carl of Acme) for the company and
 * contact page tests (ADR 0091): units where Acme holds every portfolio role, an archived one, a
 * stranger's unit, and helpers to record deals with parties in any role.
 */
import { sql } from 'drizzle-orm';
import { addresses, dealParties, deals, properties, propertyParties } from '../src/db/schema';
import { XHR, buildCompany, buildUser, resetData, sessionCookie, testDb, type TestApp } from './helpers';

export const buildRecordWorld = async (t: TestApp) => {
  await resetData();
  const acme = await buildCompany({ name: 'Acme Retail' });
  const other = await buildCompany({ name: 'Other Co' });
  const admin = await buildUser({ name: 'Ada Admin', email: 'admin@record.test', type: 'admin' });
  const agent = await buildUser({ name: 'Jamie Agent', email: 'agent@record.test', company_id: other.id });
  const carl = await buildUser({ name: 'Carl Contact', email: 'carl@record.test', company_id: acme.id });
  const cookies = {
    admin: await sessionCookie(t.app, admin),
    agent: await sessionCookie(t.app, agent),
  };
  const db = await testDb();
  const unit = async (
    street: string,
    city: string,
    values: Partial<typeof properties.$inferInsert>,
    parties: Array<{ role: string; company_id?: number; user_id?: number }> = [],
  ) => {
    const [a] = await db
      .insert(addresses)
      .values({ street, city, post_code: 'LS1 1AA', lat: 53.8, lng: -1.5 })
      .returning();
    const [p] = await db
      .insert(properties)
      .values({ address_id: a!.id, ...values })
      .returning();
    if (parties.length)
      await db.insert(propertyParties).values(parties.map((x) => ({ property_id: p!.id, ...x })));
    return p!.id;
  };
  const u = {
    tenant: await unit('1 Alpha Street', 'Leeds', {
      tenant_id: acme.id,
      rent_pa: '10000',
      lease_end_date: '2030-01-01',
      building_num: 'Unit 1',
    }),
    legal: await unit('2 Beta Street', 'York', {
      tenant_id: other.id,
      legal_tenant_id: acme.id,
      rent_pa: '30000',
    }),
    landlord: await unit('3 Gamma Street', 'Bath', { lease_end_date: '2027-06-30' }, [
      { role: 'landlord', company_id: acme.id },
    ]),
    agentAndTenant: await unit('4 Delta Street', 'Hull', { tenant_id: acme.id, rent_pa: '20000' }, [
      { role: 'landlord_agent', company_id: acme.id },
      { role: 'landlord_contact', user_id: carl.id },
    ]),
    tenantAgent: await unit('5 Epsilon Street', 'Derby', {}, [{ role: 'tenant_agent', company_id: acme.id }]),
    archived: await unit('6 Zeta Street', 'Leeds', {
      tenant_id: acme.id,
      archived_at: new Date('2025-01-01T00:00:00Z'),
      archive_reason: 'Demolished',
    }),
    stranger: await unit('7 Eta Street', 'Leeds', { tenant_id: other.id }, [
      { role: 'landlord', company_id: other.id },
    ]),
  };
  return { acme, other, admin, agent, carl, cookies, u };
};
export type RecordWorld = Awaited<ReturnType<typeof buildRecordWorld>>;

/** A deal recorded directly with its parties (the roles under test, not the deal engine's rules). */
export const recordDeal = async (
  values: { deal_type: string; property_id: number; effective_date: string | null; created_by?: number },
  parties: Array<{ role: string; company_id?: number; user_id?: number }>,
): Promise<number> => {
  const db = await testDb();
  const [d] = await db
    .insert(deals)
    .values({ ...values, currency: 'GBP', rent_pa: '12000' })
    .returning({ id: deals.id });
  await db.insert(dealParties).values(parties.map((p, i) => ({ deal_id: d!.id, position: i, ...p })));
  return d!.id;
};

/** Runs `write` as of `day` (the store events' and history's dates follow the transaction). */
export const onDay = async (
  day: string,
  write: (tx: Awaited<ReturnType<typeof testDb>>) => Promise<unknown>,
) => {
  const db = await testDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('frontage.event_date', ${day}, true)`);
    await write(tx);
  });
};

export const get = (t: TestApp, cookie: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
