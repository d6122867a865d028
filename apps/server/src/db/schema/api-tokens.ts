import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * API tokens (ADR 0097). Only the token's SHA-256 is kept (the token is 190 random bits, so a
 * plain hash is enough and lets a request be matched by one index lookup); `hint` is its first
 * characters, for the owner to tell tokens apart. A revoked token keeps its row (who used what,
 * until when) and is refused from `revoked_at` on.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    /** `<area>:read` / `<area>:write` / `admin` (packages/shared API_TOKEN_SCOPES). */
    scopes: text('scopes').array().notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Written at most once a minute per token (API_TOKEN_TOUCH_MS), never on every request. */
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    last_used_ip: text('last_used_ip'),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.user_id)],
);
