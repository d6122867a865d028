import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, day, money } from './columns';
import { companies } from './companies';
import { schemes } from './places';
import { properties } from './properties';
import { users } from './users';

/**
 * A recorded deal (spec B §3, ADR 0043): an event on a property, or — a sale — on a
 * whole scheme. It keeps the deal-only fields (effective date, sale type and price) and both
 * sides of what it changed: the `prev_` values are the property's (scheme's) before the deal, the
 * others its state after. Tenants and party lists are rows of deal_parties.
 */
export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    /** sale | new_letting | subletting | rent_review | lease_renewal | tracked_retailer (DEAL_TYPES). */
    deal_type: text('deal_type').notNull(),
    property_id: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    scheme_id: integer('scheme_id').references(() => schemes.id, { onDelete: 'cascade' }),
    effective_date: day('effective_date'),
    reason: text('reason'),
    /** vacant_possession | investment | sale_and_lease_back | owner_occupier (sales only). */
    sale_type: text('sale_type'),
    sale_price: money('sale_price'),
    prev_rent_pa: money('prev_rent_pa'),
    prev_rent_sqft: money('prev_rent_sqft'),
    rent_pa: money('rent_pa'),
    rent_sqft: money('rent_sqft'),
    rateable_value: money('rateable_value'),
    service_charge: money('service_charge'),
    incentive: text('incentive'),
    currency: char('currency', { length: 3 }),
    planning: text('planning'),
    lease_start_date: day('lease_start_date'),
    lease_end_date: day('lease_end_date'),
    next_review_date: day('next_review_date'),
    break_date: day('break_date'),
    rent_review_clause: text('rent_review_clause'),
    break_clause: text('break_clause'),
    /** Lease terms (ADR 0086): 'inside_act' | 'contracted_out' (Landlord and Tenant Act 1954). */
    security_of_tenure: text('security_of_tenure'),
    /** 'tenant' | 'landlord' | 'mutual'. */
    break_party: text('break_party'),
    /** 'fixed' | 'rolling'. */
    break_kind: text('break_kind'),
    break_notice_months: smallint('break_notice_months'),
    review_interval_years: smallint('review_interval_years'),
    /** One of REVIEW_BASES (packages/shared lease.schema.ts). */
    review_basis: text('review_basis'),
    lease_notes: text('lease_notes'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    /**
     * lower(city) of the property's address (a scheme sale: the scheme's), kept by triggers
     * (migration 0012) for GET /api/deals' town filter; never written by the application.
     */
    town_key: text('town_key'),
  },
  (t) => [
    check(
      'deals_deal_type',
      sql`${t.deal_type} in ('sale', 'new_letting', 'subletting', 'rent_review', 'lease_renewal', 'tracked_retailer')`,
    ),
    check('deals_one_place', sql`(${t.property_id} is null) <> (${t.scheme_id} is null)`),
    check('deals_security_of_tenure', sql`${t.security_of_tenure} in ('inside_act', 'contracted_out')`),
    check('deals_break_party', sql`${t.break_party} in ('tenant', 'landlord', 'mutual')`),
    check('deals_break_kind', sql`${t.break_kind} in ('fixed', 'rolling')`),
    check('deals_break_notice_months', sql`${t.break_notice_months} between 0 and 60`),
    check('deals_review_interval_years', sql`${t.review_interval_years} between 1 and 25`),
    index('deals_property_idx').on(
      t.property_id,
      t.effective_date.desc().nullsLast(),
      t.created_at.desc(),
      t.id.desc(),
    ),
    index('deals_scheme_idx').on(
      t.scheme_id,
      t.effective_date.desc().nullsLast(),
      t.created_at.desc(),
      t.id.desc(),
    ),
    index('deals_created_at_idx').on(t.created_at.desc(), t.id.desc()),
    index('deals_created_by_idx').on(t.created_by),
    // GET /api/deals (migration 0012, ADR 0046). effective_date sorts on a not-null key, so a row
    // comparison enters the index anywhere and each order reads one index either way:
    // DEAL_DATE_LOW (an undated deal below every date) serves newest first (backwards) and the
    // order marks; DEAL_DATE_HIGH (undated above every date) serves oldest first, nulls last too.
    // effective_date ends each key so that a page is read from the index alone (an expression
    // alone does not allow an index-only scan); after the unique id it changes no order.
    index('deals_date_low_idx').on(
      sql`coalesce(${t.effective_date}, '-infinity'::date)`,
      t.id,
      t.effective_date,
    ),
    index('deals_date_high_idx').on(
      sql`coalesce(${t.effective_date}, 'infinity'::date)`,
      t.id,
      t.effective_date,
    ),
    index('deals_type_date_idx').on(
      t.deal_type,
      sql`coalesce(${t.effective_date}, '-infinity'::date)`,
      t.id,
      t.effective_date,
    ),
    index('deals_town_date_idx').on(
      t.town_key,
      sql`coalesce(${t.effective_date}, '-infinity'::date)`,
      t.id,
      t.effective_date,
    ),
    // The money sorts, nulls last in both directions; deep pages walk them backwards from the far end.
    ...(['rent_pa', 'rent_sqft', 'sale_price'] as const).flatMap((c) => [
      index(`deals_${c}_desc_idx`).on(t[c].desc().nullsLast(), t.id.desc().nullsLast()),
      index(`deals_${c}_asc_idx`).on(t[c].asc().nullsLast(), t.id.asc().nullsLast()),
    ]),
  ],
);

/**
 * A deal's parties as rows: the single tenant roles (tenant, legal_tenant, prev_tenant,
 * prev_legal_tenant) and every list of spec B §3 with its prev_ form (DEAL_PARTY_LISTS' roles).
 */
export const dealParties = pgTable(
  'deal_parties',
  {
    id: serial('id').primaryKey(),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('deal_parties_one_party', sql`(${t.company_id} is null) <> (${t.user_id} is null)`),
    check(
      'deal_parties_role',
      sql`${t.role} in ('tenant', 'legal_tenant', 'prev_tenant', 'prev_legal_tenant', 'landlord', 'landlord_contact', 'landlord_agent', 'landlord_agent_contact', 'tenant_agent', 'tenant_agent_contact', 'tenant_contact', 'prev_tenant_agent', 'prev_tenant_agent_contact', 'prev_tenant_contact', 'prev_landlord', 'prev_landlord_contact', 'prev_landlord_agent', 'prev_landlord_agent_contact')`,
    ),
    index('deal_parties_deal_idx').on(t.deal_id, t.role, t.position),
    index('deal_parties_company_idx').on(t.company_id),
    index('deal_parties_user_idx').on(t.user_id),
  ],
);

/** A deal's evidence links, in the order given. */
export const dealLinks = pgTable(
  'deal_links',
  {
    id: serial('id').primaryKey(),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    url: text('url').notNull(),
  },
  (t) => [index('deal_links_deal_idx').on(t.deal_id, t.position)],
);

/**
 * A create's Idempotency-Key (API.md): the first answer to (user, key), kept with the hash of the
 * request body it answered. Written in the create's transaction (ADR 0043).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 (hex) of the canonical JSON of the request (route and body). */
    request_hash: text('request_hash').notNull(),
    status: smallint('status'),
    response: jsonb('response'),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.created_at),
  ],
);

/**
 * A voided deal (ADR 0077). Voiding moves the deal out of `deals` — so it leaves every
 * list, count, comparable and derived table through their existing delete triggers — and keeps it
 * here, readable by id: `record` is the deal as GET /api/deals/{id} read it when it was voided
 * (without its changes, which field_history keeps under the same deal id), with who, when and why,
 * and the fields the void left because a later change had overwritten them.
 */
export const voidedDeals = pgTable(
  'voided_deals',
  {
    /** The deal's own id (ids are never reused: deals.id is a sequence). */
    id: integer('id').primaryKey(),
    deal_type: text('deal_type').notNull(),
    property_id: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    scheme_id: integer('scheme_id').references(() => schemes.id, { onDelete: 'cascade' }),
    record: jsonb('record').notNull(),
    /** [{ entity_type, entity_id, field }]: what the void did not restore. */
    left_fields: jsonb('left_fields')
      .notNull()
      .default(sql`'[]'::jsonb`),
    void_reason: text('void_reason').notNull(),
    voided_by: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voided_at: timestamp('voided_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('voided_deals_property_idx').on(t.property_id),
    index('voided_deals_scheme_idx').on(t.scheme_id),
  ],
);
