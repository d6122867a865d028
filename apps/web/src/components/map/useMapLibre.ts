import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTheme } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is its own file served from our origin (CSP `worker-src 'self'`); MapLibre would
// otherwise look for it next to the bundled chunk, where it is not.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { buildOfflineStyle, seaStyle, type BasemapMode } from './basemap';
import type { LngLat } from './types';

maplibregl.setWorkerUrl(workerUrl);

export interface MapLibreOptions {
  container: RefObject<HTMLElement | null>;
  /**
   * A hosted MapLibre style URL, or null for the offline basemap; undefined while it is not known
   * yet (the map waits). Changing it swaps the style of the same map.
   */
  styleUrl: string | null | undefined;
  /** Where the map opens (later changes are the caller's to apply). */
  center: LngLat;
  zoom: number;
  /**
   * After every style load — the first, a theme switch, a basemap switch — when the style has
   * dropped whatever was added to it: add the page's sources and layers again here.
   */
  onStyleLoad?: (map: MapLibreMap) => void;
}

export interface MapLibreState {
  /** The live map once created (before its first load), else null. */
  map: MapLibreMap | null;
  /** True once the first style and its sources have loaded. */
  loaded: boolean;
  /** The map could not be created (no WebGL, basemap data unreachable). */
  failed: boolean;
}

/**
 * One MapLibre map for every map of the app (the address picker's and /map): our worker URL, the
 * offline basemap unless a hosted style is named, no rotation or pitch, zoom buttons, and the
 * offline style rebuilt in the other palette when the theme switches (a hosted style stays).
 */
export function useMapLibre({
  container,
  styleUrl,
  center,
  zoom,
  onStyleLoad,
}: MapLibreOptions): MapLibreState {
  const mode: BasemapMode = useTheme().palette.mode;
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ styleUrl, mode, center, zoom, onStyleLoad });
  useLayoutEffect(() => {
    latest.current = { styleUrl, mode, center, zoom, onStyleLoad };
  });
  /** The style source the map shows now, so a re-render with the same one changes nothing. */
  const shown = useRef<{ url: string | null; mode: BasemapMode } | null>(null);
  const known = styleUrl !== undefined;

  /** Counts the styles asked for, so a slow offline style never replaces a later choice. */
  const asked = useRef(0);
  /** Asks for a style; the offline one is built (its data fetched) and set when it is ready. */
  const showStyle = (m: MapLibreMap, url: string | null, mode: BasemapMode, first: boolean) => {
    const n = ++asked.current;
    shown.current = { url, mode };
    if (url) {
      if (!first) m.setStyle(url, { diff: false });
      return;
    }
    buildOfflineStyle(mode)
      .then((style) => n === asked.current && m.setStyle(style, { diff: false }))
      .catch((err: unknown) => console.warn('map style could not be loaded', err));
  };

  useEffect(() => {
    if (!known || !container.current) return;
    let cancelled = false;
    let created: MapLibreMap | null = null;
    const ask = asked;
    // The offline basemap's data (a few MB) is not waited for: the map opens on the sea's colour
    // at once, so the page's own data can be drawn, and the land follows when its data is in.
    void Promise.resolve()
      .then(() => {
        if (cancelled || !container.current) return;
        const { styleUrl: url = null, mode: firstMode, center: c, zoom: z } = latest.current;
        const m = new maplibregl.Map({
          container: container.current,
          style: url ?? seaStyle(firstMode),
          center: [c.lng, c.lat],
          zoom: z,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          attributionControl: { compact: true },
        });
        m.touchZoomRotate.disableRotation();
        m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        m.on('style.load', () => latest.current.onStyleLoad?.(m));
        m.once('load', () => !cancelled && setLoaded(true));
        m.on('error', (e) => console.warn('map error', e.error));
        showStyle(m, url, firstMode, true);
        created = m;
        setMap(m);
      })
      .catch((err: unknown) => {
        console.warn('map could not be created', err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      ask.current++;
      shown.current = null;
      setMap(null);
      setLoaded(false);
      created?.remove();
    };
  }, [known, container]);

  // A basemap or theme switch: a new style on the same map (its camera stays). A full swap rather
  // than a diff, so `style.load` fires and the page adds its own layers on the new style.
  useEffect(() => {
    const now = shown.current;
    if (!map || !now || styleUrl === undefined) return;
    if (now.url === styleUrl && (styleUrl !== null || now.mode === mode)) return;
    showStyle(map, styleUrl, mode, false);
  }, [map, styleUrl, mode]);

  return { map, loaded, failed };
}
