import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/** Saved interface state per user and screen (filters of companies, properties, schemes, map …). */
export const uiState = pgTable(
  'ui_state',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    screen: text('screen').notNull(),
    state: jsonb('state')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.screen] })],
);
