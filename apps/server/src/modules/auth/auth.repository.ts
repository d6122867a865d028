import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, sessions, userSettings, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> => {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return rows[0];
};

export const findUserById = async (db: Db, id: number): Promise<UserRow | undefined> => {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
};

export const findSettings = async (db: Db, userId: number): Promise<UserSettingsRow | undefined> => {
  const rows = await db.select().from(userSettings).where(eq(userSettings.user_id, userId)).limit(1);
  return rows[0];
};

export const findCompany = async (db: Db, id: number): Promise<CompanyRow | undefined> => {
  const rows = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return rows[0];
};

export const insertUser = async (db: Db, values: NewUser): Promise<UserRow> => {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
};

export const updateUser = async (db: Db, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> => {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return rows[0];
};

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> => {
  const rows = await db.insert(sessions).values(values).returning();
  return rows[0]!;
};

export const findSessionByTokenHash = async (db: Db, tokenHash: string): Promise<SessionRow | undefined> => {
  const rows = await db.select().from(sessions).where(eq(sessions.token_hash, tokenHash)).limit(1);
  return rows[0];
};

export const updateSession = async (
  db: Db,
  id: number,
  values: Partial<Pick<SessionRow, 'token_hash' | 'last_seen_at'>>,
): Promise<void> => {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
};

export const deleteSession = async (db: Db, id: number): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.id, id));
};

export const deleteOtherSessions = async (db: Db, userId: number, keepSessionId: number): Promise<void> => {
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
};
