import { and, count, desc, eq, gt, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsItems, sessions, users } from '../../db/schema';

export type NewsRow = typeof newsItems.$inferSelect;
export type NewNewsRow = typeof newsItems.$inferInsert;
export interface NewsRowWithAuthor extends NewsRow {
  author_name: string | null;
}

const columns = {
  id: newsItems.id,
  title: newsItems.title,
  published_at: newsItems.published_at,
  description: newsItems.description,
  body: newsItems.body,
  created_by: newsItems.created_by,
  created_at: newsItems.created_at,
  updated_at: newsItems.updated_at,
  author_name: users.name,
};

/** A page of items, newest publish date first (ties: newest id first). */
export const listPage = async (
  db: Db,
  limit: number,
  offset: number,
): Promise<{ rows: NewsRowWithAuthor[]; total: number }> => {
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(newsItems)
      .leftJoin(users, eq(users.id, newsItems.created_by))
      .orderBy(desc(newsItems.published_at), desc(newsItems.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(newsItems),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

export const findById = async (db: Db, id: number): Promise<NewsRowWithAuthor | undefined> => {
  const rows = await db
    .select(columns)
    .from(newsItems)
    .leftJoin(users, eq(users.id, newsItems.created_by))
    .where(eq(newsItems.id, id))
    .limit(1);
  return rows[0];
};

export const insert = async (db: Db, values: NewNewsRow): Promise<number> => {
  const rows = await db.insert(newsItems).values(values).returning({ id: newsItems.id });
  return rows[0]!.id;
};

export const update = async (db: Db, id: number, values: Partial<NewNewsRow>): Promise<boolean> => {
  const rows = await db
    .update(newsItems)
    .set(values)
    .where(eq(newsItems.id, id))
    .returning({ id: newsItems.id });
  return rows.length > 0;
};

export const remove = async (db: Db, id: number): Promise<boolean> => {
  const rows = await db.delete(newsItems).where(eq(newsItems.id, id)).returning({ id: newsItems.id });
  return rows.length > 0;
};

/**
 * Items published after `after` (null = ever) and not after `until`, newest first; not those
 * `reader` wrote (writing an item is reading it).
 */
export const publishedBetween = async (
  db: Db,
  reader: number,
  after: Date | null,
  until: Date,
): Promise<NewsRow[]> =>
  db
    .select()
    .from(newsItems)
    .where(
      and(
        after ? gt(newsItems.published_at, after) : undefined,
        lte(newsItems.published_at, until),
        or(isNull(newsItems.created_by), ne(newsItems.created_by, reader)),
      ),
    )
    .orderBy(desc(newsItems.published_at), desc(newsItems.id));

/**
 * The user has seen the news up to `at`: their last activity and every one of their sessions'
 * "activity before" move there, so another open browser does not show the same items again.
 */
export const markSeen = async (db: Db, userId: number, at: Date): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ last_activity: at }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ activity_before: at })
      .where(
        and(
          eq(sessions.user_id, userId),
          or(isNull(sessions.activity_before), lt(sessions.activity_before, at)),
        ),
      );
  });
};
