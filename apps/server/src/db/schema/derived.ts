import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  bigint,
} from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { companies } from './companies';
import { properties } from './properties';
import { users } from './users';

/*
 * Tables the database keeps itself, from triggers, declared here so the schema shows every table.
 * Their views, trigger functions, triggers and rebuilds are declared in db/derived/ (one file per
 * derived table or column, docs/derived-data.md), from which their migrations are written. What
 * Drizzle cannot express stays in the SQL migrations that made them: the covering search indexes
 * with INCLUDE — `property_words (word, rank, property_id) INCLUDE (standalone, doc)`,
 * `company_words / contact_words (tier, word, sort_key, <id>) INCLUDE (doc)`. Application code
 * never writes them.
 */

/** text COLLATE "C": a word prefix is a plain btree range whatever the database's collation. */
const wordText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** Property typeahead keys (migration 0002, ADR 0023). */
export const propertyWords = pgTable(
  'property_words',
  {
    word: wordText('word').notNull(),
    rank: integer('rank').notNull(),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    standalone: boolean('standalone').notNull(),
    doc: wordText('doc').notNull(),
  },
  (t) => [index('property_words_property_idx').on(t.property_id)],
);

/** Company typeahead keys (migration 0006, ADR 0030). */
export const companyWords = pgTable(
  'company_words',
  {
    word: wordText('word').notNull(),
    tier: smallint('tier').notNull(),
    sort_key: wordText('sort_key').notNull(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    doc: wordText('doc').notNull(),
  },
  (t) => [index('company_words_company_idx').on(t.company_id)],
);

/** Contact typeahead keys (migration 0006, ADR 0030). */
export const contactWords = pgTable(
  'contact_words',
  {
    word: wordText('word').notNull(),
    tier: smallint('tier').notNull(),
    sort_key: wordText('sort_key').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doc: wordText('doc').notNull(),
  },
  (t) => [index('contact_words_user_idx').on(t.user_id)],
);

/** Row counts kept by statement triggers (migration 0003, ADR 0024): the list totals. */
export const rowCounts = pgTable('row_counts', {
  table_name: text('table_name').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * Changes to row_counts not yet folded in (ADR 0105): each statement adds its own row, so
 * concurrent writers never update one count row; readers read the view row_counts_now.
 */
export const rowCountDeltas = pgTable('row_count_deltas', {
  table_name: text('table_name').notNull(),
  d: bigint('d', { mode: 'number' }).notNull(),
});

/** The counted index over the property list's (updated_at, id) order (migration 0005, ADR 0031). */
export const propertyOrderMarks = pgTable(
  'property_order_marks',
  {
    updated_at: stamp('updated_at').notNull(),
    id: integer('id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.updated_at, t.id] })],
);

/** Changes to property_order_marks not yet folded in: a row's key and +1 or -1 (ADR 0105). */
export const propertyOrderMarksPending = pgTable('property_order_marks_pending', {
  updated_at: stamp('updated_at').notNull(),
  id: integer('id').notNull(),
  d: integer('d').notNull(),
});

/**
 * The counted index over GET /api/deals' default order (migration 0012, ADR 0046): the deals'
 * ascending (coalesce(effective_date, '-infinity'), id) order in buckets, as property_order_marks
 * does for properties (ADR 0031). `key_date` is the mark's date key ('-infinity' for undated).
 */
export const dealOrderMarks = pgTable(
  'deal_order_marks',
  {
    key_date: date('key_date', { mode: 'string' }).notNull(),
    id: integer('id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key_date, t.id] })],
);

/** Changes to deal_order_marks not yet folded in: a deal's key and +1 or -1 (ADR 0105). */
export const dealOrderMarksPending = pgTable('deal_order_marks_pending', {
  key_date: date('key_date', { mode: 'string' }).notNull(),
  id: integer('id').notNull(),
  d: integer('d').notNull(),
});
