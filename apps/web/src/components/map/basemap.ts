import type { StyleSpecification } from 'maplibre-gl';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Served as static assets (not bundled into JS): JSON parses faster than a module, and only the
// map screens fetch them.
import worldUrl from 'world-atlas/countries-50m.json?url';
import detailUrl from 'world-atlas/land-10m.json?url';

export type BasemapMode = 'light' | 'dark';

interface BasemapData {
  land: FeatureCollection;
  borders: MultiLineString;
}

const PALETTE: Record<BasemapMode, { sea: string; land: string; border: string; coast: string }> = {
  light: { sea: '#c9dcec', land: '#f3f1ea', border: '#9a8f99', coast: '#8fa9bf' },
  dark: { sea: '#0e1c2a', land: '#28303a', border: '#6d7480', coast: '#3b556d' },
};

/**
 * The British Isles: drawn from the 1:10m data, everything else from 1:50m. Indexing the whole
 * 1:10m world in MapLibre's worker takes seconds; the users' market is here.
 */
const DETAIL_BOX = [-11.5, 49.0, 2.5, 61.5] as const;

const ringInside = (ring: Position[], box: typeof DETAIL_BOX): boolean =>
  ring.every(([x = 0, y = 0]) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3]);

const polygonsOf = (f: Feature | FeatureCollection): Position[][][] => {
  const features = f.type === 'FeatureCollection' ? f.features : [f];
  return features.flatMap((x) =>
    x.geometry.type === 'MultiPolygon'
      ? (x.geometry as MultiPolygon).coordinates
      : x.geometry.type === 'Polygon'
        ? [(x.geometry as Polygon).coordinates]
        : [],
  );
};

const fetchTopo = async <K extends string>(url: string) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`basemap ${res.status}`);
  return (await res.json()) as Topology<Record<K, GeometryCollection>>;
};

let dataPromise: Promise<BasemapData> | null = null;

/** Natural Earth land and borders (public domain, `world-atlas`), fetched once per page load. */
const loadBasemapData = (): Promise<BasemapData> => {
  dataPromise ??= Promise.all([fetchTopo<'countries' | 'land'>(worldUrl), fetchTopo<'land'>(detailUrl)])
    .then(([world, detail]) => {
      const coarse = polygonsOf(feature(world, world.objects.land)).filter(
        (p) => !ringInside(p[0] ?? [], DETAIL_BOX),
      );
      const fine = polygonsOf(feature(detail, detail.objects.land)).filter((p) =>
        ringInside(p[0] ?? [], DETAIL_BOX),
      );
      const land: FeatureCollection = {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: { type: 'MultiPolygon', coordinates: [...coarse, ...fine] },
          },
        ],
      };
      // Only the lines shared by two countries: coastlines come from the land.
      return { land, borders: mesh(world, world.objects.countries, (a, b) => a !== b) };
    })
    .catch((err: unknown) => {
      dataPromise = null; // let the next map try again
      throw err;
    });
  return dataPromise;
};

/**
 * The offline basemap: sea background, land fill and country borders, no tiles, glyphs or sprites,
 * so it needs nothing but this app's own origin (CSP `connect-src 'self'`).
 */
export async function buildOfflineStyle(mode: BasemapMode): Promise<StyleSpecification> {
  const data = await loadBasemapData();
  const c = PALETTE[mode];
  return {
    version: 8,
    name: 'Frontage offline basemap',
    sources: {
      land: { type: 'geojson', data: data.land, attribution: 'Natural Earth', tolerance: 0.2 },
      borders: { type: 'geojson', data: { type: 'Feature', geometry: data.borders, properties: {} } },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': c.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': c.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': c.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 10, 1.2],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': c.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 10, 1.5],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}
