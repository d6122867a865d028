import type { Bbox } from '@frontage/shared';
import type { LngLat } from './types';

/** MapLibre's tiles are 512 px: the world is 512 · 2^zoom pixels wide. */
const TILE = 512;
const MAX_LAT = 85.051129;
const round6 = (v: number) => Number(v.toFixed(6));

const xOf = (lng: number, world: number) => ((lng + 180) / 360) * world;
const yOf = (lat: number, world: number) => {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * world;
};
const lngOf = (x: number, world: number) => (x / world) * 360 - 180;
const latOf = (y: number, world: number) =>
  (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;

/**
 * The bounds a flat (unrotated, unpitched) MapLibre map of this size shows at this centre and
 * zoom, within the world's bounds and rounded as the map's own view is: so a page can ask for a
 * view's data before the map library has loaded, and the map's first view asks the same question.
 */
export const boundsAt = (center: LngLat, zoom: number, width: number, height: number): Bbox => {
  const world = TILE * 2 ** zoom;
  const cx = xOf(center.lng, world);
  const cy = yOf(center.lat, world);
  return [
    round6(Math.max(-180, lngOf(cx - width / 2, world))),
    round6(Math.max(-90, latOf(cy + height / 2, world))),
    round6(Math.min(180, lngOf(cx + width / 2, world))),
    round6(Math.min(90, latOf(cy - height / 2, world))),
  ];
};
