import { and, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnMapper, fixedStatement, selectColumns } from '../../db/prepared';
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

/** The columns of a user's company summary (auth.presenter presentCompanySummary): never the logo's bytes. */
export const companySummaryColumns = {
  id: companies.id,
  name: companies.name,
  core_id: companies.core_id,
  domain: companies.domain,
  phone: companies.phone,
  is_verified: companies.is_verified,
};

const settingsColumns = getTableColumns(userSettings);
const mapSettings = columnMapper<UserSettingsRow>(settingsColumns, 's_');
const mapCompanySummary = columnMapper<CompanySummaryRow>(companySummaryColumns, 'c_');
/** A user's company as its summary shows it (auth.presenter). */
type CompanySummaryRow = Pick<CompanyRow, keyof typeof companySummaryColumns>;

/**
 * A user's settings and, when a company id is given, their company's summary, in one round trip:
 * `GET /api/auth/me` reads both on every page load, so it is one prepared statement whose text is
 * rendered once (ADR 0106), not two drizzle queries built per request.
 */
const profileStatement = fixedStatement(
  (userId: number, companyId: number | null) =>
    sql`select ${selectColumns(settingsColumns, 's_')}, ${selectColumns(companySummaryColumns, 'c_')}
          from (select 1) one
          left join ${userSettings} on ${userSettings.user_id} = ${userId}::int
          left join ${companies} on ${companies.id} = ${companyId}::int`,
);

/** The user's settings (none before their first save) and the company's summary (null without one). */
export const findProfile = async (
  db: Db,
  userId: number,
  companyId: number | null,
): Promise<{ settings: UserSettingsRow | undefined; company: CompanySummaryRow | null }> => {
  const r = (await profileStatement<Record<string, unknown>>(db, userId, companyId))[0]!;
  return {
    settings: r.s_user_id === null ? undefined : mapSettings(r),
    company: r.c_id === null ? null : mapCompanySummary(r),
  };
};

export const insertUser = async (db: Db, values: NewUser): Promise<UserRow> => {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
};

/** The company of this name (any case), created when there is none: `npm run user:create --company`. */
export const findOrCreateCompanyByName = async (db: Db, name: string): Promise<number> => {
  const found = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return found[0]?.id ?? (await db.insert(companies).values({ name }).returning({ id: companies.id }))[0]!.id;
};

/** A new user's settings row (defaults); nothing when it exists. */
export const insertDefaultSettings = async (db: Db, userId: number): Promise<void> => {
  await db.insert(userSettings).values({ user_id: userId }).onConflictDoNothing();
};

export const updateUser = async (
  db: Db,
  id: number,
  values: Partial<NewUser>,
): Promise<UserRow | undefined> => {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return rows[0];
};

export const insertSession = async (db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> => {
  const rows = await db.insert(sessions).values(values).returning();
  return rows[0]!;
};

const sessionColumns = getTableColumns(sessions);
const userColumns = getTableColumns(users);
const mapSession = columnMapper<SessionRow>(sessionColumns, 's_');
const mapUser = columnMapper<UserRow>(userColumns, 'u_');

/**
 * The session of a cookie and its user in one round trip: every authenticated request starts
 * here, so it is one prepared statement rather than two drizzle queries (ADR 0031). The cookie
 * may hold the session's token or the one before its last refresh (the service checks that one's
 * grace, ADR 0074).
 */
const sessionWithUser = fixedStatement(
  (tokenHash: string) =>
    sql`select ${selectColumns(sessionColumns, 's_')}, ${selectColumns(userColumns, 'u_')}
          from ${sessions} left join ${users} on ${users.id} = ${sessions.user_id}
         where ${sessions.token_hash} = ${tokenHash} or ${sessions.previous_token_hash} = ${tokenHash}
         limit 1`,
);

export const findSessionWithUser = async (
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> => {
  const rows = await sessionWithUser<Record<string, unknown>>(db, tokenHash);
  const r = rows[0];
  return r && { session: mapSession(r), user: r.u_id === null ? undefined : mapUser(r) };
};

export const updateSession = async (
  db: Db,
  id: number,
  values: Partial<Pick<SessionRow, 'token_hash' | 'last_seen_at'>>,
): Promise<void> => {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
};

export const findSessionById = async (db: Db, id: number): Promise<SessionRow | undefined> => {
  const rows = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return rows[0];
};

/**
 * Rotates a session's token from `fromHash` to `toHash`, the old one kept as the previous token.
 * Only if the session still holds `fromHash`: of two refreshes at once one rotates, and the
 * other gets undefined (and finds the rotation done).
 */
export const rotateSession = async (
  db: Db,
  id: number,
  r: { fromHash: string; toHash: string; rotationKey: string; now: Date },
): Promise<SessionRow | undefined> => {
  const rows = await db
    .update(sessions)
    .set({
      previous_token_hash: r.fromHash,
      token_hash: r.toHash,
      rotation_key: r.rotationKey,
      rotated_at: r.now,
      last_seen_at: r.now,
    })
    .where(and(eq(sessions.id, id), eq(sessions.token_hash, r.fromHash)))
    .returning();
  return rows[0];
};

export const deleteSession = async (db: Db, id: number): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.id, id));
};

/** Ends the session a cookie token belongs to (as its token, or the one before its last refresh). */
export const deleteSessionByToken = async (db: Db, tokenHash: string): Promise<void> => {
  await db
    .delete(sessions)
    .where(or(eq(sessions.token_hash, tokenHash), eq(sessions.previous_token_hash, tokenHash)));
};

/** Signs a user out everywhere: every request with one of their cookies is a 401 from now on. */
export const deleteUserSessions = async (db: Db, userId: number): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
};

export const deleteOtherSessions = async (db: Db, userId: number, keepSessionId: number): Promise<void> => {
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
};
