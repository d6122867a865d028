import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.schema';

/**
 * Gap Analysis (Beta, ADR 0058): for a retailer, the towns or schemes where retailers of its
 * categories (its peers) trade and it does not, ranked by how many peers are present, each with
 * the units available there — vacant, or with a lease end or break within `months`.
 *
 * GET /api/reports/gap-analysis (and /export as CSV, every place of the ranking).
 */

export const GAP_LEVELS = ['town', 'scheme'] as const;
export type GapLevel = (typeof GAP_LEVELS)[number];
export const GAP_LEVEL_LABELS: Record<GapLevel, string> = { town: 'Towns', scheme: 'Schemes' };

/** peers: most peers present first; size: biggest place (units) first, then peers. */
export const GAP_SORTS = ['peers', 'size', 'available'] as const;
export type GapSort = (typeof GAP_SORTS)[number];
export const GAP_SORT_LABELS: Record<GapSort, string> = {
  peers: 'Peers present',
  size: 'Size (units)',
  available: 'Available units',
};

export const GAP_DEFAULT_MONTHS = 12;
/** Each place carries at most this many of its available units (the count says how many). */
export const GAP_UNITS_PER_PLACE = 20;

export const gapAnalysisQuerySchema = pageQuerySchema.extend({
  company_id: idSchema,
  /** Peers are companies in any of these categories; default: the retailer's own categories. */
  category_id: idSchema.optional(),
  level: z.enum(GAP_LEVELS).optional().default('town'),
  sort: z.enum(GAP_SORTS).optional().default('peers'),
  /** Leases ending or breaking within this many months count as available (0 = vacant only). */
  months: z.coerce.number().int().min(0).max(60).optional().default(GAP_DEFAULT_MONTHS),
  /** Only places with at least this many peers present. */
  min_peers: z.coerce.number().int().min(1).max(1000).optional().default(1),
});
export type GapAnalysisQuery = z.input<typeof gapAnalysisQuerySchema>;

export const gapUnitSchema = z.object({
  property_id: z.number().int(),
  full_address: z.string().nullable(),
  vacant: z.boolean(),
  lease_end_date: z.string().nullable(),
  break_date: z.string().nullable(),
  /** Net internal area in sq ft. */
  size_sqft: z.string().nullable(),
  rent_pa: z.string().nullable(),
  currency: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type GapUnit = z.infer<typeof gapUnitSchema>;

export const gapPlaceSchema = z.object({
  /** 'town:<lower town>' or 'scheme:<id>': stable across pages. */
  key: z.string(),
  level: z.enum(GAP_LEVELS),
  /** The town as written on its addresses, or the scheme's name. */
  name: z.string(),
  town: z.string().nullable(),
  scheme_id: z.number().int().nullable(),
  /** How many distinct peers trade here, and the first few by name. */
  peers: z.number().int(),
  peer_names: z.array(z.string()),
  /** Units in the place (its size). */
  units: z.number().int(),
  vacant: z.number().int(),
  /** Vacant plus leases ending or breaking within `months`. */
  available: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The first GAP_UNITS_PER_PLACE available units: vacant first, then the soonest lease event. */
  available_units: z.array(gapUnitSchema),
});
export type GapPlace = z.infer<typeof gapPlaceSchema>;

export const gapAnalysisResultSchema = z.object({
  retailer: z.object({ id: z.number().int(), name: z.string(), stores: z.number().int() }),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Peers considered (companies of those categories trading anywhere). */
  peer_count: z.number().int(),
  data: z.array(gapPlaceSchema),
  meta: z.object({
    pagination: z.object({
      total: z.number().int(),
      count: z.number().int(),
      per_page: z.number().int(),
      current_page: z.number().int(),
      total_pages: z.number().int(),
    }),
  }),
});
export type GapAnalysisResult = z.infer<typeof gapAnalysisResultSchema>;

export const GAP_EXPORT_COLUMNS = [
  'level',
  'name',
  'town',
  'peers',
  'peer_names',
  'units',
  'vacant',
  'available',
] as const;

export const GAP_MESSAGES = {
  noCategories: 'This retailer has no categories: choose a category to compare it with.',
  beta: 'Beta',
} as const;
