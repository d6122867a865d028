import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** A comment on a property, scheme or enquiry; `content` is sanitized rich text with mention spans. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('comments_entity_idx').on(t.entity_type, t.entity_id, t.created_at.desc(), t.id.desc()),
    index('comments_user_idx').on(t.user_id),
  ],
);

/** The mentions present in a comment's content, rebuilt by the server on every save. */
export const commentLinks = pgTable(
  'comment_links',
  {
    comment_id: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comment_id, t.entity_type, t.entity_id] }),
    index('comment_links_entity_idx').on(t.entity_type, t.entity_id),
  ],
);
