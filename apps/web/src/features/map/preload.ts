/*
 * The map's heavy parts loaded before they are needed: the page (from the drawer's Map entry on
 * hover or focus) and, from the page, the map library with the offline basemap's data, so both
 * download while the page asks for its clusters.
 */

import { preloadBasemap } from '../../components/map/basemapAssets';
import { lazyPage } from '../../lib/lazyPage';

/** The /map page (the route table's element), loadable ahead of the click. */
export const MapPageRoute = lazyPage(() => import('./pages/MapPage'));

/** The map component with MapLibre (about 1 MB): its own chunk, fetched once. */
export const ClusterMapLazy = lazyPage(() =>
  import('./components/ClusterMap').then((m) => ({ default: m.ClusterMap })),
);

/** Starts the map library's chunk and the offline basemap's data (already started: no-op). */
export const preloadMapLibrary = (): void => {
  void ClusterMapLazy.preload().catch(() => {});
  preloadBasemap();
};

/** The drawer's Map entry, hovered or focused: the page's chunk and what the page will need. */
export const preloadMapPage = (): void => {
  void MapPageRoute.preload().catch(() => {});
  preloadMapLibrary();
};

/**
 * The map's code (the page and MapLibre, not the basemap's data), fetched and evaluated while the
 * signed-in app is idle: the map is where agents go all day, and a click on it should not wait for
 * a megabyte of code to compile and run (ADR 0112). From the HTTP cache after the first visit.
 */
export const preloadMapCode = (): void => {
  void MapPageRoute.preload().catch(() => {});
  void ClusterMapLazy.preload().catch(() => {});
};
