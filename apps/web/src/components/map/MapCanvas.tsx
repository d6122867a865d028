import { useEffect, useLayoutEffect, useRef } from 'react';
import { Box, Typography, useTheme } from '@mui/material';
import * as maplibregl from 'maplibre-gl';
import type { Marker } from 'maplibre-gl';
import { useAppConfig } from '../../lib/config';
import type { LngLat, MapViewProps } from './types';
import { useMapLibre } from './useMapLibre';

/** `map_style_url` from /api/config: a hosted style replaces the offline basemap when set. */
const useStyleUrl = (): string | null | undefined => {
  const config = useAppConfig();
  return config.isPending ? undefined : (config.data?.map_style_url ?? null);
};

/** The MapLibre map itself; loaded lazily through MapView so other pages never pay for it. */
export default function MapCanvas(props: MapViewProps) {
  const { center, zoom, marker, markerDraggable, label, height = 360 } = props;
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const { map, loaded, failed } = useMapLibre({ container, styleUrl: useStyleUrl(), center, zoom });
  const markerRef = useRef<Marker | null>(null);
  // Latest callbacks without re-creating the map when a parent re-renders.
  const handlers = useRef(props);
  useLayoutEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    if (!map) return;
    const onClick = (e: maplibregl.MapMouseEvent) =>
      handlers.current.onMapClick?.({ lng: e.lngLat.lng, lat: e.lngLat.lat });
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      markerRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    map?.easeTo({ center: [center.lng, center.lat], zoom });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new map opens where it is told already
  }, [center.lng, center.lat, zoom]);

  const markerColour = theme.palette.secondary.main;
  useEffect(() => {
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
  }, [map, marker?.lng, marker?.lat, markerDraggable, markerColour, loaded]); // eslint-disable-line react-hooks/exhaustive-deps -- the marker object is rebuilt each render; its coordinates are what matter

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
    <Box sx={{ height, width: '100%', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
      {/* MapLibre's container takes MapLibre's classes: no class from React that a theme switch would replace. */}
      <div
        ref={container}
        role="region"
        aria-label={label}
        aria-busy={!loaded}
        style={{ width: '100%', height: '100%' }}
      />
    </Box>
  );
}
