import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeoJSONSource, LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import type * as TerraDrawLib from 'terra-draw';
import type { GeoJSONStoreFeatures, HexColor, TerraDraw } from 'terra-draw';
import type * as TerraDrawAdapterLib from 'terra-draw-maplibre-gl-adapter';
import { MAP_RADIUS_MAX_M, type MapSearchArea } from '@frontage/shared';

/*
 * Area search on the map: terra-draw draws a polygon or a circle on the live MapLibre
 * map; the finished shape becomes the area (polygon coordinates, or centre and radius in metres),
 * and the area — drawn or saved — is outlined on the map by a layer of our own, so it survives a
 * basemap or theme switch and needs no drawing instance once the shape is done.
 */

export type DrawMode = 'polygon' | 'circle';

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;
const degOf = (r: number) => (r * 180) / Math.PI;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2));
const latOfMercY = (y: number) => degOf(2 * Math.atan(Math.exp(y)) - Math.PI / 2);

/** The ring of a circle of `radiusM` around `center` (lng, lat), closed, `steps` points. */
export const circleRing = (
  center: readonly [number, number],
  radiusM: number,
  steps = 64,
): [number, number][] => {
  const [lng0, lat0] = center;
  const d = radiusM / EARTH_RADIUS_M;
  const phi1 = rad(lat0);
  const lam1 = rad(lng0);
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) {
    const theta = (2 * Math.PI * i) / steps;
    const phi2 = Math.asin(Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(theta));
    const lam2 =
      lam1 +
      Math.atan2(
        Math.sin(theta) * Math.sin(d) * Math.cos(phi1),
        Math.cos(d) - Math.sin(phi1) * Math.sin(phi2),
      );
    ring.push([degOf(lam2), degOf(phi2)]);
  }
  ring.push(ring[0]!);
  return ring;
};

/** The area as a GeoJSON polygon (a circle as its ring), for the outline layer. */
export const areaPolygon = (area: MapSearchArea): GeoJSON.Feature<GeoJSON.Polygon> => {
  const ring =
    area.type === 'polygon'
      ? area.coordinates.map(([lng, lat]) => [lng, lat] as [number, number])
      : circleRing(area.center, area.radius_m);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
};

/** The area's bounds, [[west, south], [east, north]], to fit the map to it. */
export const areaBounds = (area: MapSearchArea): LngLatBoundsLike => {
  const ring = areaPolygon(area).geometry.coordinates[0] ?? [];
  const lngs = ring.map((p) => p[0] ?? 0);
  const lats = ring.map((p) => p[1] ?? 0);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
};

/**
 * The area of a finished terra-draw feature. A polygon keeps its closed ring; a circle (drawn
 * round its centre in Web Mercator) gives back its centre — the middle of its ring in Mercator —
 * and the radius terra-draw measured on the ground from the centre to the pointer.
 */
export const areaOfFeature = (feature: GeoJSONStoreFeatures): MapSearchArea | null => {
  if (feature.geometry.type !== 'Polygon') return null;
  const ring = (feature.geometry.coordinates[0] ?? []).map(
    ([lng, lat]) => [lng ?? 0, lat ?? 0] as [number, number],
  );
  if (feature.properties.mode === 'circle') {
    const pts = ring.slice(0, -1);
    const radiusKm = Number(feature.properties.radiusKilometers);
    if (!pts.length || !Number.isFinite(radiusKm)) return null;
    const lng = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const lat = latOfMercY(pts.reduce((s, p) => s + mercY(p[1]), 0) / pts.length);
    const radius_m = Math.min(MAP_RADIUS_MAX_M, Math.max(1, Math.round(radiusKm * 1000)));
    return { type: 'circle', center: [lng, lat], radius_m };
  }
  return ring.length >= 4 ? { type: 'polygon', coordinates: ring } : null;
};

const SOURCE = 'frontage-area';
const FILL = 'frontage-area-fill';
const LINE = 'frontage-area-line';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Outlines `area` on the map (and again after every style load); nothing when null. */
export function useAreaOutline(map: MapLibreMap | null, area: MapSearchArea | null, colour: string) {
  useEffect(() => {
    if (!map) return;
    const data = area ? areaPolygon(area) : EMPTY;
    const apply = () => {
      const source = map.getSource(SOURCE) as GeoJSONSource | undefined;
      if (source) {
        source.setData(data);
        return;
      }
      try {
        map.addSource(SOURCE, { type: 'geojson', data });
        map.addLayer({
          id: FILL,
          type: 'fill',
          source: SOURCE,
          paint: { 'fill-color': colour, 'fill-opacity': 0.08 },
        });
        map.addLayer({
          id: LINE,
          type: 'line',
          source: SOURCE,
          paint: { 'line-color': colour, 'line-width': 2 },
        });
      } catch {
        // The style is being replaced; 'styledata' comes again once it is in.
      }
    };
    apply();
    map.on('styledata', apply);
    return () => {
      map.off('styledata', apply);
    };
  }, [map, area, colour]);

  useEffect(
    () => () => {
      if (!map?.getStyle()) return;
      try {
        if (map.getLayer(LINE)) map.removeLayer(LINE);
        if (map.getLayer(FILL)) map.removeLayer(FILL);
        if (map.getSource(SOURCE)) map.removeSource(SOURCE);
      } catch {
        // The map is being removed.
      }
    },
    [map],
  );
}

/** On the map's container while drawing: its markers and popups let clicks through. */
export const DRAWING_CLASS = 'fm-area-drawing';
export const drawingStyles = {
  [`.${DRAWING_CLASS} .maplibregl-marker, .${DRAWING_CLASS} .maplibregl-popup`]: { pointerEvents: 'none' },
} as const;

type DrawLib = [typeof TerraDrawLib, typeof TerraDrawAdapterLib];
let drawLib: Promise<DrawLib> | null = null;
/**
 * terra-draw and its adapter, loaded when the Area tab first opens (or on the first draw): they
 * stay out of the map's first load.
 */
export const loadDrawLib = (): Promise<DrawLib> =>
  (drawLib ??= Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).catch(
    (error: unknown) => {
      // Not kept: the next call tries the network again.
      drawLib = null;
      throw error;
    },
  ));

const hex = (c: string): HexColor => (/^#[0-9a-f]{6}$/i.test(c) ? (c as HexColor) : '#1976d2');

/**
 * Drawing an area: `start('polygon' | 'circle')` turns a mode on (again: off), Escape anywhere or
 * `stop()` cancels, and a finished shape is handed to `onDrawn`. terra-draw lives only while
 * drawing, so the map's own clicks and double-click zoom are back as soon as it is done. `ready`
 * says terra-draw has loaded and listens: a click on the map before then would be lost, so the
 * panel says so until it is.
 */
export function useAreaDraw(
  map: MapLibreMap | null,
  colour: string,
  onDrawn: (area: MapSearchArea) => void,
  onFailed?: () => void,
) {
  const [mode, setMode] = useState<DrawMode | null>(null);
  const [ready, setReady] = useState(false);
  const drawRef = useRef<TerraDraw | null>(null);
  const latest = useRef(onDrawn);
  useEffect(() => {
    latest.current = onDrawn;
  });

  /** Bumped by every start and stop, so a drawing that loads after a stop is not started. */
  const generation = useRef(0);

  const teardown = useCallback(() => {
    generation.current++;
    const draw = drawRef.current;
    drawRef.current = null;
    if (!draw) return;
    try {
      draw.stop();
    } catch {
      // The style that held its layers has been replaced.
    }
  }, []);

  const stop = useCallback(() => {
    teardown();
    setMode(null);
    setReady(false);
  }, [teardown]);

  /** A started terra-draw on `on`, whose finished shape ends the drawing and becomes the area. */
  const create = useCallback(
    (lib: DrawLib, on: MapLibreMap): TerraDraw => {
      const [{ TerraDraw, TerraDrawPolygonMode, TerraDrawCircleMode }, { TerraDrawMapLibreGLAdapter }] = lib;
      const c = hex(colour);
      const created = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map: on, prefixId: 'frontage-draw' }),
        modes: [
          new TerraDrawPolygonMode({
            styles: {
              fillColor: c,
              fillOpacity: 0.15,
              outlineColor: c,
              outlineWidth: 2,
              closingPointColor: c,
            },
          }),
          new TerraDrawCircleMode({
            styles: { fillColor: c, fillOpacity: 0.15, outlineColor: c, outlineWidth: 2 },
          }),
        ],
      });
      created.start();
      created.on('finish', (id, ctx) => {
        if (ctx.action !== 'draw') return;
        const feature = created.getSnapshotFeature(id);
        const area = feature ? areaOfFeature(feature) : null;
        // Leave terra-draw's own event before taking it down.
        setTimeout(() => {
          if (drawRef.current === created) stop();
          if (area) latest.current(area);
        }, 0);
      });
      return created;
    },
    [colour, stop],
  );

  const start = useCallback(
    (next: DrawMode) => {
      if (!map) return;
      if (mode === next) {
        stop();
        return;
      }
      const token = ++generation.current;
      setMode(next);
      setReady(false);
      void loadDrawLib().then(
        (lib) => {
          // Stopped, or another mode chosen, while terra-draw was loading.
          if (generation.current !== token) return;
          drawRef.current ??= create(lib, map);
          drawRef.current.setMode(next);
          setReady(true);
        },
        () => {
          if (generation.current !== token) return;
          stop();
          onFailed?.();
        },
      );
    },
    [map, mode, stop, create, onFailed],
  );

  // While drawing, clicks go through the markers to the map (DRAWING_CLASS in the panel's styles).
  useEffect(() => {
    const container = mode ? map?.getContainer() : null;
    container?.classList.add(DRAWING_CLASS);
    return () => container?.classList.remove(DRAWING_CLASS);
  }, [mode, map]);

  useEffect(() => {
    if (!mode) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') stop();
    };
    // A basemap or theme switch drops terra-draw's layers: end the drawing rather than leave it broken.
    const onStyle = () => stop();
    document.addEventListener('keydown', onKey);
    map?.on('style.load', onStyle);
    return () => {
      document.removeEventListener('keydown', onKey);
      map?.off('style.load', onStyle);
    };
  }, [mode, map, stop]);

  // A new map (or none) ends any drawing on the old one.
  useEffect(() => teardown, [map, teardown]);

  return { mode, ready, start, stop };
}
