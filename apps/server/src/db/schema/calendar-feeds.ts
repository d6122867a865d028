import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A user's calendar feed secret (ADR 0090): at most one per user. Only the token's SHA-256 is
 * kept, so a database copy cannot be used to read a feed; regenerating replaces the row.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_unique').on(t.token_hash)],
);
