import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MAP_OFFLINE_BASEMAP_HINT, type MapCluster } from '@frontage/shared';
import type { MapSidePanelProps } from '../src/features/map/state';
import { json } from './fakeFetch';
import { fakeMaps } from './fakeMapLibre';
import { makeUser } from './fixtures';
import MapPage from '../src/features/map/pages/MapPage';
import { CONFIG } from './appApi';
import { renderRoute } from './renderRoute';

/*
 * How /map opens: its clusters are asked for while the map library is still loading, and a
 * one-line hint names MAP_STYLES when the installation has no hosted basemap.
 */

vi.mock('maplibre-gl', () => import('./fakeMapLibre'));
vi.mock('../src/components/map/basemap', () => import('./fakeBasemap'));
vi.mock('../src/features/map/components/MapSidePanel', () => ({
  MapSidePanel: (p: MapSidePanelProps) => (
    <aside aria-label="Map panel" data-bbox={p.bbox?.join(',') ?? ''} />
  ),
}));
// The map library's chunk arrives when a test lets it (the lazy component keeps the first answer).
const chunk = vi.hoisted(() => {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open: () => open() };
});
vi.mock('../src/features/map/preload', async () => {
  const { lazyPage } = await import('../src/lib/lazyPage');
  return {
    ClusterMapLazy: lazyPage(async () => {
      await chunk.gate;
      const m = await import('../src/features/map/components/ClusterMap');
      return { default: m.ClusterMap };
    }),
    preloadMapLibrary: () => {},
    preloadMapPage: () => {},
    preloadMapCode: () => {},
  };
});

const SIZE = { clientWidth: 1024, clientHeight: 768 };
beforeEach(() => {
  fakeMaps.length = 0;
  // jsdom lays nothing out: the map's box gets a size, as in a browser.
  for (const [k, v] of Object.entries(SIZE))
    vi.spyOn(HTMLElement.prototype, k as keyof typeof SIZE, 'get').mockReturnValue(v);
});
afterEach(() => vi.restoreAllMocks());

const CLUSTER: MapCluster = { lat: 53.8, lng: -1.55, count: 1234, groups: [4, 0, 30, 1200] };

const setup = (styles: Record<string, string | null> = { road: null, satellite: null, hybrid: null }) =>
  renderRoute('/map', {
    pages: { '/map': <MapPage /> },
    user: makeUser(),
    routes: {
      'GET /api/config': () => json(200, { data: { ...CONFIG, map_style_url: null, map_styles: styles } }),
      'GET /api/ui-state/map': () => json(200, { data: { screen: 'map', state: {}, updated_at: null } }),
      'PUT /api/ui-state/map': () => json(200, { data: { screen: 'map', state: {}, updated_at: null } }),
      'GET /api/map/clusters': () =>
        json(200, { data: [CLUSTER], meta: { level: 8, totals: [4, 0, 30, 1200] } }),
    },
  });

describe('/map opening', () => {
  it('asks for the clusters of the saved view before the map library has loaded, and draws them once it has', async () => {
    const { api } = setup();
    await waitFor(() => expect(api.callsTo('GET', '/api/map/clusters')).toHaveLength(1));
    expect(fakeMaps).toHaveLength(0);
    const q = Object.fromEntries(api.callsTo('GET', '/api/map/clusters')[0]!.url.searchParams);
    // Great Britain at zoom 5 in a 1024 × 768 box: the default view, all of it.
    expect(q.zoom).toBe('5');
    const [w, s, e, n] = q.bbox!.split(',').map(Number);
    expect(w! < -10 && e! > 5 && s! < 50 && n! > 58).toBe(true);
    // The legend already counts what is in view; the side panel's list waits for the map's answer.
    expect(await screen.findByRole('checkbox', { name: 'Shops 1,200' })).toBeChecked();
    const panelBbox = screen.getByRole('complementary', { name: 'Map panel' }).getAttribute('data-bbox');
    expect(panelBbox!.split(',').map(Number)).toEqual([-13.85, 48.96466, 8.65, 58.846965]);

    chunk.open();
    expect(await screen.findByRole('button', { name: /^Cluster of 1,234 properties/ })).toBeVisible();
  });

  it('names MAP_STYLES in one line when the installation has no hosted basemap', async () => {
    chunk.open();
    setup();
    expect(await screen.findByText(MAP_OFFLINE_BASEMAP_HINT)).toBeVisible();
    expect(MAP_OFFLINE_BASEMAP_HINT).toContain('MAP_STYLES');
  });

  it('shows no hint when a hosted basemap is configured', async () => {
    chunk.open();
    setup({ road: 'https://tiles.example.com/road.json', satellite: null, hybrid: null });
    await screen.findByRole('checkbox', { name: 'Shops 1,200' });
    expect(screen.queryByText(MAP_OFFLINE_BASEMAP_HINT)).not.toBeInTheDocument();
  });
});
