import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 hex of the cookie token; the token itself is never stored. */
    token_hash: text('token_hash').notNull().unique(),
    /**
     * The token before the last refresh (sha256 hex), still accepted until `rotated_at` +
     * REFRESH_GRACE_SECONDS: two tabs that refresh at once both stay signed in (ADR 0074).
     */
    previous_token_hash: text('previous_token_hash'),
    rotated_at: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /**
     * Server-side key of the refresh: the next token is HMAC(rotation_key, this token), so a
     * refresh repeated with the previous token (another tab's, at the same moment) answers the
     * same new token instead of a third one. Null until the first refresh.
     */
    rotation_key: text('rotation_key'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute end of the session (created_at + SESSION_ABSOLUTE_HOURS); refresh never moves it. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
    /**
     * The user's last activity as it stood when this session signed in (ADR 0061): What's New
     * lists the news published after it. Marking the news seen moves it to that moment.
     */
    activity_before: timestamp('activity_before', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.user_id),
    index('sessions_previous_token_hash_idx').on(t.previous_token_hash),
  ],
);

/**
 * Failed-login bookkeeping (ADR 0035). One row per key:
 * - `pair:<lowercased email>|<address>` — one account from one address; also remembers the last
 *   successful sign-in from that address (a "known" address for the account);
 * - `address:<address>` — failures from one address for accounts it is not known for;
 * - `account:<lowercased email>` — failures for one account from addresses it is not known at.
 * Unknown e-mails get rows exactly like real ones.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    /** Failures counted since `first_failure_at`; forgotten LOGIN_FORGET_HOURS after the last one. */
    failures: integer('failures').notNull().default(0),
    /**
     * Of `failures`, those counted in advance for attempts whose password is still being checked
     * (ADR 0035): an attempt refused by a delay they set waits for them to be settled, as
     * successes (taken back) or failures, before it is answered.
     */
    pending: integer('pending').notNull().default(0),
    first_failure_at: timestamp('first_failure_at', { withTimezone: true, mode: 'date' }),
    last_failure_at: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }),
    /** No attempt that this key gates is answered (not even checked) before this time. */
    blocked_until: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
    /** Pair keys: the last successful sign-in of the account from the address. */
    last_success_at: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    /** Account keys: when the owner was last told about failed attempts. */
    notified_at: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    /** The row means nothing after this time and may be deleted. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_throttle_expires_at_idx').on(t.expires_at)],
);
