import { z } from 'zod';
import { idSchema, pageQuerySchema, pageOf, queryListSchema } from './api.schema';
import { AREA_MAX_SQFT, AREA_MESSAGES } from './areas';
import { isIsoDate, isoDateSchema } from './dates';
import { MONEY_MESSAGES, readMoneyInput } from './money';
import { PORTFOLIO_ROLES } from './company-record.schema';
import type { SchemeType } from './enums';

/*
 * The map (spec A §9): every property and scheme on /map, clustered by the server.
 *
 * A point is a property (a unit) or a scheme, each in one marker group: standalone properties are
 * Shops, a scheme and its units are in the group of the scheme's type. Unit filters (tenant,
 * landlord, vacant, lease end, rent, area, lease events) select properties only, so while one is on
 * no scheme point is counted; the scheme filter selects the scheme and its units.
 *
 *   GET /api/map/clusters?bbox=w,s,e,n&zoom=Z&groups=…&<filters>  → { data: MapCluster[], meta }
 *   GET /api/map/points?<area>&<filters>&page&per_page&sort       → a page of MapPoint
 *   GET /api/map/points/export?<area>&<filters>&sort              → text/csv (X-Total-Count)
 *   GET /api/map/heat?bbox=w,s,e,n&zoom=Z&groups=…                → { data: MapHeatCell[] }
 *   GET/POST /api/map/searches, DELETE /api/map/searches/{id}     → the user's named areas
 *
 * <area> is one of bbox=w,s,e,n | polygon=lng,lat;lng,lat;… | center=lng,lat&radius_m=R.
 */

/** Marker groups, in the order of spec A §9's default list. */
export const MAP_GROUPS = ['out_of_town', 'leisure', 'shopping_centres', 'shops'] as const;
export type MapGroup = (typeof MAP_GROUPS)[number];
export const MAP_GROUP_LABELS: Readonly<Record<MapGroup, string>> = {
  out_of_town: 'Out of town',
  leisure: 'Leisure',
  shopping_centres: 'Shopping centres',
  shops: 'Shops',
};
/** Spec A §9: every group on by default. */
export const MAP_DEFAULT_GROUPS: readonly MapGroup[] = MAP_GROUPS;
/** A scheme (and its units) is in the group of its type; a standalone property is a Shop. */
export const MAP_GROUP_OF_SCHEME_TYPE: Readonly<Record<SchemeType, MapGroup>> = {
  'Out of town': 'out_of_town',
  Leisure: 'leisure',
  'Shopping centres': 'shopping_centres',
};

/** Basemaps: the offline Natural Earth map is always there; the others when configured (MAP_STYLES). */
export const MAP_LAYERS = ['offline', 'road', 'satellite', 'hybrid'] as const;
export type MapLayer = (typeof MAP_LAYERS)[number];
export const MAP_LAYER_LABELS: Readonly<Record<MapLayer, string>> = {
  offline: 'Natural Earth (offline)',
  road: 'Road map',
  satellite: 'Satellite',
  hybrid: 'Hybrid',
};
/** Spec A §9: hybrid by default — when the installation has one; else the offline map. */
export const MAP_DEFAULT_LAYER: MapLayer = 'hybrid';

/** Data overlays drawn over the markers. */
export const MAP_OVERLAYS = ['vacancy', 'lease_events', 'rent_heat'] as const;
export type MapOverlay = (typeof MAP_OVERLAYS)[number];
export const MAP_OVERLAY_LABELS: Readonly<Record<MapOverlay, string>> = {
  vacancy: 'Vacant units',
  lease_events: 'Lease events (12 months)',
  rent_heat: 'Rent per sq ft (heat)',
};
/** Lease events: a lease ending or breakable within this many months of today. */
export const MAP_LEASE_EVENT_MONTHS = 12;

export const MAP_ZOOM_MIN = 0;
export const MAP_ZOOM_MAX = 22;
/** From this zoom up points are not clustered (only points at the very same place are merged). */
export const MAP_UNCLUSTERED_ZOOM = 17;
/** Where the map opens the first time: Great Britain. */
export const MAP_DEFAULT_VIEW = { lat: 54.2, lng: -2.6, zoom: 5 } as const;
/** Shown on /map when the installation names no hosted basemap (MAP_STYLES unset). */
export const MAP_OFFLINE_BASEMAP_HINT =
  'Offline basemap: coastlines and place names only. Set MAP_STYLES on the server for street maps.';
export const MAP_POLYGON_MAX_VERTICES = 200;
export const MAP_RADIUS_MAX_M = 100_000;
export const MAP_SEARCH_NAME_MAX = 100;
export const MAP_SEARCHES_MAX = 100;
/**
 * The most grid cells (64 px at the asked zoom) one clusters or heat request may span: a screen
 * holds a few thousand; more is a hostile request and is refused (422 on bbox).
 */
export const MAP_MAX_CELLS = 20_000;

export const MAP_MESSAGES = {
  bbox: 'bbox must be west,south,east,north in degrees, west < east and south < north.',
  zoom: `zoom must be a number from ${MAP_ZOOM_MIN} to ${MAP_ZOOM_MAX}.`,
  polygon: `polygon must be 3 to ${MAP_POLYGON_MAX_VERTICES} points lng,lat separated by ';'.`,
  center: 'center must be lng,lat in degrees.',
  radius: `radius_m must be from 1 to ${MAP_RADIUS_MAX_M} metres.`,
  area: 'Give one area: bbox, polygon, or center with radius_m.',
  range: 'The lower bound must not be above the upper bound.',
  searchName: 'Name is required',
  searchesFull: `You can keep up to ${MAP_SEARCHES_MAX} saved areas.`,
  bboxTooLarge: 'The area is too large for this zoom: zoom in or ask for a smaller bbox.',
  searchDeleted: 'Saved area deleted.',
} as const;

const num = (text: string): number | null => {
  const t = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
};
const lngOk = (v: number) => v >= -180 && v <= 180;
const latOk = (v: number) => v >= -90 && v <= 90;

export type Bbox = readonly [west: number, south: number, east: number, north: number];
export type LngLatPair = readonly [lng: number, lat: number];

export const bboxSchema = z
  .string()
  .max(200)
  .transform((s, ctx): Bbox => {
    const v = s.split(',').map(num);
    const [w, so, e, n] = v;
    if (
      v.length !== 4 ||
      w == null ||
      so == null ||
      e == null ||
      n == null ||
      !lngOk(w) ||
      !lngOk(e) ||
      !latOk(so) ||
      !latOk(n) ||
      w >= e ||
      so >= n
    ) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.bbox });
      return z.NEVER;
    }
    return [w, so, e, n];
  });

const pairOf = (text: string): LngLatPair | null => {
  const v = text.split(',').map(num);
  const [lng, lat] = v;
  return v.length === 2 && lng != null && lat != null && lngOk(lng) && latOk(lat) ? [lng, lat] : null;
};

export const polygonSchema = z
  .string()
  .max(MAP_POLYGON_MAX_VERTICES * 40)
  .transform((s, ctx): LngLatPair[] => {
    const pts = s.split(';').map(pairOf);
    if (pts.length < 3 || pts.length > MAP_POLYGON_MAX_VERTICES + 1 || pts.some((p) => p === null)) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.polygon });
      return z.NEVER;
    }
    return pts as LngLatPair[];
  });

export const centerSchema = z
  .string()
  .max(60)
  .transform((s, ctx): LngLatPair => {
    const p = pairOf(s);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.center });
      return z.NEVER;
    }
    return p;
  });

const zoomSchema = z.coerce
  .number({ error: MAP_MESSAGES.zoom })
  .min(MAP_ZOOM_MIN, { error: MAP_MESSAGES.zoom })
  .max(MAP_ZOOM_MAX, { error: MAP_MESSAGES.zoom });

/**
 * A rent per sq ft bound of a filter: money, read as the forms read it, with their messages
 * ("Not a valid amount", negative, above the bound) — never zod's own text (ADR 0079).
 */
export const moneyFilterSchema = z
  .union([z.string(), z.number()], { error: MONEY_MESSAGES.invalid })
  .transform((v, ctx) => {
    const r = readMoneyInput(String(v));
    if (!r.ok || r.value === null) {
      ctx.addIssue({ code: 'custom', message: r.ok ? MONEY_MESSAGES.invalid : r.message });
      return z.NEVER;
    }
    return Number(r.value);
  });

/** An area bound of a filter (NIA in sq ft), with the forms' area messages (ADR 0079). */
export const areaFilterSchema = z
  .union([z.string(), z.number()], { error: AREA_MESSAGES.invalid })
  .transform((v, ctx) => {
    const t = String(v).replace(/,/g, '').trim();
    const n = /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
    const message =
      n === null
        ? AREA_MESSAGES.invalid
        : n < 0
          ? AREA_MESSAGES.negative
          : n > AREA_MAX_SQFT
            ? AREA_MESSAGES.tooLarge
            : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n!;
  });
const flag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/**
 * The filters of the map, shared by clusters, the in-view list, area search and the export.
 * rent_sqft is rent per annum over NIA in sq ft; area is NIA in sq ft (sq m converted).
 */
export const mapFiltersSchema = z.object({
  groups: queryListSchema(MAP_GROUPS).optional(),
  tenant_id: idSchema.optional(),
  landlord_id: idSchema.optional(),
  /**
   * A company's portfolio (the company page's map, ADR 0092): its units in any of `company_role`
   * (PORTFOLIO_ROLES; absent or empty: every role), as GET /api/companies/{id}/portfolio counts
   * them. `company_role` without `company_id` asks nothing.
   */
  company_id: idSchema.optional(),
  company_role: queryListSchema(PORTFOLIO_ROLES).optional(),
  scheme_id: idSchema.optional(),
  vacant: flag,
  /** Only units whose lease ends or can be broken within MAP_LEASE_EVENT_MONTHS of today. */
  lease_event: flag,
  lease_end_from: isoDateSchema.optional(),
  lease_end_to: isoDateSchema.optional(),
  rent_sqft_min: moneyFilterSchema.optional(),
  rent_sqft_max: moneyFilterSchema.optional(),
  area_min: areaFilterSchema.optional(),
  area_max: areaFilterSchema.optional(),
});
export type MapFilters = z.input<typeof mapFiltersSchema>;
export type MapFiltersParsed = z.output<typeof mapFiltersSchema>;

type RangeQuery = Partial<Record<string, unknown>>;
/** A bound that passed its own check: a range is compared only between two of them. */
const validBound = (key: string, v: unknown): boolean =>
  key.startsWith('lease_end')
    ? typeof v === 'string' && isIsoDate(v)
    : (key.startsWith('rent') ? moneyFilterSchema : areaFilterSchema).safeParse(v).success;
/**
 * Each range's lower bound at most its upper bound; the message sits on the upper field. A bound
 * that is itself invalid has its own message, and no range message is added beside it.
 */
export const mapRangeRefinement = (q: RangeQuery, ctx: z.RefinementCtx) => {
  for (const [from, to] of [
    ['lease_end_from', 'lease_end_to'],
    ['rent_sqft_min', 'rent_sqft_max'],
    ['area_min', 'area_max'],
  ] as const) {
    const a = q[from];
    const b = q[to];
    if (a == null || b == null || !validBound(from, a) || !validBound(to, b)) continue;
    if ((a as number | string) > (b as number | string))
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.range, path: [to] });
  }
};

/** GET /api/map/clusters */
export const mapClusterQuerySchema = mapFiltersSchema
  .extend({ bbox: bboxSchema, zoom: zoomSchema })
  .superRefine(mapRangeRefinement);
export type MapClusterQuery = z.input<typeof mapClusterQuerySchema>;

/**
 * One marker: a cluster (count > 1) or a single point (count 1, with kind and id). `groups` holds
 * the count per group in MAP_GROUPS order, so the legend can total what is in view.
 */
export const mapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  groups: z.array(z.number().int()).length(MAP_GROUPS.length),
  kind: z.enum(['property', 'scheme']).optional(),
  id: z.number().int().optional(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapClustersResponseSchema = z.object({
  data: z.array(mapClusterSchema),
  meta: z.object({
    /** The grid level the clusters were built on (cells of 64 px at this zoom); null = unclustered. */
    level: z.number().int().nullable(),
    /** Points in view per group (MAP_GROUPS order). */
    totals: z.array(z.number().int()).length(MAP_GROUPS.length),
  }),
});
export type MapClustersResponse = z.infer<typeof mapClustersResponseSchema>;

/** GET /api/map/heat: average rent per sq ft of the units with a rent and an NIA, per cell. */
export const mapHeatQuerySchema = z.object({
  bbox: bboxSchema,
  zoom: zoomSchema,
  groups: queryListSchema(MAP_GROUPS).optional(),
});
export const mapHeatCellSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  rent_sqft: z.number(),
  count: z.number().int(),
});
export type MapHeatCell = z.infer<typeof mapHeatCellSchema>;

export const MAP_POINT_SORTS = [
  'address',
  '-address',
  'rent_sqft',
  '-rent_sqft',
  'lease_end_date',
  '-lease_end_date',
  'area',
  '-area',
] as const;
export type MapPointSort = (typeof MAP_POINT_SORTS)[number];

/** The area of a list or an export: exactly one of bbox, polygon, center + radius_m. */
export const mapAreaSchema = z.object({
  bbox: bboxSchema.optional(),
  polygon: polygonSchema.optional(),
  center: centerSchema.optional(),
  radius_m: z.coerce
    .number({ error: MAP_MESSAGES.radius })
    .min(1, { error: MAP_MESSAGES.radius })
    .max(MAP_RADIUS_MAX_M, { error: MAP_MESSAGES.radius })
    .optional(),
});
const oneArea = (q: z.output<typeof mapAreaSchema>, ctx: z.RefinementCtx) => {
  const n = [q.bbox, q.polygon, q.center].filter((x) => x !== undefined).length;
  if (n !== 1 || (q.center !== undefined) !== (q.radius_m !== undefined))
    ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.area, path: ['bbox'] });
};

/** GET /api/map/points */
export const mapPointQuerySchema = pageQuerySchema
  .extend(mapAreaSchema.shape)
  .extend(mapFiltersSchema.shape)
  .extend({ sort: z.enum(MAP_POINT_SORTS).optional().default('address') })
  .superRefine((q, ctx) => {
    oneArea(q, ctx);
    mapRangeRefinement(q, ctx);
  });
export type MapPointQuery = z.input<typeof mapPointQuerySchema>;

/** GET /api/map/points/export: the same without paging. */
export const mapExportQuerySchema = mapAreaSchema
  .extend(mapFiltersSchema.shape)
  .extend({ sort: z.enum(MAP_POINT_SORTS).optional().default('address') })
  .superRefine((q, ctx) => {
    oneArea(q, ctx);
    mapRangeRefinement(q, ctx);
  });

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One row of the in-view list / an area search. */
export const mapPointSchema = z.object({
  kind: z.enum(['property', 'scheme']),
  id: z.number().int(),
  group: z.enum(MAP_GROUPS),
  /** A unit: its building number/name; a scheme: its name. */
  name: z.string().nullable(),
  full_address: z.string().nullable(),
  town: z.string().nullable(),
  scheme: ref.nullable(),
  tenant: ref.extend({ is_verified: z.boolean() }).nullable(),
  vacant: z.boolean(),
  rent_pa: z.string().nullable(),
  currency: z.string().nullable(),
  rent_sqft: z.string().nullable(),
  /** NIA in sq ft. */
  area: z.number().nullable(),
  lease_end_date: z.string().nullable(),
  break_date: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;
export const mapPointPageSchema = pageOf(mapPointSchema);

/** A named area kept by its user (area search → Save). */
export const mapSearchAreaSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('polygon'),
    coordinates: z
      .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
      .min(3)
      .max(MAP_POLYGON_MAX_VERTICES + 1),
  }),
  z.object({
    type: z.literal('circle'),
    center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
    radius_m: z.number().min(1).max(MAP_RADIUS_MAX_M),
  }),
]);
export type MapSearchArea = z.infer<typeof mapSearchAreaSchema>;

/** POST /api/map/searches */
export const mapSearchBodySchema = z.object({
  name: z.string().trim().min(1, MAP_MESSAGES.searchName).max(MAP_SEARCH_NAME_MAX),
  area: mapSearchAreaSchema,
  /** The map filters in force when it was saved (the query-string form of mapFiltersSchema). */
  filters: z
    .record(z.string(), z.union([z.string().max(200), z.array(z.string().max(40)).max(10)]))
    .default({}),
});
export type MapSearchBody = z.input<typeof mapSearchBodySchema>;

export const mapSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area: mapSearchAreaSchema,
  filters: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  created_at: z.string(),
});
export type MapSearch = z.infer<typeof mapSearchSchema>;
