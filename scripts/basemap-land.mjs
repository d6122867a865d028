/**
 * Writes the offline basemap's land and borders as GeoJSON (apps/web/src/components/map/land.json,
 * borders.json) from Natural Earth's public-domain data in `world-atlas`: the British Isles from
 * the 1:10m land, everything else from the 1:50m, and the 1:50m lines between two countries
 * (coastlines come from the land). GeoJSON rather than the packages' TopoJSON: MapLibre fetches and
 * parses a GeoJSON source given by its URL in its worker, so opening the map no longer parses 3 MB
 * of TopoJSON and decodes it on the main thread while the page's own data arrives.
 * Run again when `world-atlas` is updated: `node scripts/basemap-land.mjs`.
 * Coordinates to 4 decimals (about 10 m: finer than either scale's own precision).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const read = (name) => JSON.parse(readFileSync(require.resolve(`world-atlas/${name}`), 'utf8'));
const world = read('countries-50m.json');
const detail = read('land-10m.json');

/** The British Isles: drawn from the 1:10m data (indexing the whole 1:10m world takes seconds). */
const DETAIL_BOX = [-11.5, 49.0, 2.5, 61.5];
const ringInside = (ring) =>
  ring.every(
    ([x, y]) => x >= DETAIL_BOX[0] && x <= DETAIL_BOX[2] && y >= DETAIL_BOX[1] && y <= DETAIL_BOX[3],
  );
const polygonsOf = (f) =>
  (f.type === 'FeatureCollection' ? f.features : [f]).flatMap((x) =>
    x.geometry.type === 'MultiPolygon'
      ? x.geometry.coordinates
      : x.geometry.type === 'Polygon'
        ? [x.geometry.coordinates]
        : [],
  );
const round = (v) => Math.round(v * 1e4) / 1e4;
/** Rounded, without the points that rounding made equal to the one before. */
const line = (points) =>
  points
    .map(([x, y]) => [round(x), round(y)])
    .filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);

const coarse = polygonsOf(feature(world, world.objects.land)).filter((p) => !ringInside(p[0] ?? []));
const fine = polygonsOf(feature(detail, detail.objects.land)).filter((p) => ringInside(p[0] ?? []));
const land = {
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiPolygon', coordinates: [...coarse, ...fine].map((p) => p.map(line)) },
};
const borderLines = mesh(world, world.objects.countries, (a, b) => a !== b);
const borders = {
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiLineString', coordinates: borderLines.coordinates.map(line) },
};

const dir = resolve(import.meta.dirname, '../apps/web/src/components/map');
writeFileSync(resolve(dir, 'land.json'), `${JSON.stringify(land)}\n`);
writeFileSync(resolve(dir, 'borders.json'), `${JSON.stringify(borders)}\n`);
process.stdout.write(
  `land: ${land.geometry.coordinates.length} polygons; borders: ${borders.geometry.coordinates.length} lines → ${dir}\n`,
);
