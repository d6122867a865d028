import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// The worker is its own file served from our origin (CSP `worker-src 'self'`); MapLibre would
// otherwise look for it next to the bundled chunk, where it is not.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useAppConfig } from '../../lib/config';
import { buildOfflineStyle, type BasemapMode } from './basemap';
import type { LngLat, MapViewProps } from './types';

maplibregl.setWorkerUrl(workerUrl);

/** `map_style_url` from /api/config: a hosted style replaces the offline basemap when set. */
const useStyleUrl = (): { ready: boolean; url: string | null } => {
  const config = useAppConfig();
  const data = config.data as { map_style_url?: string | null } | undefined;
  return { ready: !config.isPending, url: data?.map_style_url ?? null };
};

const styleFor = (url: string | null, mode: BasemapMode) =>
  url ? Promise.resolve(url) : buildOfflineStyle(mode);

/** The MapLibre map itself; loaded lazily through MapView so other pages never pay for it. */
export default function MapCanvas(props: MapViewProps) {
  const { center, zoom, marker, markerDraggable, label, height = 360 } = props;
  const theme = useTheme();
  const mode: BasemapMode = theme.palette.mode;
  const style = useStyleUrl();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  // Latest callbacks without re-creating the map when a parent re-renders.
  const handlers = useRef(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    if (!style.ready || !container.current) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    styleFor(style.url, mode)
      .then((s) => {
        if (cancelled || !container.current) return;
        const m = new maplibregl.Map({
          container: container.current,
          style: s,
          center: [center.lng, center.lat],
          zoom,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
          attributionControl: { compact: true },
        });
        m.touchZoomRotate.disableRotation();
        m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        m.on('click', (e) => handlers.current.onMapClick?.({ lng: e.lngLat.lng, lat: e.lngLat.lat }));
        m.once('load', () => !cancelled && setLoading(false));
        m.on('error', (e) => console.warn('map error', e.error));
        map = m;
        mapRef.current = m;
      })
      .catch((err: unknown) => {
        console.warn('map could not be created', err);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      markerRef.current = null;
      mapRef.current = null;
      map?.remove();
    };
    // The map is built once per style source; centre, zoom and theme changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the style source changes
  }, [style.ready, style.url]);

  // Theme switch: rebuild the offline style in the other palette (hosted styles stay as they are).
  const firstMode = useRef(mode);
  useEffect(() => {
    if (style.url || mode === firstMode.current) return;
    firstMode.current = mode;
    let cancelled = false;
    void buildOfflineStyle(mode).then((s) => !cancelled && mapRef.current?.setStyle(s));
    return () => {
      cancelled = true;
    };
  }, [mode, style.url]);

  useEffect(() => {
    mapRef.current?.easeTo({ center: [center.lng, center.lat], zoom });
  }, [center.lng, center.lat, zoom]);

  const markerColour = theme.palette.secondary.main;
  useEffect(() => {
    const map = mapRef.current;
    if (!marker) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!map) return;
    let pin = markerRef.current;
    if (!pin) {
      const m = new maplibregl.Marker({ draggable: !!markerDraggable, color: markerColour });
      m.on('dragend', () => {
        const at: LngLat = m.getLngLat();
        handlers.current.onMarkerDragEnd?.({ lng: at.lng, lat: at.lat });
      });
      markerRef.current = pin = m;
    }
    pin.setLngLat([marker.lng, marker.lat]).addTo(map);
  }, [marker?.lng, marker?.lat, markerDraggable, markerColour, loading]); // eslint-disable-line react-hooks/exhaustive-deps -- the marker object is rebuilt each render; its coordinates are what matter

  if (failed) {
    return (
      <Box
        sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}
        role="region"
        aria-label={label}
      >
        <Typography color="text.secondary">The map could not be loaded.</Typography>
      </Box>
    );
  }
  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      aria-busy={loading}
      sx={{ height, width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
    />
  );
}
