import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, stamp, updatedAt } from './columns';
import { users } from './users';

/**
 * A news item of the What's New dialog (spec A §2, §3: title, date, description, body), written by
 * admins. `published_at` is the item's date as an instant (ADR 0061): the chosen day's start in UK
 * time, or the moment it was saved when the chosen day is that day. `body` is sanitized HTML.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    published_at: stamp('published_at').notNull(),
    description: text('description').notNull().default(''),
    body: text('body').notNull().default(''),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('news_items_published_at_idx').on(t.published_at)],
);
