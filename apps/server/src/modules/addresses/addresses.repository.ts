import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, properties } from '../../db/schema';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;

export const findById = async (db: Db, id: number): Promise<AddressRow | undefined> =>
  (await db.select().from(addresses).where(eq(addresses.id, id)).limit(1))[0];

export const findByIds = async (db: Db, ids: number[]): Promise<Map<number, AddressRow>> => {
  if (!ids.length) return new Map();
  const rows = await db.select().from(addresses).where(inArray(addresses.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
};

export const insertAddress = async (db: Db, values: NewAddress): Promise<AddressRow> =>
  (await db.insert(addresses).values(values).returning())[0]!;

/**
 * Many addresses in one statement (a bulk import). PostgreSQL returns the rows of a multi-row
 * VALUES insert in the order given, so the i-th row returned is the i-th value.
 */
export const insertAddresses = async (db: Db, values: NewAddress[]): Promise<AddressRow[]> =>
  values.length ? db.insert(addresses).values(values).returning() : [];

export const updateAddress = async (db: Db, id: number, values: Partial<NewAddress>): Promise<AddressRow> =>
  (await db.update(addresses).set(values).where(eq(addresses.id, id)).returning())[0]!;

/** The properties that use an address (a unit number edited with the address goes to them). */
export const propertiesUsing = (db: Db, addressId: number) =>
  db
    .select({ id: properties.id, building_num: properties.building_num })
    .from(properties)
    .where(eq(properties.address_id, addressId));

export const setBuildingNum = async (
  db: Db,
  propertyId: number,
  buildingNum: string | null,
  now: Date,
): Promise<void> => {
  await db
    .update(properties)
    .set({ building_num: buildingNum, updated_at: now })
    .where(eq(properties.id, propertyId));
};
