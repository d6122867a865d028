/**
 * Failed-login bookkeeping (ADR 0035). Every change of a key's count is one statement, so
 * concurrent attempts (in any number of server processes) all count and none is lost.
 */
import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottle } from '../../db/schema';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

/** How a key's failures turn into delays. */
export interface DelayPolicy {
  /** Failures before the first delay. */
  free: number;
  /** The delay after failure `free + 1`; it doubles with every further failure. */
  baseSeconds: number;
  maxSeconds: number;
}

const t = loginThrottle;
const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

/**
 * When an attempt may come after the `count`-th failure at `now`: null up to `policy.free`
 * failures, then `now + min(max, base · 2^(count − free − 1))`. The exponent is clamped so the
 * power never overflows.
 */
const delayedUntil = (count: SQL, now: Date, p: DelayPolicy): SQL => sql`case when ${count} > ${p.free}::int
    then ${ts(now)} + make_interval(secs => least(${p.maxSeconds}::float8,
      ${p.baseSeconds}::float8 * power(2::float8, least(${count} - ${p.free}::int - 1, 40))))
    end`;

export const findThrottles = async (db: Db, keys: string[]): Promise<ThrottleRow[]> =>
  db.select().from(t).where(inArray(t.key, keys));

export interface CountOptions {
  now: Date;
  policy: DelayPolicy;
  /** Failures older than this (the last one) are forgotten: the count starts again at 1. */
  forgetBefore: Date;
  /** The row is kept at least until then. */
  keepUntil: Date;
  /**
   * Count only when the key's delay has passed. Used to count an attempt before its password is
   * checked, so that a burst of parallel attempts cannot all slip through before the first
   * failure is written: the one that reaches a delay sets it, the others are refused. Such a
   * count is also `pending` until the attempt is settled ({@link settle}, {@link uncountFailure},
   * {@link recordSuccess}).
   */
  gated: boolean;
}

/**
 * Counts one failure for `key` and sets its delay, in one statement. Returns the row, or
 * undefined when `gated` and the key is still delayed (then nothing was counted).
 */
export const countFailure = async (
  db: Db,
  key: string,
  o: CountOptions,
): Promise<ThrottleRow | undefined> => {
  const forgotten = sql`(${t.last_failure_at} is null or ${t.last_failure_at} <= ${ts(o.forgetBefore)})`;
  const next = sql`(case when ${forgotten} then 1 else ${t.failures} + 1 end)`;
  // Attempts still being checked stay pending whatever happened to the count meanwhile.
  const pending = o.gated ? sql`${t.pending} + 1` : sql`${t.pending}`;
  const rows = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      pending: o.gated ? 1 : 0,
      first_failure_at: o.now,
      last_failure_at: o.now,
      blocked_until: delayedUntil(sql`1`, o.now, o.policy),
      expires_at: o.keepUntil,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        pending,
        first_failure_at: sql`case when ${forgotten} then ${ts(o.now)} else coalesce(${t.first_failure_at}, ${ts(o.now)}) end`,
        last_failure_at: o.now,
        blocked_until: delayedUntil(next, o.now, o.policy),
        expires_at: sql`greatest(${t.expires_at}, ${ts(o.keepUntil)})`,
      },
      ...(o.gated ? { setWhere: or(isNull(t.blocked_until), lte(t.blocked_until, o.now)) } : {}),
    })
    .returning();
  return rows[0];
};

const settled = sql`greatest(${t.pending} - 1, 0)`;

/**
 * Takes back one failure counted in advance (the password was right, or another key refused the
 * attempt). Back within the free failures, the delay it set goes too; above them it stays: in
 * the delayed regime every attempt, right or wrong, uses the key's turn.
 */
export const uncountFailure = async (db: Db, key: string, policy: DelayPolicy): Promise<void> => {
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      pending: settled,
      blocked_until: sql`case when ${t.failures} - 1 <= ${policy.free}::int then null else ${t.blocked_until} end`,
    })
    .where(eq(t.key, key));
};

/** A failure counted in advance turned out to be one: it stays counted and is no longer pending. */
export const settle = async (db: Db, key: string): Promise<void> => {
  await db.update(t).set({ pending: settled }).where(eq(t.key, key));
};

/**
 * A successful sign-in (whose pair was counted in advance): the pair's failures are cleared and
 * the address is known until `keepUntil`. Other attempts still being checked stay pending.
 */
export const recordSuccess = async (db: Db, key: string, now: Date, keepUntil: Date): Promise<void> => {
  const cleared = {
    failures: 0,
    first_failure_at: null,
    last_failure_at: null,
    blocked_until: null,
    last_success_at: now,
  };
  await db
    .insert(t)
    .values({ key, ...cleared, expires_at: keepUntil })
    .onConflictDoUpdate({
      target: t.key,
      set: { ...cleared, pending: settled, expires_at: sql`greatest(${t.expires_at}, ${ts(keepUntil)})` },
    });
};

/**
 * Marks `key` notified when it has at least `threshold` failures and was not notified after
 * `notNotifiedSince`. Returns the row only to the one call that marked it (concurrent calls
 * re-check the condition on the updated row and find it false).
 */
export const claimAlert = async (
  db: Db,
  key: string,
  now: Date,
  threshold: number,
  notNotifiedSince: Date,
): Promise<ThrottleRow | undefined> => {
  const rows = await db
    .update(t)
    .set({ notified_at: now })
    .where(
      and(
        eq(t.key, key),
        gte(t.failures, threshold),
        or(isNull(t.notified_at), lte(t.notified_at, notNotifiedSince)),
      ),
    )
    .returning();
  return rows[0];
};

/** Deletes up to `limit` rows that mean nothing any more (skipping rows another attempt holds). */
export const deleteExpired = async (db: Db, now: Date, limit: number): Promise<void> => {
  await db.execute(sql`
    delete from login_throttle where key in (
      select key from login_throttle where expires_at < ${ts(now)}
      order by expires_at limit ${limit}::int for update skip locked)`);
};
