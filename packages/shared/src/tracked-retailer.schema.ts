import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.schema';
import { VERIFICATION_STATES, companyCategorySchema } from './company.schema';
import { DEAL_TYPES } from './enums';

/**
 * Tracked retailers (spec A §2 /core-data and /core, §3 Company core_id / is_verified /
 * scraper.verified_at): the retailer brands the platform follows, their stores (the units where
 * the company is the tenant), their openings and closures, and the research desk's tools.
 */

export const TRACKED_RETAILER_MESSAGES = {
  notTracked: 'This company is not a tracked retailer.',
  trackingStarted: 'The company is now a tracked retailer.',
  trackingStopped: 'The company is no longer tracked.',
  verified: 'The retailer has been verified.',
} as const;

/** Openings and closures are counted over this many months back from today. */
export const RETAILER_ACTIVITY_MONTHS = 12;

/**
 * `queue` is the research desk's order: retailers whose store list changed after their
 * verification first (most recent change first), then those never verified, then the verified
 * ones, the longest-verified first.
 */
export const TRACKED_RETAILER_SORTS = [
  'queue',
  'name',
  '-name',
  'stores',
  '-stores',
  'openings',
  '-openings',
  'closures',
  '-closures',
  'verified_at',
  '-verified_at',
] as const;
export type TrackedRetailerSort = (typeof TRACKED_RETAILER_SORTS)[number];

/** GET /api/tracked-retailers (and /export): every user. */
export const trackedRetailerListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  category_id: idSchema.optional(),
  verification: z.enum(VERIFICATION_STATES).optional(),
  sort: z.enum(TRACKED_RETAILER_SORTS).optional().default('name'),
});
export type TrackedRetailerListQuery = z.input<typeof trackedRetailerListQuerySchema>;

/** One retailer in the list, and the head of its page. */
export const trackedRetailerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core_id: z.string(),
  categories: z.array(companyCategorySchema),
  is_verified: z.boolean(),
  /** When its store list was last verified (null = never). */
  verified_at: z.string().nullable(),
  /** Units where it is the tenant now. */
  stores: z.number().int(),
  /** Openings and closures in the last RETAILER_ACTIVITY_MONTHS months. */
  openings: z.number().int(),
  closures: z.number().int(),
  /** When one of its stores last opened, closed or moved (null = no recorded change). */
  store_changed_at: z.string().nullable(),
});
export type TrackedRetailer = z.infer<typeof trackedRetailerSchema>;

/** GET /api/tracked-retailers/{id}: the row plus what its page heads with. */
export const trackedRetailerDetailSchema = trackedRetailerSchema.extend({
  domain: z.string().nullable(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
});
export type TrackedRetailerDetail = z.infer<typeof trackedRetailerDetailSchema>;

/** The columns of GET /api/tracked-retailers/export, in order. */
export const TRACKED_RETAILER_EXPORT_COLUMNS = [
  'id',
  'core_id',
  'name',
  'categories',
  'verification',
  'verified_at',
  'stores',
  'openings_12m',
  'closures_12m',
] as const;

export const RETAILER_STORE_SORTS = ['town', '-town', 'address', '-address', 'since', '-since'] as const;

/** GET /api/tracked-retailers/{id}/stores: the units it trades from. */
export const retailerStoreQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(RETAILER_STORE_SORTS).optional().default('town'),
});
export type RetailerStoreQuery = z.input<typeof retailerStoreQuerySchema>;

export const retailerStoreSchema = z.object({
  property_id: z.number().int(),
  full_address: z.string().nullable(),
  town: z.string().nullable(),
  post_code: z.string().nullable(),
  scheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** Date of its latest opening event at this unit, else the lease start (null = unknown). */
  since: z.string().nullable(),
  lease_end_date: z.string().nullable(),
  break_date: z.string().nullable(),
});
export type RetailerStore = z.infer<typeof retailerStoreSchema>;

/** A retailer with more stores than this draws its map from the first ones only (and says so). */
export const RETAILER_STORE_POINTS_MAX = 5000;

/** GET /api/tracked-retailers/{id}/store-points: every store's position, for the retailer's map. */
export const retailerStorePointsSchema = z.object({
  /** [property_id, lng, lat] */
  data: z.array(z.tuple([z.number().int(), z.number(), z.number()])),
  truncated: z.boolean(),
});

export const STORE_EVENT_KINDS = ['opening', 'closure'] as const;
export type StoreEventKind = (typeof STORE_EVENT_KINDS)[number];
export const STORE_EVENT_LABELS: Record<StoreEventKind | 'move', string> = {
  opening: 'Opened',
  closure: 'Closed',
  move: 'Moved',
};

/**
 * GET /api/tracked-retailers/{id}/timeline: newest first. A closure and an opening in the same
 * town within 90 days are one `move` (from → to).
 */
export const retailerTimelineEventSchema = z.object({
  kind: z.enum(['opening', 'closure', 'move']),
  date: z.string(),
  property: z.object({
    id: z.number().int(),
    full_address: z.string().nullable(),
    town: z.string().nullable(),
  }),
  /** For a move: the unit it moved from. */
  from_property: z
    .object({ id: z.number().int(), full_address: z.string().nullable(), town: z.string().nullable() })
    .nullable(),
  deal: z.object({ id: z.number().int(), deal_type: z.enum(DEAL_TYPES) }).nullable(),
  /** The occupier before an opening, or after a closure (null = vacant or unknown). */
  other_company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type RetailerTimelineEvent = z.infer<typeof retailerTimelineEventSchema>;

/** PUT /api/core/retailers/{id}/tracking (admin): start (assigns core_id) or stop (clears it). */
export const retailerTrackingBodySchema = z.object({ tracked: z.boolean() });
