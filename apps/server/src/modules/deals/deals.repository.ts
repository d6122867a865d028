import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contactCompany, partyNameColumns } from '../properties/parties.repository';
import {
  addresses,
  companies,
  dealLinks,
  dealParties,
  deals,
  fieldHistory,
  idempotencyKeys,
  properties,
  schemes,
  users,
} from '../../db/schema';

export type DealRow = typeof deals.$inferSelect;
export type NewDeal = typeof deals.$inferInsert;
export type NewDealParty = Omit<typeof dealParties.$inferInsert, 'deal_id'>;

/* ───────────────────────────── writes ───────────────────────────── */

export const insertDeal = async (db: Db, values: NewDeal): Promise<DealRow> =>
  (await db.insert(deals).values(values).returning())[0]!;

export const insertParties = async (db: Db, dealId: number, rows: NewDealParty[]): Promise<void> => {
  if (rows.length) await db.insert(dealParties).values(rows.map((r) => ({ ...r, deal_id: dealId })));
};

export const insertLinks = async (db: Db, dealId: number, urls: string[]): Promise<void> => {
  if (urls.length)
    await db.insert(dealLinks).values(urls.map((url, position) => ({ deal_id: dealId, position, url })));
};

/**
 * Tells the properties trigger (migration 0018) which deal and date the store openings and
 * closures of this transaction belong to; '' = none (the trigger then uses today).
 */
export const setStoreEventContext = async (
  db: Db,
  dealId: number | null,
  onDate: string | null,
): Promise<void> => {
  await db.execute(
    sql`select set_config('frontage.deal_id', ${dealId === null ? '' : String(dealId)}, true), set_config('frontage.event_date', ${onDate ?? ''}, true)`,
  );
};

/* ───────────────────────────── reads ───────────────────────────── */

const propertyScheme = alias(schemes, 'property_scheme');

/** One deal with its author, its property (address, scheme) or its scheme. */
export const loadDeal = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      d: deals,
      creator_name: users.name,
      creator_company_id: users.company_id,
      p_building_num: properties.building_num,
      p_full_address: addresses.full_address,
      p_scheme_id: propertyScheme.id,
      p_scheme_name: propertyScheme.name,
      s_name: schemes.name,
    })
    .from(deals)
    .leftJoin(users, eq(users.id, deals.created_by))
    .leftJoin(properties, eq(properties.id, deals.property_id))
    .leftJoin(addresses, eq(addresses.id, properties.address_id))
    .leftJoin(propertyScheme, eq(propertyScheme.id, properties.scheme_id))
    .leftJoin(schemes, eq(schemes.id, deals.scheme_id))
    .where(eq(deals.id, id));
  return row;
};
export type LoadedDeal = NonNullable<Awaited<ReturnType<typeof loadDeal>>>;

/** A deal's party rows in saved order, with the company's or contact's names. */
export const partiesOf = (db: Db, dealId: number) =>
  db
    .select({
      role: dealParties.role,
      company_id: dealParties.company_id,
      user_id: dealParties.user_id,
      ...partyNameColumns,
    })
    .from(dealParties)
    .leftJoin(companies, eq(companies.id, dealParties.company_id))
    .leftJoin(users, eq(users.id, dealParties.user_id))
    .leftJoin(contactCompany, eq(contactCompany.id, users.company_id))
    .where(eq(dealParties.deal_id, dealId))
    .orderBy(asc(dealParties.role), asc(dealParties.position), asc(dealParties.id));
export type DealPartyRow = Awaited<ReturnType<typeof partiesOf>>[number];

export const linksOf = async (db: Db, dealId: number): Promise<string[]> =>
  (
    await db
      .select({ url: dealLinks.url })
      .from(dealLinks)
      .where(eq(dealLinks.deal_id, dealId))
      .orderBy(asc(dealLinks.position), asc(dealLinks.id))
  ).map((r) => r.url);

/** The field_history rows a deal wrote, in the order written. */
export const changesOf = (db: Db, dealId: number) =>
  db
    .select({
      entity_type: fieldHistory.entity_type,
      entity_id: fieldHistory.entity_id,
      field: fieldHistory.field,
      // Read as text and parsed once: the driver's jsonb mapping would turn "1000.00" into 1000.
      old_text: sql<string | null>`${fieldHistory.old_value}::text`,
      new_text: sql<string | null>`${fieldHistory.new_value}::text`,
      verified: fieldHistory.verified,
    })
    .from(fieldHistory)
    .where(eq(fieldHistory.deal_id, dealId))
    .orderBy(asc(fieldHistory.id));
export type DealChangeRow = Awaited<ReturnType<typeof changesOf>>[number];

export const propertyExists = async (db: Db, id: number): Promise<boolean> =>
  (await db.select({ id: properties.id }).from(properties).where(eq(properties.id, id))).length > 0;

/** One page of a property's deals, newest first (the order deals_property_idx keeps). */
export const pageForProperty = async (db: Db, propertyId: number, limit: number, offset: number) => {
  const rows = await db
    .select({ d: deals, creator_name: users.name })
    .from(deals)
    .leftJoin(users, eq(users.id, deals.created_by))
    .where(eq(deals.property_id, propertyId))
    .orderBy(
      sql`${deals.effective_date} desc nulls last`,
      sql`${deals.created_at} desc nulls last`,
      sql`${deals.id} desc nulls last`,
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(deals).where(eq(deals.property_id, propertyId));
  return { rows, total: Number(total?.n ?? 0) };
};

/** The tenant and previous tenant of these deals (one query for a page). */
export const tenantsOf = async (db: Db, dealIds: number[]) => {
  if (!dealIds.length) return [];
  return db
    .select({
      deal_id: dealParties.deal_id,
      role: dealParties.role,
      id: companies.id,
      name: companies.name,
      is_verified: companies.is_verified,
      verified_at: companies.verified_at,
    })
    .from(dealParties)
    .innerJoin(companies, eq(companies.id, dealParties.company_id))
    .where(and(inArray(dealParties.deal_id, dealIds), inArray(dealParties.role, ['tenant', 'prev_tenant'])));
};

/* ─────────────────────────── idempotency ────────────────────────── */

/**
 * Claims (user, key) for this request: true when this call inserted it. A concurrent claim of the
 * same key waits for the first transaction and then finds its row (ADR 0043).
 */
export const claimKey = async (
  db: Db,
  v: { user_id: number; key: string; request_hash: string; created_at: Date },
): Promise<boolean> =>
  (await db.insert(idempotencyKeys).values(v).onConflictDoNothing().returning({ key: idempotencyKeys.key }))
    .length > 0;

export const findKey = async (db: Db, userId: number, key: string) =>
  (
    await db
      .select({
        request_hash: idempotencyKeys.request_hash,
        status: idempotencyKeys.status,
        response_text: sql<string | null>`${idempotencyKeys.response}::text`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
  )[0];

/**
 * Deletes up to `limit` keys created before `before`, oldest first, skipping rows another
 * transaction holds (a concurrent purge never waits).
 */
export const purgeKeys = async (db: Db, before: Date, limit = 200): Promise<void> => {
  await db.execute(sql`
    delete from idempotency_keys k
    using (
      select user_id, key from idempotency_keys
      where created_at < ${before.toISOString()}::timestamptz
      order by created_at
      limit ${limit}::int
      for update skip locked
    ) old
    where k.user_id = old.user_id and k.key = old.key`);
};

export const saveKeyResponse = async (
  db: Db,
  userId: number,
  key: string,
  status: number,
  response: unknown,
): Promise<void> => {
  await db
    .update(idempotencyKeys)
    .set({ status, response })
    .where(and(eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)));
};
