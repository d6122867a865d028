export interface LngLat {
  lng: number;
  lat: number;
}

export interface MapViewProps {
  /** Where the map looks; changing the value (not the object) moves the map there. */
  center: LngLat;
  zoom: number;
  /** The pin, or null for none. */
  marker?: LngLat | null;
  markerDraggable?: boolean;
  onMapClick?: (at: LngLat) => void;
  onMarkerDragEnd?: (at: LngLat) => void;
  /** Accessible name of the map region. */
  label: string;
  height?: number | string;
}

/** A point in the middle of England, the address picker's opening view (spec B §2). */
export const UK_CENTRE: LngLat = { lng: -1.8, lat: 52.9 };
