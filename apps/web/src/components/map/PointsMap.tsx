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
  /** Shown on the marker (a cluster's count). */
  text?: string;
  /** Degrees around the point it stands for (a cluster's cell): framing keeps that box in view. */
  spread?: number;
  /** Picking it zooms the map in on it (a cluster) instead of calling onPick. */
  zoomIn?: boolean;
}

/** The map's view once it has settled after a move (the framing's included). */
export interface PointsMapView {
  bbox: readonly [west: number, south: number, east: number, north: number];
  zoom: number;
}

export interface PointsMapProps {
  points: readonly MapPointItem[];
  /** Accessible name of the map region. */
  label: string;
  onPick?: (id: MapPointItem['id']) => void;
  selectedId?: MapPointItem['id'] | null;
  height?: number | string;
  /**
   * The camera frames the points whenever this changes (default: whenever the points do). A map
   * whose points follow its view (clusters of the view) frames once per question instead.
   */
  frameKey?: string;
  onViewSettled?: (view: PointsMapView) => void;
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
