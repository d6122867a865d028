/**
 * The map's clusters and heat (ADR 0054): computed per viewport from the database —
 * map_grid when only the groups are asked for, else the filtered points of the view — so a write
 * is on the map in the next answer (the triggers run in the writing transaction).
 */
import {
  MAP_MAX_CELLS,
  MAP_MESSAGES,
  MAP_UNCLUSTERED_ZOOM,
  type Bbox,
  type MapClustersResponse,
  type MapHeatCell,
  type mapClusterQuerySchema,
  type mapHeatQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { ukDayOf } from '../../lib/dates';
import {
  CLUSTER_LEVEL_OFFSET,
  GRID_MAX_LEVEL,
  HEAT_LEVEL_OFFSET,
  cellCount,
  cellRange,
  levelOf,
  rangeBox,
  type CellRange,
} from './map-cells';
import { hasFilter, mapFilterOf, type MapFilter } from './map-filter';
import { presentCluster, totalsOf } from './map.presenter';
import * as repo from './map.repository';

type ClusterQuery = z.output<typeof mapClusterQuerySchema>;
type HeatQuery = z.output<typeof mapHeatQuerySchema>;

/** The cells a request spans at a level; a hostile huge one is refused (422 on bbox). */
const cellsOf = (bbox: Bbox, level: number): CellRange => {
  const range = cellRange(bbox, level);
  if (cellCount(range) > MAP_MAX_CELLS) throw ValidationError.field('bbox', MAP_MESSAGES.bboxTooLarge);
  return range;
};

/** How a clusters request is answered, and the statement that answers it. */
export const clusterPlan = (
  f: MapFilter,
  bbox: Bbox,
  zoom: number,
): { level: number | null; statement: ReturnType<typeof repo.gridClustersSql> } => {
  const range = cellsOf(bbox, levelOf(zoom, CLUSTER_LEVEL_OFFSET));
  if (zoom >= MAP_UNCLUSTERED_ZOOM) return { level: null, statement: repo.placeClustersSql(f, bbox) };
  if (range.level <= GRID_MAX_LEVEL && !hasFilter(f))
    return { level: range.level, statement: repo.gridClustersSql(range, f.groups) };
  return { level: range.level, statement: repo.liveClustersSql(f, range, rangeBox(range)) };
};

/** GET /api/map/clusters: the markers of a viewport, with the points in view per group. */
export const clusters = async (deps: ServiceDeps, q: ClusterQuery): Promise<MapClustersResponse> => {
  const f = mapFilterOf(q, ukDayOf(deps.now()));
  const plan = clusterPlan(f, q.bbox, q.zoom);
  const data =
    f.groups?.length === 0 ? [] : (await repo.clusterRows(deps.db, plan.statement)).map(presentCluster);
  return { data, meta: { level: plan.level, totals: totalsOf(data) } };
};

/** The heat layer is read at most once a minute per view (it is not live to the second; clusters are). */
export const HEAT_TTL_MS = 60_000;
const HEAT_CACHE_MAX = 500;
const heatCaches = new WeakMap<ServiceDeps, Map<string, { at: number; data: MapHeatCell[] }>>();

/** GET /api/map/heat: the mean rent per sq ft (GBP) per cell of 128 px, cached for a minute. */
export const heat = async (deps: ServiceDeps, q: HeatQuery): Promise<MapHeatCell[]> => {
  const f = mapFilterOf({ groups: q.groups }, '');
  const range = cellsOf(q.bbox, levelOf(q.zoom, HEAT_LEVEL_OFFSET));
  if (f.groups?.length === 0) return [];
  let cache = heatCaches.get(deps);
  if (!cache) heatCaches.set(deps, (cache = new Map()));
  const key = `${range.level}:${range.x0}:${range.x1}:${range.y0}:${range.y1}:${f.groups?.join(',') ?? '*'}`;
  const now = deps.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < HEAT_TTL_MS) return hit.data;
  const rows = await repo.heatRows(deps.db, repo.heatSql(range, rangeBox(range), f.groups));
  const data = rows.map((r) => ({ lat: r.lat, lng: r.lng, rent_sqft: r.rent_sqft, count: r.n }));
  cache.delete(key);
  cache.set(key, { at: now, data });
  // Oldest first in a Map's order: the least recently computed view goes.
  while (cache.size > HEAT_CACHE_MAX) cache.delete(cache.keys().next().value!);
  return data;
};
