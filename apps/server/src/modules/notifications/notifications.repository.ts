import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export const listForUser = async (
  db: Db,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: NotificationRow[]; total: number }> => {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(notifications).where(eq(notifications.user_id, userId)),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

export const countUnread = async (db: Db, userId: number): Promise<number> => {
  const rows = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return Number(rows[0]?.n ?? 0);
};

/** Marks one of the user's notifications read (keeps the first read time); undefined when not theirs. */
export const markRead = async (
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | undefined> => {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .limit(1);
  const row = rows[0];
  if (!row || row.read_at) return row;
  const updated = await db
    .update(notifications)
    .set({ read_at: now })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning();
  return updated[0];
};

export const markAllRead = async (db: Db, userId: number, now: Date): Promise<number> => {
  const rows = await db
    .update(notifications)
    .set({ read_at: now })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return rows.length;
};

export const insertNotifications = async (db: Db, values: NewNotification[]): Promise<NotificationRow[]> =>
  values.length ? db.insert(notifications).values(values).returning() : [];
