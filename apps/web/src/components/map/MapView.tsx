import { Suspense, lazy } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { MapViewProps } from './types';

const MapCanvas = lazy(() => import('./MapCanvas'));

/** A MapLibre map (offline Natural Earth basemap unless /api/config names a hosted style). */
export function MapView(props: MapViewProps) {
  const height = props.height ?? 360;
  return (
    <Suspense
      fallback={
        <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          <CircularProgress size={28} aria-label="Loading map" />
        </Box>
      }
    >
      <MapCanvas {...props} />
    </Suspense>
  );
}
