/**
 * The map's clusters (issue 15, ADR 0054): computed per viewport from the database —
 * map_grid when only the groups are asked for, else the filtered points of the view — so a write
 * is on the map in the next answer (the triggers run in the writing transaction).
 */
import {
  MAP_MAX_CELLS,
  MAP_MESSAGES,
  MAP_UNCLUSTERED_ZOOM,
  type Bbox,
  type MapClustersResponse,
  type mapClusterQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { ukToday } from '../enquiries/enquiries.service';
import {
  CLUSTER_LEVEL_OFFSET,
  GRID_MAX_LEVEL,
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
  const f = mapFilterOf(q, ukToday(deps.now()));
  const plan = clusterPlan(f, q.bbox, q.zoom);
  const data =
    f.groups?.length === 0 ? [] : (await repo.clusterRows(deps.db, plan.statement)).map(presentCluster);
  return { data, meta: { level: plan.level, totals: totalsOf(data) } };
};
