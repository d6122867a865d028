import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../search/prepared';
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

/** A user's company as its summary shows it (never the logo's bytes). */
export const findCompany = async (db: Db, id: number) => {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      core_id: companies.core_id,
      domain: companies.domain,
      phone: companies.phone,
      is_verified: companies.is_verified,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
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

/**
 * The session of a cookie and its user in one round trip: every authenticated request starts
 * here, so it is one prepared statement rather than two drizzle queries (ADR 0031).
 */
export const findSessionWithUser = async (
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> => {
  const rows = await preparedRows<UserRow & { s_id: number; s_user_id: number; s_token_hash: string; s_created_at: Date; s_last_seen_at: Date; s_expires_at: Date; s_ip: string | null; s_user_agent: string | null; u_found: boolean }>(
    db,
    sql`select s.id as s_id, s.user_id as s_user_id, s.token_hash as s_token_hash, s.created_at as s_created_at,
               s.last_seen_at as s_last_seen_at, s.expires_at as s_expires_at, s.ip as s_ip, s.user_agent as s_user_agent,
               u.id is not null as u_found, u.*
          from ${sessions} s left join ${users} u on u.id = s.user_id
         where s.token_hash = ${tokenHash}
         limit 1`,
  );
  const r = rows[0];
  if (!r) return undefined;
  const { s_id, s_user_id, s_token_hash, s_created_at, s_last_seen_at, s_expires_at, s_ip, s_user_agent, u_found, ...user } = r;
  const session: SessionRow = {
    id: s_id,
    user_id: s_user_id,
    token_hash: s_token_hash,
    created_at: new Date(s_created_at),
    last_seen_at: new Date(s_last_seen_at),
    expires_at: new Date(s_expires_at),
    ip: s_ip,
    user_agent: s_user_agent,
  };
  // Raw rows carry timestamps as Date (pg) or as text (drizzle's PGlite driver): normalise them.
  const row: UserRow = {
    ...user,
    last_activity: user.last_activity === null ? null : new Date(user.last_activity),
    created_at: new Date(user.created_at),
    updated_at: new Date(user.updated_at),
  };
  return { session, user: u_found ? row : undefined };
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
