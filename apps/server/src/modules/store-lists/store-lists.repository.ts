import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, companies, properties } from '../../db/schema';

/** A unit as the reconciliation compares it: its address line 1 and post code. */
export interface UnitAddress {
  property_id: number;
  street: string | null;
  full_address: string | null;
  town: string | null;
  post_code: string | null;
}

const unitCols = {
  property_id: properties.id,
  street: addresses.street,
  full_address: addresses.full_address,
  town: addresses.city,
  post_code: addresses.post_code,
};

export const findCompany = async (db: Db, id: number) =>
  (
    await db
      .select({ id: companies.id, name: companies.name, core_id: companies.core_id })
      .from(companies)
      .where(eq(companies.id, id))
      .limit(1)
  )[0];

/** Every unit where the company is the tenant (its stores), in id order. */
export const unitsHeldBy = (db: Db, companyId: number): Promise<UnitAddress[]> =>
  db
    .select(unitCols)
    .from(properties)
    .innerJoin(addresses, eq(addresses.id, properties.address_id))
    .where(eq(properties.tenant_id, companyId))
    .orderBy(properties.id);

/** Vacant units at any of these post codes (compared without spaces, upper case). */
export const vacantUnitsAt = async (db: Db, postCodeKeys: string[]): Promise<UnitAddress[]> => {
  // Keys are letters and digits only, so the array literal needs no quoting.
  const keys = postCodeKeys.filter((k) => /^[A-Z0-9]+$/.test(k));
  if (!keys.length) return [];
  return db
    .select(unitCols)
    .from(properties)
    .innerJoin(addresses, eq(addresses.id, properties.address_id))
    .where(
      and(
        isNull(properties.tenant_id),
        sql`upper(regexp_replace(${addresses.post_code}, '[^A-Za-z0-9]', '', 'g')) = any(${`{${keys.join(',')}}`}::text[])`,
      ),
    )
    .orderBy(properties.id);
};

/** The tenant of each of these units (absent = no such unit); locks them for the transaction. */
export const tenantsOf = async (db: Db, ids: number[]): Promise<Map<number, number | null>> => {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: properties.id, tenant_id: properties.tenant_id })
    .from(properties)
    .where(inArray(properties.id, ids))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.tenant_id]));
};

/** The same read without the lock (the check before the stream starts). */
export const tenantsOfUnlocked = async (db: Db, ids: number[]): Promise<Map<number, number | null>> => {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: properties.id, tenant_id: properties.tenant_id })
    .from(properties)
    .where(inArray(properties.id, ids));
  return new Map(rows.map((r) => [r.id, r.tenant_id]));
};

/** Many addresses in one statement (a store list's new units), in the given order. */
export const insertAddresses = (db: Db, values: Array<typeof addresses.$inferInsert>) =>
  db.insert(addresses).values(values).returning();

/** Many properties in one statement, in the given order. */
export const insertProperties = (db: Db, values: Array<typeof properties.$inferInsert>) =>
  db.insert(properties).values(values).returning();
