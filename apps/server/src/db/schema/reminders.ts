import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { users } from './users';

/**
 * A user's lease-reminder preferences (ADR 0089). A user without a row has the defaults
 * (REMINDER_PREFERENCES_DEFAULT); the row is written when they save, or when their first reminder
 * e-mail needs an unsubscribe token.
 */
export const reminderPreferences = pgTable('reminder_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scopes: text('scopes').array().notNull(),
  hard: boolean('hard').notNull(),
  soft: boolean('soft').notNull(),
  hard_offsets: integer('hard_offsets').array().notNull(),
  soft_offsets: integer('soft_offsets').array().notNull(),
  email: boolean('email').notNull(),
  /** Set by the unsubscribe link (which turns `email` off); cleared when the user turns it back on. */
  email_unsubscribed_at: timestamp('email_unsubscribed_at', { withTimezone: true, mode: 'date' }),
  /** The secret of the e-mails' unsubscribe link: it can only turn this user's reminder e-mails off. */
  unsubscribe_token: text('unsubscribe_token').notNull().unique(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each (event, its date, offset, user) reminded, written in the transaction that writes the
 * notification and the e-mail's outbox row: the unique key is what makes a reminder arrive once.
 */
export const leaseRemindersSent = pgTable(
  'lease_reminders_sent',
  {
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    seq: smallint('seq').notNull(),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    offset_days: smallint('offset_days').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lease_reminders_sent_key').on(
      t.property_id,
      t.type,
      t.seq,
      t.event_date,
      t.offset_days,
      t.user_id,
    ),
    index('lease_reminders_sent_user_idx').on(t.user_id),
  ],
);

/**
 * The reminder e-mails to send (an outbox): written with the notification, sent by a job that
 * claims the row, hands it to SMTP and marks it sent.
 */
export const reminderEmails = pgTable(
  'reminder_emails',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A sender took it at this time; another may take it again only once this is stale. */
    claimed_at: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    last_error: text('last_error'),
  },
  (t) => [
    index('reminder_emails_unsent_idx')
      .on(t.id)
      .where(sql`${t.sent_at} is null`),
  ],
);
