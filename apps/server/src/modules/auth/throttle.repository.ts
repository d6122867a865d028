import { inArray, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

export const findThrottles = async (db: Db, keys: string[]): Promise<ThrottleRow[]> =>
  db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));

/**
 * Counts one failure for `key` in a single statement: a window older than `windowStart`
 * starts again at 1; reaching `max` sets `locked_until`.
 */
export const recordFailure = async (
  db: Db,
  key: string,
  now: Date,
  windowStart: Date,
  lockUntil: Date,
  max: number,
): Promise<void> => {
  const n = now.toISOString();
  const ws = windowStart.toISOString();
  const lu = lockUntil.toISOString();
  const fresh = sql`login_throttle.window_started_at < ${ws}::timestamptz`;
  const next = sql`(case when ${fresh} then 1 else login_throttle.failures + 1 end)`;
  await db.execute(sql`
    insert into login_throttle (key, failures, window_started_at, locked_until)
    values (${key}, 1, ${n}::timestamptz, case when 1 >= ${max}::int then ${lu}::timestamptz else null end)
    on conflict (key) do update set
      failures = ${next},
      window_started_at = case when ${fresh} then ${n}::timestamptz else login_throttle.window_started_at end,
      locked_until = case when ${next} >= ${max}::int then ${lu}::timestamptz
                          when ${fresh} then null
                          else login_throttle.locked_until end`);
};

export const clearThrottle = async (db: Db, key: string): Promise<void> => {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
};
