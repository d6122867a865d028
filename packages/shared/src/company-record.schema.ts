import { z } from 'zod';
import { paginationSchema, pageQuerySchema, queryListSchema } from './api.schema';
import { DEAL_TYPES } from './enums';
import { dealListItemSchema } from './deal-list.schema';

/**
 * The company page (/companies/{id}) and the contact page (/users/{id}): a company's portfolio,
 * the deals it or a contact is a party to, and one activity timeline of each. Wire contracts of
 * GET /api/companies/{id}/portfolio, /deals, /activity and GET /api/users/{id}/deals,
 * /activity (ADR 0091).
 */

/** The roles a company holds on a unit: its stores (tenant, legal tenant) and the parties' roles. */
export const PORTFOLIO_ROLES = [
  'tenant',
  'legal_tenant',
  'landlord',
  'landlord_agent',
  'tenant_agent',
] as const;
export type PortfolioRole = (typeof PORTFOLIO_ROLES)[number];
export const PORTFOLIO_ROLE_LABELS: Readonly<Record<PortfolioRole, string>> = {
  tenant: 'Tenant',
  legal_tenant: 'Legal tenant',
  landlord: 'Landlord',
  landlord_agent: 'Landlord agent',
  tenant_agent: 'Tenant agent',
};

export const PORTFOLIO_SORTS = [
  'address',
  '-address',
  'town',
  '-town',
  'rent_pa',
  '-rent_pa',
  'lease_end_date',
  '-lease_end_date',
  'updated_at',
  '-updated_at',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

/** GET /api/companies/{id}/portfolio (and /portfolio/export: the same filters, CSV, no paging). */
export const portfolioQuerySchema = pageQuerySchema.extend({
  /** Any of these roles (`role=landlord,landlord_agent` or the key repeated); absent: every role. */
  role: queryListSchema(PORTFOLIO_ROLES).optional(),
  sort: z.enum(PORTFOLIO_SORTS).optional().default('address'),
});
export type PortfolioQuery = z.input<typeof portfolioQuerySchema>;

/** One unit of a company's portfolio, with every role the company holds on it. */
export const portfolioItemSchema = z.object({
  property_id: z.number().int(),
  building_num: z.string().nullable(),
  full_address: z.string().nullable(),
  town: z.string().nullable(),
  post_code: z.string().nullable(),
  scheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tenant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  roles: z.array(z.enum(PORTFOLIO_ROLES)).min(1),
  rent_pa: z.string().nullable(),
  currency: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;
export const portfolioPageSchema = z.object({
  data: z.array(portfolioItemSchema),
  meta: z.object({
    pagination: paginationSchema,
    counts: z.record(z.enum(PORTFOLIO_ROLES), z.number().int()),
  }),
});
export type PortfolioPage = z.infer<typeof portfolioPageSchema>;

/** GET /api/companies/{id}/deals and GET /api/users/{id}/deals: newest first (effective date, then id). */
export const recordDealsQuerySchema = pageQuerySchema;
/** A deal row of the list's shape, with the roles the company or contact holds on it (deal_parties roles). */
export const recordDealItemSchema = dealListItemSchema.extend({ roles: z.array(z.string()).min(1) });
export type RecordDealItem = z.infer<typeof recordDealItemSchema>;
export const recordDealsPageSchema = z.object({
  data: z.array(recordDealItemSchema),
  meta: z.object({ pagination: paginationSchema }),
});

export const ACTIVITY_KINDS = [
  'deal',
  'store_opened',
  'store_closed',
  'enquiry',
  'enquiry_stage',
  'comment',
  'mention',
  'edit',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * GET /api/companies/{id}/activity and GET /api/users/{id}/activity: newest first, "more"
 * paging — `before` is the previous page's `meta.next` (opaque), absent for the first page.
 */
export const activityQuerySchema = z.object({
  before: z.string().trim().max(100).optional(),
  /**
   * Only these kinds (`kind=comment,mention` or the key repeated); absent: every kind. The cursor
   * is the same key whatever the kinds, so a filtered feed pages like the whole one.
   */
  kind: queryListSchema(ACTIVITY_KINDS).optional(),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityItemSchema = z.object({
  /** Stable across pages: `<kind>:<source row id>`. */
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** ISO timestamp (a deal or store change: its effective date at midnight UTC). */
  at: z.string(),
  /** Who did it, when recorded. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** One line a user reads: "New Letting at Unit 4, 12 High Street, Leeds". */
  summary: z.string(),
  /** The app's page it opens (`/properties?id=…`, `/deals?id=…`, …), when there is one. */
  url: z.string().nullable(),
  property: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  deal: z.object({ id: z.number().int(), deal_type: z.enum(DEAL_TYPES) }).nullable(),
  enquiry_id: z.number().int().nullable(),
  comment_id: z.number().int().nullable(),
  /** For an edit: the changed fields' names; for a stage move: [from, to]. */
  details: z.array(z.string()),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;
export const activityPageSchema = z.object({
  data: z.array(activityItemSchema),
  meta: z.object({ next: z.string().nullable() }),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The activity timeline's answers (ADR 0091). */
export const ACTIVITY_MESSAGES = {
  /** `before` is not a `meta.next` this timeline answered (altered, truncated or made up). */
  badCursor: 'The before value is not a page of this timeline.',
} as const;
