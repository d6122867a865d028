import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MapCluster } from '@frontage/shared';
import type { MapSidePanelProps } from '../src/features/map/state';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { fakeMaps } from './fakeMapLibre';
import { makeUser } from './fixtures';
import MapPage from '../src/features/map/pages/MapPage';
import { ShellDialogs } from '../src/app/shellActions';
import { CONFIG } from './appApi';
import { renderRoute } from './renderRoute';
import { company, property, scheme } from './placesFixtures';

// jsdom has no WebGL: MapLibre is replaced by a DOM-only stand-in, the basemap by an empty style.
vi.mock('maplibre-gl', () => import('./fakeMapLibre'));
vi.mock('../src/components/map/basemap', () => import('./fakeBasemap'));
// The side panel is the other half of the page (its own tests): here it shows what it is given.
vi.mock('../src/features/map/components/MapSidePanel', () => ({
  MapSidePanel: (p: MapSidePanelProps) => (
    <aside
      aria-label="Map panel"
      data-map={p.map ? 'live' : 'none'}
      data-bbox={p.bbox?.join(',') ?? ''}
      data-groups={p.groups.join(',')}
    />
  ),
}));

beforeEach(() => {
  fakeMaps.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const ORDER = ['out_of_town', 'leisure', 'shopping_centres', 'shops'];
/** Totals per group as the server would count them for the groups asked. */
const totalsFor = (req: FakeRequest, all = [120, 45, 300, 2110]) => {
  const groups = (req.url.searchParams.get('groups') ?? '').split(',');
  return ORDER.map((g, i) => (groups.includes(g) ? all[i]! : 0));
};

const CLUSTER: MapCluster = { lat: 53.8, lng: -1.55, count: 1234, groups: [4, 0, 30, 1200] };
const SHOP: MapCluster = { lat: 53.79, lng: -1.54, count: 1, groups: [0, 0, 0, 1], kind: 'property', id: 12 };
const CENTRE: MapCluster = { lat: 53.81, lng: -1.56, count: 1, groups: [0, 0, 1, 0], kind: 'scheme', id: 5 };

const TENANT = { ...company(7, 'Boots'), is_verified: true, verified_at: new Date().toISOString() };
const PROPERTY = property(12, {
  building_num: 'Unit 4',
  tenant_id: 7,
  tenant: { id: 7, name: 'Boots', core_id: null, is_verified: true, verified_at: TENANT.verified_at },
  rent_pa: '125000.00',
  lease_end_date: '2030-06-24',
});
const SCHEME = scheme(5, { name: 'Trinity Walk', type: 'Shopping centres' });

function setup(
  opts: {
    saved?: Record<string, unknown>;
    clusters?: MapCluster[];
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  const routes: Record<string, FakeHandler> = {
    'GET /api/ui-state/map': () =>
      json(200, { data: { screen: 'map', state: opts.saved ?? {}, updated_at: null } }),
    'PUT /api/ui-state/map': (req) =>
      json(200, { data: { screen: 'map', state: (req.body as { state: unknown }).state, updated_at: null } }),
    'GET /api/map/clusters': (req) =>
      json(200, {
        data: opts.clusters ?? [CLUSTER, SHOP, CENTRE],
        meta: { level: 8, totals: totalsFor(req) },
      }),
    'GET /api/map/heat': () => json(200, { data: [{ lat: 53.8, lng: -1.55, rent_sqft: 40, count: 12 }] }),
    'GET /api/properties/12': () => json(200, { data: PROPERTY }),
    'GET /api/schemes/5': () => json(200, { data: SCHEME }),
    ...opts.routes,
  };
  // The page with the shell's dialogs, which its popups open (Create Deal, Add Enquiry).
  return renderRoute('/map', {
    pages: { '/map': <MapPage /> },
    beside: <ShellDialogs />,
    user: makeUser(),
    routes,
  });
}

const clusterCalls = (api: ReturnType<typeof setup>['api']) =>
  api.callsTo('GET', '/api/map/clusters').map((c) => Object.fromEntries(c.url.searchParams));
const liveMap = async () => {
  await waitFor(() => expect(fakeMaps.at(-1)?.loaded()).toBe(true));
  return fakeMaps.at(-1)!;
};
const legendBox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name} `) });

describe('/map', () => {
  it('opens on Great Britain with every group on, the offline basemap, and asks for its clusters', async () => {
    const { api } = setup();
    const map = await liveMap();
    expect(map.center).toEqual({ lat: 54.2, lng: -2.6 });
    expect(map.zoom).toBe(5);
    expect(map.style).toMatchObject({ name: 'offline light' });
    expect(screen.getByRole('heading', { level: 1, name: 'Map' })).toBeInTheDocument();
    for (const label of ['Out of town', 'Leisure', 'Shopping centres', 'Shops'])
      expect(legendBox(label)).toBeChecked();
    await waitFor(() => expect(clusterCalls(api)).toHaveLength(1));
    const q = clusterCalls(api)[0]!;
    expect(q.groups).toBe('out_of_town,leisure,shopping_centres,shops');
    expect(q.zoom).toBe('5');
    const [w, s, e, n] = q.bbox!.split(',').map(Number);
    expect(w! < -2.6 && e! > -2.6 && s! < 54.2 && n! > 54.2).toBe(true);
    // The legend counts what is in view, per group, from meta.totals.
    expect(await screen.findByRole('checkbox', { name: 'Shops 2,110' })).toBeChecked();
    expect(legendBox('Out of town')).toHaveAccessibleName('Out of town 120');
    // The side panel gets the live map and the settled viewport.
    const panel = screen.getByRole('complementary', { name: 'Map panel' });
    await waitFor(() => expect(panel).toHaveAttribute('data-map', 'live'));
    expect(panel.dataset.bbox?.split(',')).toHaveLength(4);
  });

  it('restores the saved view, basemap, groups, overlays and filters', async () => {
    const saved = {
      center: { lat: 53.8, lng: -1.55 },
      zoom: 11.5,
      layer: 'satellite',
      groups: ['shops', 'leisure'],
      overlays: ['vacancy', 'rent_heat'],
      filters: { tenant: { id: 7, name: 'Boots' } },
    };
    const styles = { road: null, satellite: 'https://tiles.example.com/satellite.json', hybrid: null };
    const { api, user } = setup({
      saved,
      routes: {
        'GET /api/config': () => json(200, { data: { ...CONFIG, map_style_url: null, map_styles: styles } }),
      },
    });
    const map = await liveMap();
    expect(map.center).toEqual({ lat: 53.8, lng: -1.55 });
    expect(map.zoom).toBe(11.5);
    expect(map.style).toBe(styles.satellite);
    expect(legendBox('Shops')).toBeChecked();
    expect(legendBox('Leisure')).toBeChecked();
    expect(legendBox('Out of town')).not.toBeChecked();
    expect(legendBox('Shopping centres')).not.toBeChecked();
    await waitFor(() => expect(clusterCalls(api).length).toBeGreaterThanOrEqual(2));
    const plain = clusterCalls(api).find((q) => !q.vacant)!;
    expect(plain).toMatchObject({ groups: 'leisure,shops', zoom: '11', tenant_id: '7' });
    // The vacancy overlay is a second request with vacant=true, the heat its own.
    expect(clusterCalls(api).find((q) => q.vacant)).toMatchObject({
      vacant: 'true',
      groups: 'leisure,shops',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/map/heat')).toHaveLength(1));
    await waitFor(() =>
      expect(map.getSource('fm-heat')?.data).toMatchObject({ features: [{ properties: { w: 1 } }] }),
    );

    await user.click(screen.getByRole('button', { name: 'Layers (2)' }));
    const layers = await screen.findByRole('dialog', { name: 'Map layers' });
    expect(within(layers).getByRole('radio', { name: 'Satellite' })).toBeChecked();
    // Only the basemaps the installation has: no road map, no hybrid here.
    expect(
      within(layers)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['offline', 'satellite']);
    expect(within(layers).getByRole('checkbox', { name: 'Vacant units' })).toBeChecked();
    expect(within(layers).getByRole('checkbox', { name: 'Lease events (12 months)' })).not.toBeChecked();
    await user.click(within(layers).getByRole('radio', { name: 'Natural Earth (offline)' }));
    await waitFor(() => expect(map.style).toMatchObject({ name: 'offline light' }));
  });

  it('defaults to hybrid when the installation has it, and drops a saved basemap it no longer has', async () => {
    const styles = { road: null, satellite: null, hybrid: 'https://tiles.example.com/hybrid.json' };
    setup({
      saved: { layer: 'road' },
      routes: {
        'GET /api/config': () => json(200, { data: { ...CONFIG, map_style_url: null, map_styles: styles } }),
      },
    });
    const map = await liveMap();
    expect(map.style).toBe(styles.hybrid);
  });

  it('a group toggled off leaves the query, the legend shows it at 0, and the choice is saved', async () => {
    const { api, user } = setup();
    await screen.findByRole('checkbox', { name: 'Shops 2,110' });
    await user.click(legendBox('Shops'));
    await waitFor(() =>
      expect(clusterCalls(api).at(-1)?.groups).toBe('out_of_town,leisure,shopping_centres'),
    );
    expect(await screen.findByRole('checkbox', { name: 'Shops 0' })).not.toBeChecked();
    expect(legendBox('Shopping centres')).toHaveAccessibleName('Shopping centres 300');
    await waitFor(() => expect(api.callsTo('PUT', '/api/ui-state/map')).not.toHaveLength(0));
    expect(api.callsTo('PUT', '/api/ui-state/map').at(-1)!.body).toMatchObject({
      state: { groups: ['out_of_town', 'leisure', 'shopping_centres'] },
    });
  });

  it('a settled pan asks once for the new view and saves it', async () => {
    const { api } = setup();
    const map = await liveMap();
    await waitFor(() => expect(clusterCalls(api)).toHaveLength(1));
    // A drag fires many moves and one moveend; several quick moveends (inertia) still ask once.
    map.jumpTo({ center: [-1.5, 53.5], zoom: 7.4 });
    map.jumpTo({ center: [-1.55, 53.8], zoom: 7.6 });
    await waitFor(() => expect(clusterCalls(api)).toHaveLength(2));
    expect(clusterCalls(api)[1]!.zoom).toBe('7');
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/ui-state/map').at(-1)?.body).toMatchObject({
        state: { center: { lat: 53.8, lng: -1.55 }, zoom: 7.6 },
      }),
    );
    expect(clusterCalls(api)).toHaveLength(2);
  });

  it('draws clusters and points as buttons; a cluster zooms in when picked', async () => {
    const { user } = setup();
    const map = await liveMap();
    const cluster = await screen.findByRole('button', { name: 'Cluster of 1,234 properties, mostly Shops' });
    expect(cluster).toHaveTextContent('1,234');
    expect(cluster.dataset.g).toBe('3');
    // Coloured by its main group, ringed by the share of each group in it.
    expect(cluster.style.getPropertyValue('--fm-mix')).toMatch(
      /^conic-gradient\(var\(--fm-g0\) 0\.0% 0\.3%, var\(--fm-g2\)/,
    );
    // Too many points in view to name each: the group says what a point is.
    expect(screen.getByRole('button', { name: 'Property (Shops)' })).toHaveClass('fm-point');
    expect(screen.getByRole('button', { name: 'Scheme (Shopping centres)' })).toHaveClass('fm-scheme');
    cluster.focus();
    await user.keyboard('{Enter}');
    expect(map.easeCalls.at(-1)).toEqual({ center: [-1.55, 53.8], zoom: 7 });
  });

  it('names the points when few are in view', async () => {
    const point = (id: number, name: string) => ({
      kind: 'property',
      id,
      group: 'shops',
      name,
      full_address: '12 High Street, Leeds',
      town: 'Leeds',
      scheme: null,
      tenant: null,
      vacant: true,
      rent_pa: null,
      currency: null,
      rent_sqft: null,
      area: null,
      lease_end_date: null,
      break_date: null,
      lat: 53.79,
      lng: -1.54,
    });
    const { api } = setup({
      clusters: [SHOP],
      routes: {
        'GET /api/map/clusters': () => json(200, { data: [SHOP], meta: { level: 17, totals: [0, 0, 0, 1] } }),
        'GET /api/map/points': () =>
          json(200, {
            data: [point(12, 'Unit 4')],
            meta: { pagination: { total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 } },
          }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Unit 4 12 High Street, Leeds' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/map/points')[0]!.url.searchParams.get('per_page')).toBe('100');
  });

  it('a property point opens its popup: unit, address, tenant, rent, lease end and the actions', async () => {
    const { user, router } = setup();
    await liveMap();
    const marker = await screen.findByRole('button', { name: 'Property (Shops)' });
    marker.focus();
    await user.keyboard('{Enter}');
    const popup = await screen.findByRole('dialog', { name: PROPERTY.address.full_address });
    await waitFor(() => expect(popup).toHaveFocus());
    const text = popup.textContent ?? '';
    expect(text).toContain('Unit 4');
    expect(text).toContain('Boots');
    expect(text).toContain('£125,000.00');
    expect(text).toContain('24/06/2030');
    expect(within(popup).getByTestId('verification-indicator')).toHaveAttribute('data-state', 'verified');
    expect(within(popup).getByRole('link', { name: 'Open property' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );

    await user.click(within(popup).getByRole('button', { name: 'Create Deal' }));
    expect(router.state.location.search).toContain('create_deal=property%3A12');
    // The chooser opens over the map; closing it leaves the popup where it was.
    const chooser = await screen.findByRole('dialog', { name: /Create Deal/ });
    await user.click(within(chooser).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('create_deal'));

    await user.click(within(popup).getByRole('button', { name: 'Add Enquiry' }));
    expect(
      await screen.findByRole('dialog', { name: `New Enquiry for Unit 4 ${PROPERTY.address.full_address}` }),
    ).toBeInTheDocument();
  });

  it('Escape closes a popup and gives the focus back to its marker', async () => {
    const { user } = setup();
    await liveMap();
    const marker = await screen.findByRole('button', { name: 'Scheme (Shopping centres)' });
    marker.focus();
    await user.keyboard('{Enter}');
    const popup = await screen.findByRole('dialog', { name: 'Trinity Walk' });
    expect(popup).toHaveTextContent('Shopping centres');
    expect(within(popup).getByRole('link', { name: 'Open scheme' })).toHaveAttribute('href', '/schemes?id=5');
    await waitFor(() => expect(popup).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Trinity Walk' })).not.toBeInTheDocument(),
    );
    expect(marker).toHaveFocus();
  });

  it('keeps a marker button across answers when it is still there', async () => {
    const { api } = setup();
    const map = await liveMap();
    const before = await screen.findByRole('button', { name: 'Property (Shops)' });
    map.jumpTo({ center: [-1.56, 53.8], zoom: 9 });
    await waitFor(() => expect(clusterCalls(api)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Property (Shops)' })).toBe(before));
  });
});
