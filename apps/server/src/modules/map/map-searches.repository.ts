import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mapSearches, users } from '../../db/schema';

/** A user's named areas of the map (ADR 0054). */

export type MapSearchRow = typeof mapSearches.$inferSelect;

/** The user's saved areas, newest first. */
export const listOf = (db: Db, userId: number): Promise<MapSearchRow[]> =>
  db
    .select()
    .from(mapSearches)
    .where(eq(mapSearches.user_id, userId))
    .orderBy(desc(mapSearches.created_at), desc(mapSearches.id));

/** Locks the user's row for the rest of the transaction: their saves are counted one at a time. */
export const lockUser = async (db: Db, userId: number): Promise<void> => {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

export const countOf = async (db: Db, userId: number): Promise<number> =>
  (await db.select({ n: count() }).from(mapSearches).where(eq(mapSearches.user_id, userId)))[0]?.n ?? 0;

export const insert = async (
  db: Db,
  values: {
    user_id: number;
    name: string;
    area: Record<string, unknown>;
    filters: Record<string, string | string[]>;
  },
  now: Date,
): Promise<MapSearchRow> =>
  (
    await db
      .insert(mapSearches)
      .values({ ...values, created_at: now })
      .returning()
  )[0]!;

/** Deletes the user's own saved area; false when it is not theirs or does not exist. */
export const removeOwn = async (db: Db, userId: number, id: number): Promise<boolean> =>
  (
    await db
      .delete(mapSearches)
      .where(and(eq(mapSearches.id, id), eq(mapSearches.user_id, userId)))
      .returning({ id: mapSearches.id })
  ).length > 0;

/** The owner of a saved area (undefined: none). */
export const ownerOf = async (db: Db, id: number): Promise<number | undefined> =>
  (
    await db
      .select({ user_id: mapSearches.user_id })
      .from(mapSearches)
      .where(sql`${mapSearches.id} = ${id}`)
  )[0]?.user_id;
