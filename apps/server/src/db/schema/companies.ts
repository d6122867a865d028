import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A stored domain as the unique index compares it: trimmed, lower case, without "www." (ADR 0072).
 * The app stores domains normalised already (normaliseDomain); the index also holds for rows
 * written by other paths (seeds, fixtures). Queries must use this same expression to use it.
 */
export const domainKey = (column: AnyPgColumn | SQL): SQL =>
  sql`regexp_replace(lower(btrim(${column})), '^www\\.', '')`;

/**
 * A company name as an import matches it (ADR 0094): lower case, "&" as "and", punctuation and
 * spaces dropped, "limited" as "ltd", "public limited company" as "plc", a leading "the" dropped.
 * The SQL twin of companyMatchKey (modules/imports/import.values.ts): change both together. The
 * expression index below holds it; queries must use this same expression to use the index.
 */
export const companyNameKey = (column: AnyPgColumn | SQL): SQL =>
  sql`regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(${column}), '&', ' and ', 'g'), '[^a-z0-9]+', ' ', 'g'), '\\mpublic limited company\\M', 'plc', 'g'), '\\mlimited\\M', 'ltd', 'g'), '^\\s*the\\s+|\\s+', '', 'g')`;

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    domain: text('domain'),
    phone: text('phone'),
    core_id: text('core_id'),
    logo: bytea('logo'),
    logo_mime: text('logo_mime'),
    logo_etag: text('logo_etag'),
    is_verified: boolean('is_verified').notNull().default(false),
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** Units where it is the tenant, kept by the properties trigger (migration 0018). */
    store_count: integer('store_count').notNull().default(0),
    /** When one of its stores last opened or closed (the trigger sets it). */
    store_changed_at: timestamp('store_changed_at', { withTimezone: true, mode: 'date' }),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('companies_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    /** One company per domain, compared as normalised (ADR 0072); by-domain reads through it. */
    uniqueIndex('companies_domain_key').on(domainKey(t.domain)),
    /** An import resolves a batch's company names by this key (ADR 0094): an index scan, not a scan of companies. */
    index('companies_name_key_idx').on(companyNameKey(t.name)),
    /** A tracked retailer's id on the research desk: one company each. */
    uniqueIndex('companies_core_id_key')
      .on(t.core_id)
      .where(sql`${t.core_id} is not null`),
  ],
);

export const companyCategories = pgTable('company_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const companyCategory = pgTable(
  'company_category',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => companyCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.category_id] })],
);
