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
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute end of the session (created_at + SESSION_ABSOLUTE_HOURS); refresh never moves it. */
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

export const loginThrottle = pgTable('login_throttle', {
  /** 'account:<lowercased email>' or 'ip:<address>' */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});
