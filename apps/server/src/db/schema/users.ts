import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    direct_dial: text('direct_dial'),
    mobile: text('mobile'),
    type: text('type', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    password_hash: text('password_hash'),
    is_temp: boolean('is_temp').notNull().default(false),
    /**
     * An integration account (ADR 0097): no person and no password; it exists to own API tokens
     * an admin creates for another system, so that system's writes are not any person's.
     */
    is_integration: boolean('is_integration').notNull().default(false),
    currency: char('currency', { length: 3 }).notNull().default('GBP'),
    last_activity: timestamp('last_activity', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_company_id_idx').on(t.company_id),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The name's trigrams serve the similar-spelling fallback (ADR 0030); the typeahead itself
    // reads contact_words (migration 0006), which replaced the prefix and e-mail indexes.
  ],
);

export const userSettings = pgTable('user_settings', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: ['light', 'dark'] })
    .notNull()
    .default('light'),
  hidden_videos: jsonb('hidden_videos')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
