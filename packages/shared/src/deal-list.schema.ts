import { z } from 'zod';
import { idSchema, pageQuerySchema, queryListSchema } from './api.schema';
import { isoDateSchema } from './dates';
import { DEAL_TYPES, SALE_TYPES } from './enums';

/*
 * GET /api/deals: every deal, server-side filtered, sorted and paged, and
 * GET /api/deals/export (the same filters, every row as CSV). Money is a 2-decimal string,
 * dates yyyy-mm-dd, timestamps ISO 8601.
 */

export const DEAL_LIST_MESSAGES = {
  dateOrder: 'The "to" date must be on or after the "from" date.',
} as const;

export const DEAL_SORTS = [
  '-effective_date',
  'effective_date',
  '-created_at',
  'created_at',
  '-rent_pa',
  'rent_pa',
  '-rent_sqft',
  'rent_sqft',
  '-sale_price',
  'sale_price',
] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

/** Page sizes the /deals table offers. */
export const DEAL_PAGE_SIZES = [25, 50, 100] as const;

/**
 * The filters of /deals: `type` a comma list of deal types; `from`/`to` the effective date range;
 * `town` the property's (or scheme's) town, exact and case-insensitive; `scheme_id` the scheme or
 * the scheme a property belongs to; `tenant_id` the deal's new or previous tenant (trading or
 * legal); `landlord_id` a landlord or previous landlord on the deal; `created_by` the user who
 * recorded it; `property_id` one property's deals; `q` free text: every word starts a word of the
 * deal's property (unit, address), of the scheme a scheme sale sold, or of one of its parties'
 * names (companies and contacts) — ADR 0085.
 */
export const dealFiltersSchema = z.object({
  type: queryListSchema(DEAL_TYPES).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  town: z.string().trim().max(120).optional(),
  scheme_id: idSchema.optional(),
  property_id: idSchema.optional(),
  tenant_id: idSchema.optional(),
  landlord_id: idSchema.optional(),
  created_by: idSchema.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(DEAL_SORTS).optional().default('-effective_date'),
});

const dateOrder = <T extends { from?: string | undefined; to?: string | undefined }>(q: T) =>
  !q.from || !q.to || q.from <= q.to;

export const dealSearchQuerySchema = pageQuerySchema
  .extend(dealFiltersSchema.shape)
  .refine(dateOrder, { message: DEAL_LIST_MESSAGES.dateOrder, path: ['to'] });
export type DealSearchQuery = z.input<typeof dealSearchQuerySchema>;

export const dealExportQuerySchema = dealFiltersSchema.refine(dateOrder, {
  message: DEAL_LIST_MESSAGES.dateOrder,
  path: ['to'],
});

const ref = z.object({ id: z.number().int(), name: z.string() });
const tenantRef = ref.extend({
  is_verified: z.boolean().optional(),
  verified_at: z.string().nullable().optional(),
});

/** One row of GET /api/deals. */
export const dealListItemSchema = z.object({
  id: z.number().int(),
  deal_type: z.enum(DEAL_TYPES),
  effective_date: z.string().nullable(),
  /** The property dealt in (null for a scheme sale). */
  property: z
    .object({
      id: z.number().int(),
      building_num: z.string().nullable(),
      full_address: z.string().nullable(),
    })
    .nullable(),
  /** The scheme: the one sold, or the one the property belongs to. */
  scheme: ref.nullable(),
  town: z.string().nullable(),
  /** With the retailer's verification fields, for its indicator. */
  tenant: tenantRef.nullable(),
  prev_tenant: tenantRef.nullable(),
  sale_type: z.enum(SALE_TYPES).nullable(),
  sale_price: z.string().nullable(),
  rent_pa: z.string().nullable(),
  rent_sqft: z.string().nullable(),
  currency: z.string().nullable(),
  created_by: ref.nullable(),
  created_at: z.string(),
});
export type DealListItem = z.infer<typeof dealListItemSchema>;
