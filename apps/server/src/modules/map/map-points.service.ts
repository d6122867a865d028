/**
 * The points of an area (ADR 0054): the in-view list and area search
 * (GET /api/map/points) and their CSV (GET /api/map/points/export).
 */
import {
  type MapPoint,
  type Page,
  type mapExportQuerySchema,
  type mapPointQuerySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { EXPORT_BATCH, csvStream, exportFileName, linesOfIdBatches, type CsvExport } from '../../lib/csv';
import { offsetOf, toPage } from '../../lib/page';
import { ukDayOf } from '../../lib/dates';
import { ukDay } from '../properties/properties.export';
import { GRID_MAX_LEVEL, GRID_MIN_LEVEL, cellCount, cellRange, type CellRange } from './map-cells';
import { areaBounds, mapFilterOf, type MapArea, type MapFilter } from './map-filter';
import { presentPoint } from './map.presenter';
import * as repo from './map-points.repository';

type PointQuery = z.output<typeof mapPointQuerySchema>;
type ExportQuery = z.output<typeof mapExportQuerySchema>;

/** The one area the query names (the schema has checked there is exactly one). */
export const areaOf = (q: Pick<ExportQuery, 'bbox' | 'polygon' | 'center' | 'radius_m'>): MapArea => {
  if (q.bbox) return { kind: 'bbox', bbox: q.bbox };
  if (q.polygon) return { kind: 'polygon', points: q.polygon };
  return { kind: 'circle', center: q.center!, radiusM: q.radius_m! };
};

/** Points in an area from which it is read sequentially rather than through the point index. */
export const LARGE_AREA_POINTS = 20_000;

/** The finest grid cells of at most 16 × 16 around the area: an upper bound of its points, cheaply. */
const estimateRange = (area: MapArea): CellRange => {
  const bounds = areaBounds(area);
  for (let level = GRID_MAX_LEVEL; level > GRID_MIN_LEVEL; level--) {
    const r = cellRange(bounds, level);
    if (cellCount(r) <= 256) return r;
  }
  return cellRange(bounds, GRID_MIN_LEVEL);
};

/** How the area is read (ADR 0054) and how many points in it pass the filters. */
const planOf = async (
  deps: ServiceDeps,
  f: MapFilter,
  area: MapArea,
): Promise<{ plan: repo.PointPlan; total: number }> => {
  const around = await repo.gridCount(deps.db, estimateRange(area));
  const plan = around < LARGE_AREA_POINTS ? 'index' : 'scan';
  return { plan, total: await repo.countPoints(deps.db, f, area, plan) };
};

/** GET /api/map/points: one page of the points in the area, in the sort's order, with the exact total. */
export const points = async (deps: ServiceDeps, q: PointQuery): Promise<Page<MapPoint>> => {
  const f = mapFilterOf(q, ukDayOf(deps.now()));
  const { page, per_page: perPage } = q;
  if (f.groups?.length === 0) return toPage([], { total: 0, page, perPage });
  const area = areaOf(q);
  const { plan, total } = await planOf(deps, f, area);
  const offset = offsetOf(page, perPage);
  const rows = offset < total ? await repo.pointPage(deps.db, f, area, q.sort, plan, perPage, offset) : [];
  return toPage(rows.map(presentPoint), { total, page, perPage });
};

export const MAP_EXPORT_COLUMNS = [
  'Type',
  'Name',
  'Address',
  'Town',
  'Scheme',
  'Tenant',
  'Vacant',
  'Rent pa',
  'Currency',
  'Rent per sq ft',
  'NIA sq ft',
  'Lease end',
  'Break',
  'Latitude',
  'Longitude',
] as const;

const csvLine = (p: MapPoint): Array<string | number | null> => [
  p.kind === 'scheme' ? 'Scheme' : 'Property',
  p.name,
  p.full_address,
  p.town,
  p.scheme?.name ?? null,
  p.tenant?.name ?? null,
  p.kind === 'scheme' ? null : p.vacant ? 'Yes' : 'No',
  p.rent_pa,
  p.currency,
  p.rent_sqft,
  p.area,
  ukDay(p.lease_end_date),
  ukDay(p.break_date),
  p.lat,
  p.lng,
];

/** Every point of the area that passes the filters, in the list's order, as CSV, 1,000 per batch (ADR 0069). */
export const exportPoints = async (
  deps: ServiceDeps,
  q: ExportQuery,
  onError: (err: Error) => void,
  batchSize = EXPORT_BATCH,
): Promise<CsvExport> => {
  const f = mapFilterOf(q, ukDayOf(deps.now()));
  const area = areaOf(q);
  const none = f.groups?.length === 0;
  const { plan, total } = none ? { plan: 'index' as const, total: 0 } : await planOf(deps, f, area);
  const batches = () =>
    linesOfIdBatches(
      none ? (async function* () {})() : repo.exportPointIds(deps.db, f, area, q.sort, plan, batchSize),
      (sids) => repo.exportPointRows(deps.db, sids),
      (r) => r.sid,
      (r) => csvLine(presentPoint(r)),
    );
  return {
    total,
    filename: exportFileName('map-points', deps.now()),
    stream: csvStream(MAP_EXPORT_COLUMNS, batches, onError),
  };
};
