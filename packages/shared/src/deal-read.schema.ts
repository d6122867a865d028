import { z } from 'zod';
import { pageQuerySchema } from './api.schema';
import { DEAL_TYPES, SALE_TYPES } from './enums';
import { HISTORY_ENTITY_TYPES } from './history.schema';
import { leaseTermsReadShape } from './lease.schema';
import {
  PROPERTY_PARTY_LISTS,
  partyCompanySchema,
  partyContactSchema,
  verifiableCompanyRefSchema,
} from './property.schema';

/*
 * A recorded deal as read (ADR 0043): GET /api/deals/{id}, the answer of POST /api/deals,
 * and the summaries of GET /api/properties/{id}/deals. Money is a 2-decimal string, dates
 * yyyy-mm-dd, timestamps ISO 8601.
 */

/** Deal types only admins may record (spec B §6, API.md). */
export const ADMIN_ONLY_DEAL_TYPES = ['tracked_retailer'] as const;
/** Sale types after which the property's tenancy (tenant, rent, lease) is part of the sale (spec B §2, §4). */
export const SALE_TYPES_WITH_TENANCY = ['investment', 'sale_and_lease_back'] as const;
/** GET /api/properties/{id}/deals page size. */
export const DEAL_LIST_PER_PAGE_DEFAULT = 20;
/** The Idempotency-Key request header (API.md): optional, at most this many characters. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 200;
/** How long a key's answer is kept (API.md: at least 24 hours); older keys are purged as deals are recorded. */
export const IDEMPOTENCY_KEY_KEEP_HOURS = 7 * 24;

export const DEAL_READ_MESSAGES = {
  trackedRetailerAdminOnly: 'Only admins may record a tracked retailer deal.',
  idempotencyKeyReused: 'This Idempotency-Key was used for a different request.',
  idempotencyKeyTooLong: `The Idempotency-Key may not be longer than ${IDEMPOTENCY_KEY_MAX} characters.`,
  propertyMissing: 'The selected property is invalid.',
} as const;

/** The single tenant parties of a deal (company ids; `role` in deal_parties). */
export const DEAL_SINGLE_PARTIES = {
  tenant: { role: 'tenant', kind: 'company' },
  legal_tenant: { role: 'legal_tenant', kind: 'company' },
  prev_tenant: { role: 'prev_tenant', kind: 'company' },
  prev_legal_tenant: { role: 'prev_legal_tenant', kind: 'company' },
} as const;
export type DealSingleParty = keyof typeof DEAL_SINGLE_PARTIES;

/** Every party list a deal keeps: the property's seven and their previous forms (spec B §3). */
export const DEAL_PARTY_LISTS = {
  ...PROPERTY_PARTY_LISTS,
  prev_tenant_agents: { role: 'prev_tenant_agent', kind: 'company' },
  prev_tenant_agent_contacts: { role: 'prev_tenant_agent_contact', kind: 'user' },
  prev_tenant_contacts: { role: 'prev_tenant_contact', kind: 'user' },
  prev_landlords: { role: 'prev_landlord', kind: 'company' },
  prev_landlord_contacts: { role: 'prev_landlord_contact', kind: 'user' },
  prev_landlord_agents: { role: 'prev_landlord_agent', kind: 'company' },
  prev_landlord_agent_contacts: { role: 'prev_landlord_agent_contact', kind: 'user' },
} as const;
export type DealPartyList = keyof typeof DEAL_PARTY_LISTS;
export const DEAL_PARTY_LIST_NAMES = Object.keys(DEAL_PARTY_LISTS) as DealPartyList[];
/** Every role a deal_parties row may have. */
export const DEAL_PARTY_ROLES = [
  ...Object.values(DEAL_SINGLE_PARTIES).map((d) => d.role),
  ...Object.values(DEAL_PARTY_LISTS).map((d) => d.role),
];

const money = z.string().nullable();
const day = z.string().nullable();
const ref = z.object({ id: z.number().int(), name: z.string() });

const companyLists = Object.fromEntries(
  DEAL_PARTY_LIST_NAMES.map((n) => [
    n,
    DEAL_PARTY_LISTS[n].kind === 'company' ? z.array(partyCompanySchema) : z.array(partyContactSchema),
  ]),
) as {
  [K in DealPartyList]: (typeof DEAL_PARTY_LISTS)[K]['kind'] extends 'company'
    ? z.ZodArray<typeof partyCompanySchema>
    : z.ZodArray<typeof partyContactSchema>;
};

/** One field_history row a deal wrote. */
export const dealChangeSchema = z.object({
  entity_type: z.enum(HISTORY_ENTITY_TYPES),
  entity_id: z.number().int(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  verified: z.boolean(),
});
export type DealChange = z.infer<typeof dealChangeSchema>;

/**
 * A field a correction or a void did not restore because a later change overwrote the deal's value
 * there (ADR 0077): which record (property, scheme or address) and which field (a column or a
 * party list). Correcting answers them in `meta.left_fields`; a voided deal keeps them.
 */
export const dealLeftFieldSchema = z.object({
  entity_type: z.enum(HISTORY_ENTITY_TYPES),
  entity_id: z.number().int(),
  field: z.string(),
});
export type DealLeftField = z.infer<typeof dealLeftFieldSchema>;

/** GET /api/deals/{id}: the deal with its parties (by list), links, place, author and changes. */
export const dealSchema = z.object({
  id: z.number().int(),
  entity_type: z.literal('deal'),
  deal_type: z.enum(DEAL_TYPES),
  property_id: z.number().int().nullable(),
  scheme_id: z.number().int().nullable(),
  effective_date: day,
  reason: z.string().nullable(),
  sale_type: z.enum(SALE_TYPES).nullable(),
  sale_price: money,
  prev_rent_pa: money,
  prev_rent_sqft: money,
  rent_pa: money,
  rent_sqft: money,
  rateable_value: money,
  service_charge: money,
  incentive: z.string().nullable(),
  currency: z.string().nullable(),
  planning: z.string().nullable(),
  lease_start_date: day,
  lease_end_date: day,
  next_review_date: day,
  break_date: day,
  rent_review_clause: z.string().nullable(),
  break_clause: z.string().nullable(),
  ...leaseTermsReadShape,
  tenant: partyCompanySchema.nullable(),
  legal_tenant: partyCompanySchema.nullable(),
  prev_tenant: partyCompanySchema.nullable(),
  prev_legal_tenant: partyCompanySchema.nullable(),
  ...companyLists,
  links: z.array(z.string()),
  property: z
    .object({
      id: z.number().int(),
      building_num: z.string().nullable(),
      full_address: z.string().nullable(),
      scheme: ref.nullable(),
    })
    .nullable(),
  scheme: ref.nullable(),
  created_by: ref.nullable(),
  /** The recorder's company: with `created_by`, who may correct or void the deal (canChangeDeal). */
  created_by_company_id: z.number().int().nullable().optional(),
  created_at: z.string(),
  /** The field_history rows the deal wrote (property, address and scheme fields). */
  changes: z.array(dealChangeSchema),
  /** A voided deal (ADR 0077): when, by whom and why; it has left every list. Null otherwise. */
  voided_at: z.string().nullable().optional(),
  voided_by: ref.nullable().optional(),
  void_reason: z.string().nullable().optional(),
  /** The fields the void left as a later change set them. */
  void_left_fields: z.array(dealLeftFieldSchema).optional(),
  /** The deal's version (its ETag), for the If-Match of PUT /api/deals/{id}. */
  version: z.string().optional(),
});
export type Deal = z.infer<typeof dealSchema>;

/** One row of GET /api/properties/{id}/deals. */
export const dealSummarySchema = z.object({
  id: z.number().int(),
  deal_type: z.enum(DEAL_TYPES),
  effective_date: day,
  sale_type: z.enum(SALE_TYPES).nullable(),
  sale_price: money,
  prev_rent_pa: money,
  rent_pa: money,
  rent_sqft: money,
  currency: z.string().nullable(),
  /** With their verification fields, for the retailer indicator. */
  tenant: verifiableCompanyRefSchema.nullable(),
  prev_tenant: verifiableCompanyRefSchema.nullable(),
  created_by: ref.nullable(),
  created_at: z.string(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

/** GET /api/properties/{id}/deals: newest first (effective date, then recorded). */
export const dealListQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.unwrap().default(DEAL_LIST_PER_PAGE_DEFAULT),
});
export type DealListQuery = z.input<typeof dealListQuerySchema>;
