/*
 * The map's heavy parts loaded before they are needed: the page (from the drawer's Map entry on
 * hover or focus) and, from the page, the map library with the offline basemap's data, so both
 * download while the page asks for its clusters.
 */

import { preloadBasemap } from '../../components/map/basemapAssets';

/** The map component with MapLibre (about 1 MB): its own chunk, fetched once. */
export const loadClusterMap = () => import('./components/ClusterMap');

/** Starts the map library's chunk and the offline basemap's data (already started: no-op). */
export const preloadMapLibrary = (): void => {
  void loadClusterMap().catch(() => {});
  preloadBasemap();
};

/** The drawer's Map entry, hovered or focused: the page's chunk and what the page will need. */
export const preloadMapPage = (): void => {
  void import('./pages/MapPage').catch(() => {});
  preloadMapLibrary();
};
