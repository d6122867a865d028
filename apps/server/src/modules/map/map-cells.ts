import type { Bbox } from '@frontage/shared';

/**
 * The map's grid (ADR 0054): Web-Mercator x, y in 0..1, and at grid level L the cell
 * (floor(x·2^L), floor(y·2^L)). MapLibre draws 512 px tiles, so at zoom Z a cell of level Z + 3 is
 * 64 px across. The same formulas are SQL functions of migration 0016 (map_mx, map_my, map_cell),
 * which place the points; these place the viewport.
 */

/** Clusters: cells of 64 px (level = floor(zoom) + 3). */
export const CLUSTER_LEVEL_OFFSET = 3;
/** The heat layer: cells of 128 px (level = floor(zoom) + 2). */
export const HEAT_LEVEL_OFFSET = 2;
/** The levels map_grid keeps (zoom 0..12). */
export const GRID_MIN_LEVEL = 3;
export const GRID_MAX_LEVEL = 15;
const MAX_LAT = 85.0511;

export const mercatorX = (lng: number): number => (lng + 180) / 360;

export const mercatorY = (lat: number): number => {
  const phi = (Math.min(Math.max(lat, -MAX_LAT), MAX_LAT) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
};

const lngOfX = (x: number): number => x * 360 - 180;
const latOfY = (y: number): number => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

export const levelOf = (zoom: number, offset: number): number => Math.floor(zoom) + offset;

export const cellOf = (v: number, level: number): number => {
  const size = 2 ** level;
  return Math.min(Math.max(Math.floor(v * size), 0), size - 1);
};

/** The cells a bbox touches at a level: columns x0..x1, rows y0..y1 (y grows southwards). */
export interface CellRange {
  level: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export const cellRange = ([west, south, east, north]: Bbox, level: number): CellRange => ({
  level,
  x0: cellOf(mercatorX(west), level),
  x1: cellOf(mercatorX(east), level),
  y0: cellOf(mercatorY(north), level),
  y1: cellOf(mercatorY(south), level),
});

export const cellCount = (r: CellRange): number => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);

/**
 * The lng/lat box of the whole cells of a range, a little wider (the index prefilter of a point
 * query; the cell numbers decide). The top and bottom rows reach the poles: a latitude beyond
 * ±85.0511° is placed in them.
 */
export const rangeBox = (r: CellRange): Bbox => {
  const size = 2 ** r.level;
  const pad = 1e-9;
  return [
    Math.max(lngOfX(r.x0 / size) - pad, -180),
    r.y1 === size - 1 ? -90 : latOfY((r.y1 + 1) / size) - pad,
    Math.min(lngOfX((r.x1 + 1) / size) + pad, 180),
    r.y0 === 0 ? 90 : latOfY(r.y0 / size) + pad,
  ];
};
