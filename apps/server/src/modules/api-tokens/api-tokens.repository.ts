import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiTokens, users } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type TokenUserRow = typeof users.$inferSelect;

/** The token of this hash with its owner, whatever its state (the service decides). */
export const findByHash = async (
  db: Db,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: TokenUserRow } | null> => {
  const rows = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
};

export interface ListedToken extends ApiTokenRow {
  owner_name: string;
  owner_is_integration: boolean;
}

/** The live (not revoked) tokens of these owners, newest first. */
export const listOf = async (db: Db, ownerIds: number[]): Promise<ListedToken[]> => {
  if (!ownerIds.length) return [];
  const rows = await db
    .select({ token: apiTokens, owner_name: users.name, owner_is_integration: users.is_integration })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(and(inArray(apiTokens.user_id, ownerIds), isNull(apiTokens.revoked_at)))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
  return rows.map((r) => ({
    ...r.token,
    owner_name: r.owner_name,
    owner_is_integration: r.owner_is_integration,
  }));
};

export const findLive = async (db: Db, id: number): Promise<ApiTokenRow | undefined> =>
  (
    await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
  )[0];

export const insert = async (db: Db, row: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> =>
  (await db.insert(apiTokens).values(row).returning())[0]!;

export const revoke = async (db: Db, id: number, now: Date): Promise<boolean> =>
  (
    await db
      .update(apiTokens)
      .set({ revoked_at: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
      .returning({ id: apiTokens.id })
  ).length > 0;

/**
 * Records a use: only when the last one is older than `before` (one conditional UPDATE, so two
 * processes seeing the same stale time write once between them).
 */
export const touch = async (db: Db, id: number, now: Date, ip: string, before: Date): Promise<void> => {
  await db
    .update(apiTokens)
    .set({ last_used_at: now, last_used_ip: ip })
    .where(
      and(
        eq(apiTokens.id, id),
        or(
          isNull(apiTokens.last_used_at),
          sql`${apiTokens.last_used_at} < ${before.toISOString()}::timestamptz`,
        ),
      ),
    );
};

export const findUser = async (db: Db, id: number): Promise<TokenUserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

export const integrationAccounts = async (db: Db): Promise<Array<{ id: number; name: string }>> =>
  db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.is_integration, true))
    .orderBy(asc(users.name), asc(users.id));
