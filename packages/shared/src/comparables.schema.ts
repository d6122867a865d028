import { z } from 'zod';
import { AREA_MAX_SQFT, AREA_MESSAGES } from './areas';
import { idSchema, paginationSchema, pageQuerySchema, queryListSchema } from './api.schema';
import { CURRENCY_CODES } from './currencies';
import { isoDateSchema } from './dates';
import { DEAL_TYPES, DEFAULT_CURRENCY, SCHEME_TYPES } from './enums';

/*
 * GET /api/deals/comparables and GET /api/deals/comparables/export (ADR 0047):
 * the rent evidence of recorded deals around a property, a scheme or a free filter, with the
 * quartiles of rent per sq ft and Zone A over every matching deal. Money is a 2-decimal string,
 * dates yyyy-mm-dd, areas numbers in sq ft.
 */

/** The deals that are rent evidence unless the user chooses others: lettings, renewals, reviews. */
export const COMPARABLE_DEFAULT_TYPES = [
  'new_letting',
  'subletting',
  'lease_renewal',
  'rent_review',
] as const;
/** From a property, the size band is its NIA ± this share. */
export const COMPARABLE_SIZE_BAND = 0.5;
/** From a property or a scheme, deals of the last this many years. */
export const COMPARABLE_DEFAULT_YEARS = 5;
/** At most this many chart points: every k-th matching deal in date order when there are more. */
export const COMPARABLE_SERIES_MAX = 500;
/** Page sizes the comparables table offers. */
export const COMPARABLE_PAGE_SIZES = [25, 50, 100] as const;

export const COMPARABLE_MESSAGES = {
  placeRequired: 'Choose a town or a post-code district (or open comparables from a property or a scheme).',
  oneBasis: 'Choose a property or a scheme, not both.',
  districtInvalid: 'Enter a post-code district such as "SW1A" or "M1".',
  currencyInvalid: 'Choose a currency by its three-letter code.',
  sizeOrder: 'The largest size must not be below the smallest.',
  dateOrder: 'The "to" date must be on or after the "from" date.',
  sizeInvalid: 'The size must be a number of sq ft.',
  propertyMissing: 'The property does not exist.',
  schemeMissing: 'The scheme does not exist.',
} as const;

const size = z.coerce
  .number({ error: COMPARABLE_MESSAGES.sizeInvalid })
  .min(0, AREA_MESSAGES.negative)
  .max(AREA_MAX_SQFT, AREA_MESSAGES.tooLarge);
/** A size that passed its own check (a range is compared only between two of them). */
const sizeOk = (n: number | undefined): n is number => n !== undefined && size.safeParse(n).success;

/** A post-code district (the outward code): "SW1A", "M1", "EC2V", "B2". */
export const POSTCODE_DISTRICT = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;

/**
 * The filters. `property_id` or `scheme_id` chooses the defaults (ADR 0047): from a property its
 * post-code district (else its town), NIA ± 50 % and the last five years; from a scheme its
 * district (else town), its scheme type and the last five years. Any filter given explicitly
 * overrides its default. `town` is the address's town, exact and case-insensitive; `district` the
 * outward code of its post code; `size_min`/`size_max` the property's NIA in sq ft; `from`/`to`
 * the effective date; `types` a comma list of deal types (default lettings, renewals and reviews);
 * `currency` only deals in that currency are comparable (default GBP).
 */
export const comparableFiltersSchema = z.object({
  property_id: idSchema.optional(),
  scheme_id: idSchema.optional(),
  town: z.string().trim().min(1).max(120).optional(),
  district: z
    .string()
    .trim()
    .toUpperCase()
    .regex(POSTCODE_DISTRICT, COMPARABLE_MESSAGES.districtInvalid)
    .optional(),
  scheme_type: z.enum(SCHEME_TYPES).optional(),
  size_min: size.optional(),
  size_max: size.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  types: queryListSchema(DEAL_TYPES, 1).optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => CURRENCY_CODES.includes(c), COMPARABLE_MESSAGES.currencyInvalid)
    .optional(),
});
type Filters = z.output<typeof comparableFiltersSchema>;

const refineFilters = (q: Filters, ctx: z.RefinementCtx) => {
  if (q.property_id !== undefined && q.scheme_id !== undefined)
    ctx.addIssue({ code: 'custom', message: COMPARABLE_MESSAGES.oneBasis, path: ['scheme_id'] });
  if (q.property_id === undefined && q.scheme_id === undefined && !q.town && !q.district)
    ctx.addIssue({ code: 'custom', message: COMPARABLE_MESSAGES.placeRequired, path: ['town'] });
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', message: COMPARABLE_MESSAGES.dateOrder, path: ['to'] });
  if (sizeOk(q.size_min) && sizeOk(q.size_max) && q.size_min > q.size_max)
    ctx.addIssue({ code: 'custom', message: COMPARABLE_MESSAGES.sizeOrder, path: ['size_max'] });
};

export const comparablesQuerySchema = pageQuerySchema
  .extend(comparableFiltersSchema.shape)
  .superRefine(refineFilters);
export type ComparablesQuery = z.input<typeof comparablesQuerySchema>;
export type ComparablesQueryParsed = z.output<typeof comparablesQuerySchema>;

export const comparablesExportQuerySchema = comparableFiltersSchema.superRefine(refineFilters);
export type ComparablesExportQuery = z.output<typeof comparablesExportQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One comparable deal. */
export const comparableSchema = z.object({
  deal_id: z.number().int(),
  deal_type: z.enum(DEAL_TYPES),
  effective_date: z.string().nullable(),
  property: z.object({
    id: z.number().int(),
    building_num: z.string().nullable(),
    full_address: z.string().nullable(),
  }),
  scheme: ref.nullable(),
  town: z.string().nullable(),
  district: z.string().nullable(),
  tenant: ref.nullable(),
  currency: z.string(),
  rent_pa: z.string().nullable(),
  /** The deal's rent per sq ft, else its rent pa ÷ the property's NIA (sq ft). */
  rent_sqft: z.string().nullable(),
  /** 'deal' when the deal recorded it, 'nia' when derived from the NIA. */
  rent_sqft_source: z.enum(['deal', 'nia']).nullable(),
  /** Rent pa ÷ ITZA (sq ft), where the property's ITZA is known. */
  zone_a: z.string().nullable(),
  /** The property's NIA and ITZA in sq ft (converted from sq m where it is measured so). */
  nia_sqft: z.number().nullable(),
  itza_sqft: z.number().nullable(),
});
export type Comparable = z.infer<typeof comparableSchema>;

/** Quartiles by linear interpolation (PostgreSQL percentile_cont) over every matching deal. */
export const comparableSpreadSchema = z.object({
  count: z.number().int(),
  min: z.string().nullable(),
  q1: z.string().nullable(),
  median: z.string().nullable(),
  q3: z.string().nullable(),
  max: z.string().nullable(),
});
export type ComparableSpread = z.infer<typeof comparableSpreadSchema>;

export const comparableStatsSchema = z.object({
  /** Every matching deal (the table's total). */
  count: z.number().int(),
  rent_sqft: comparableSpreadSchema,
  zone_a: comparableSpreadSchema,
});
export type ComparableStats = z.infer<typeof comparableStatsSchema>;

/** The filters the answer applied (defaults filled in), for the page to show and change. */
export const comparableAppliedSchema = z.object({
  basis: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('filter') }),
    z.object({
      kind: z.literal('property'),
      id: z.number().int(),
      label: z.string(),
      nia_sqft: z.number().nullable(),
    }),
    z.object({ kind: z.literal('scheme'), id: z.number().int(), label: z.string() }),
  ]),
  town: z.string().nullable(),
  district: z.string().nullable(),
  scheme_type: z.enum(SCHEME_TYPES).nullable(),
  size_min: z.number().nullable(),
  size_max: z.number().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  types: z.array(z.enum(DEAL_TYPES)),
  currency: z.string(),
});
export type ComparableApplied = z.infer<typeof comparableAppliedSchema>;

/** A chart point: a matching deal with a rent per sq ft. */
export const comparablePointSchema = z.object({
  deal_id: z.number().int(),
  effective_date: z.string(),
  rent_sqft: z.string(),
});
export type ComparablePoint = z.infer<typeof comparablePointSchema>;

export const comparablesResponseSchema = z.object({
  data: z.array(comparableSchema),
  meta: z.object({
    pagination: paginationSchema,
    stats: comparableStatsSchema,
    applied: comparableAppliedSchema,
    /**
     * The chart: matching deals with a rent per sq ft and an effective date, in date order; when
     * more than COMPARABLE_SERIES_MAX, every k-th of them (k = ⌈total ÷ 500⌉).
     */
    series: z.array(comparablePointSchema),
    series_total: z.number().int(),
  }),
});
export type ComparablesResponse = z.infer<typeof comparablesResponseSchema>;

export const COMPARABLE_CURRENCY_DEFAULT = DEFAULT_CURRENCY;
