import { Suspense, lazy } from 'react';
import { Box, CircularProgress } from '@mui/material';

export interface MapPointItem {
  id: number | string;
  lng: number;
  lat: number;
  /** The marker's accessible name. */
  label: string;
  /** Relative weight: the marker's size grows with it (1 = smallest). */
  weight?: number;
}

export interface PointsMapProps {
  points: readonly MapPointItem[];
  /** Accessible name of the map region. */
  label: string;
  onPick?: (id: MapPointItem['id']) => void;
  selectedId?: MapPointItem['id'] | null;
  height?: number | string;
}

const PointsMapCanvas = lazy(() => import('./PointsMapCanvas'));

/** A MapLibre map of a few points, framed on them; loaded lazily like MapView. */
export function PointsMap(props: PointsMapProps) {
  const height = props.height ?? 360;
  return (
    <Suspense
      fallback={
        <Box sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          <CircularProgress size={28} aria-label="Loading map" />
        </Box>
      }
    >
      <PointsMapCanvas {...props} />
    </Suspense>
  );
}
