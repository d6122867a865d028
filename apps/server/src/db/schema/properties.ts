import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { area, createdAt, day, money, stamp, updatedAt } from './columns';
import { companies } from './companies';
import { addresses, schemes } from './places';
import { users } from './users';

/** One shop unit. Standalone when scheme_id is null. */
export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    building_num: text('building_num'),
    address_id: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    scheme_id: integer('scheme_id').references(() => schemes.id, { onDelete: 'set null' }),
    planning: text('planning'),
    reason: text('reason'),
    /** Trading name of the occupier; null = vacant. */
    tenant_id: integer('tenant_id').references(() => companies.id, { onDelete: 'set null' }),
    legal_tenant_id: integer('legal_tenant_id').references(() => companies.id, { onDelete: 'set null' }),
    currency: char('currency', { length: 3 }).notNull().default('GBP'),
    rent_pa: money('rent_pa'),
    rent_sqft: money('rent_sqft'),
    rateable_value: money('rateable_value'),
    service_charge: money('service_charge'),
    incentive: text('incentive'),
    lease_start_date: day('lease_start_date'),
    lease_end_date: day('lease_end_date'),
    next_review_date: day('next_review_date'),
    rent_review_clause: text('rent_review_clause'),
    break_date: day('break_date'),
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
    /** 'sqft' (default) | 'sqm'. */
    area_size_type: text('area_size_type').notNull().default('sqft'),
    nia_sqrt: area('nia_sqrt'),
    itza_area: area('itza_area'),
    mezzanine: area('mezzanine'),
    garden_centre: area('garden_centre'),
    ground_floor_area: area('ground_floor_area'),
    first_floor_area: area('first_floor_area'),
    second_floor_area: area('second_floor_area'),
    third_floor_area: area('third_floor_area'),
    basement_area: area('basement_area'),
    frontage_area: area('frontage_area'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Archived (ADR 0078): when, by whom and why; null = live. Archived rows leave every list and derived table. */
    archived_at: stamp('archived_at'),
    archived_by: integer('archived_by').references(() => users.id, { onDelete: 'set null' }),
    archive_reason: text('archive_reason'),
    /** Archived with its scheme (and restored with it), not on its own. */
    archived_with_scheme: boolean('archived_with_scheme').notNull().default(false),
  },
  (t) => [
    check('properties_area_size_type', sql`${t.area_size_type} in ('sqft', 'sqm')`),
    check('properties_security_of_tenure', sql`${t.security_of_tenure} in ('inside_act', 'contracted_out')`),
    check('properties_break_party', sql`${t.break_party} in ('tenant', 'landlord', 'mutual')`),
    check('properties_break_kind', sql`${t.break_kind} in ('fixed', 'rolling')`),
    check('properties_break_notice_months', sql`${t.break_notice_months} between 0 and 60`),
    check('properties_review_interval_years', sql`${t.review_interval_years} between 1 and 25`),
    index('properties_address_id_idx').on(t.address_id),
    index('properties_scheme_id_idx').on(t.scheme_id),
    index('properties_tenant_id_idx').on(t.tenant_id),
    index('properties_legal_tenant_id_idx').on(t.legal_tenant_id),
    index('properties_updated_at_idx').on(t.updated_at.desc(), t.id.desc()),
    index('properties_lease_end_date_idx').on(t.lease_end_date),
    // "Units I created": a calendar feed's scope (ADR 0090) and the lease events' `mine` filter.
    index('properties_created_by_idx').on(t.created_by),
  ],
);

/**
 * A property's parties as rows: role is landlord | landlord_contact | landlord_agent |
 * landlord_agent_contact | tenant_agent | tenant_agent_contact | tenant_contact.
 */
export const propertyParties = pgTable(
  'property_parties',
  {
    id: serial('id').primaryKey(),
    property_id: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    check('property_parties_one_party', sql`(${t.company_id} is null) <> (${t.user_id} is null)`),
    uniqueIndex('property_parties_unique').on(t.property_id, t.role, t.company_id, t.user_id),
    index('property_parties_company_idx').on(t.company_id, t.role),
    index('property_parties_user_idx').on(t.user_id, t.role),
  ],
);
