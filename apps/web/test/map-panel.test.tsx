import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from './user';
import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  AREA_MESSAGES,
  MAP_DEFAULT_GROUPS,
  MAP_MESSAGES,
  MONEY_MESSAGES,
  type Bbox,
  type MapGroup,
  type MapPoint,
  type MapSearch,
  type MapSearchArea,
} from '@frontage/shared';
import { createQueryClient, queryKeys } from '../src/lib/queryClient';
import { ThemeModeProvider } from '../src/lib/theme';
import { MapSidePanel } from '../src/features/map/components/MapSidePanel';
import type { MapFilterState } from '../src/features/map/state';
import { installFakeFetch, json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany } from './companiesFixtures';

/*
 * terra-draw needs a WebGL map; here it is a stand-in that records the mode and lets a test finish
 * a shape the way terra-draw would (a 'finish' event for a feature in its store).
 */
const drawn = vi.hoisted(() => ({
  instances: [] as {
    mode: string;
    started: boolean;
    feature: unknown;
    finish: ((id: string, ctx: { mode: string; action: string }) => void) | null;
  }[],
}));
vi.mock('terra-draw', () => {
  class Mode {
    constructor(readonly options: unknown) {}
  }
  class TerraDraw {
    state = { mode: 'static', started: false, feature: null as unknown, finish: null as never };
    constructor() {
      drawn.instances.push(this.state);
    }
    start() {
      this.state.started = true;
    }
    stop() {
      this.state.started = false;
    }
    setMode(m: string) {
      this.state.mode = m;
    }
    on(event: string, cb: never) {
      if (event === 'finish') this.state.finish = cb;
    }
    getSnapshotFeature() {
      return this.state.feature;
    }
  }
  return { TerraDraw, TerraDrawPolygonMode: Mode, TerraDrawCircleMode: Mode };
});
vi.mock('terra-draw-maplibre-gl-adapter', () => ({ TerraDrawMapLibreGLAdapter: class {} }));

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  drawn.instances.length = 0;
});

const BBOX: Bbox = [-1.6, 53.78, -1.5, 53.82];

const point = (over: Partial<MapPoint> = {}): MapPoint => ({
  kind: 'property',
  id: 1,
  group: 'shops',
  name: '12',
  full_address: 'Albion Street, Leeds, LS1 5AT',
  town: 'Leeds',
  scheme: null,
  tenant: { id: 3, name: 'Boots', is_verified: true },
  vacant: false,
  rent_pa: '125000.00',
  currency: 'GBP',
  rent_sqft: '24.50',
  area: 5100,
  lease_end_date: '2030-03-25',
  break_date: null,
  lat: 53.8,
  lng: -1.55,
  ...over,
});

const pageOf = (data: MapPoint[], total: number, current = 1) => ({
  data,
  meta: {
    pagination: {
      total,
      count: data.length,
      per_page: 25,
      current_page: current,
      total_pages: Math.max(1, Math.ceil(total / 25)),
    },
  },
});

const saved = (over: Partial<MapSearch> = {}): MapSearch => ({
  id: 7,
  name: 'Leeds centre',
  area: {
    type: 'polygon',
    coordinates: [
      [-1.56, 53.79],
      [-1.53, 53.79],
      [-1.54, 53.81],
      [-1.56, 53.79],
    ],
  },
  filters: { vacant: 'true', landlord_id: '9', landlord_name: 'Landsec' },
  created_at: '2026-11-02T10:00:00Z',
  ...over,
});

const container = document.createElement('div');
const fakeMap = () =>
  ({
    fitBounds: vi.fn(),
    getSource: vi.fn(() => undefined),
    addSource: vi.fn(),
    addLayer: vi.fn(),
    getLayer: vi.fn(() => undefined),
    removeLayer: vi.fn(),
    removeSource: vi.fn(),
    getStyle: vi.fn(() => ({})),
    getContainer: vi.fn(() => container),
    on: vi.fn(),
    off: vi.fn(),
  }) as unknown as MapLibreMap & { fitBounds: ReturnType<typeof vi.fn> };

interface Seen {
  filters: MapFilterState;
  area: MapSearchArea | null;
}

function Harness({
  map,
  report,
  initial,
  groups = [...MAP_DEFAULT_GROUPS],
}: {
  map: MapLibreMap | null;
  report: (s: Seen) => void;
  initial: Partial<Seen>;
  groups?: MapGroup[];
}) {
  const [filters, setFilters] = useState<MapFilterState>(initial.filters ?? {});
  const [area, setArea] = useState<MapSearchArea | null>(initial.area ?? null);
  useEffect(() => {
    report({ filters, area });
  }, [filters, area, report]);
  return (
    <MapSidePanel
      map={map}
      bbox={BBOX}
      groups={groups}
      filters={filters}
      onFiltersChange={setFilters}
      area={area}
      onAreaChange={setArea}
    />
  );
}

const setup = (
  routes: Record<string, FakeHandler>,
  opts: { map?: MapLibreMap | null; initial?: Partial<Seen>; groups?: MapGroup[] } = {},
) => {
  const api = installFakeFetch({
    'GET /api/map/points': () => json(200, pageOf([point()], 1)),
    'GET /api/map/searches': () => json(200, { data: [] }),
    ...routes,
  });
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { ...qc.getDefaultOptions().queries, retry: false } });
  qc.setQueryData(queryKeys.me, makeUser());
  const seen: Seen = { filters: {}, area: null };
  const user = setupUser();
  render(
    <MemoryRouter>
      <QueryClientProvider client={qc}>
        <ThemeModeProvider>
          <SnackbarProvider>
            <Harness
              map={opts.map ?? null}
              report={(s) => Object.assign(seen, s)}
              initial={opts.initial ?? {}}
              groups={opts.groups}
            />
          </SnackbarProvider>
        </ThemeModeProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const lastPoints = () => Object.fromEntries(api.callsTo('GET', '/api/map/points').at(-1)!.url.searchParams);
  return { api, user, seen, lastPoints };
};

describe('Map side panel: filters', () => {
  it('lists the viewport with the groups, and each filter reaches the list query', async () => {
    const boots = makeCompany({ id: 3, name: 'Boots', is_verified: true });
    const { user, seen, lastPoints } = setup({ 'GET /api/companies': companySearch([boots]) });
    await screen.findByRole('list', { name: 'Properties in view' });
    expect(lastPoints()).toMatchObject({
      bbox: '-1.6,53.78,-1.5,53.82',
      groups: 'out_of_town,leisure,shopping_centres,shops',
      sort: 'address',
      page: '1',
      per_page: '25',
    });

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByRole('textbox', { name: 'Rent min' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Rent max' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Area min' }), '1000');
    await user.click(screen.getByRole('checkbox', { name: 'Vacant only' }));
    await user.type(screen.getByRole('textbox', { name: 'Lease end from' }), '01012030');
    await user.click(screen.getByRole('combobox', { name: 'Tenant' }));
    await user.type(screen.getByRole('combobox', { name: 'Tenant' }), 'boo');
    await user.click(await screen.findByRole('option', { name: /Boots/ }));

    await waitFor(() =>
      expect(lastPoints()).toMatchObject({
        rent_sqft_min: '10',
        rent_sqft_max: '20',
        area_min: '1000',
        vacant: 'true',
        lease_end_from: '2030-01-01',
        tenant_id: '3',
        bbox: '-1.6,53.78,-1.5,53.82',
        page: '1',
      }),
    );
    expect(seen.filters).toMatchObject({
      tenant: { id: 3, name: 'Boots' },
      rent_sqft_max: '20',
      vacant: true,
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(seen.filters).toEqual({}));
    expect(screen.getByRole('textbox', { name: 'Rent min' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Lease end from' })).toHaveValue('');
  });

  it("says why a typed bound is refused, in the forms' words, and leaves it off", async () => {
    const { user, lastPoints } = setup({});
    await screen.findByRole('list', { name: 'Properties in view' });
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const min = screen.getByRole('textbox', { name: 'Rent min' });
    const max = screen.getByRole('textbox', { name: 'Rent max' });
    const area = screen.getByRole('textbox', { name: 'Area min' });
    await user.type(min, '10');
    await user.type(max, '99999999999999');
    await user.type(area, '1e6');
    // What was typed stays; each field says why, with no range message beside it.
    expect(max).toHaveValue('99999999999999');
    expect(area).toHaveValue('1e6');
    await waitFor(() => expect(max).toHaveAccessibleDescription(MONEY_MESSAGES.tooLarge));
    expect(max).toBeInvalid();
    expect(area).toHaveAccessibleDescription(AREA_MESSAGES.invalid);
    await waitFor(() => expect(lastPoints()).toMatchObject({ rent_sqft_min: '10' }));
    expect(lastPoints()).not.toHaveProperty('rent_sqft_max');
    expect(lastPoints()).not.toHaveProperty('area_min');
    expect(screen.queryByText(MAP_MESSAGES.range)).not.toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected number/)).not.toBeInTheDocument();
    await user.clear(max);
    await user.type(max, '-5');
    expect(max).toHaveAccessibleDescription(MONEY_MESSAGES.negative);
  });

  it("shows the server's 422 range message on the filter it names", async () => {
    setup(
      {
        'GET /api/map/points': (req: FakeRequest) =>
          req.url.searchParams.get('rent_sqft_max') === '5'
            ? json(422, {
                message: 'The given data was invalid.',
                errors: { rent_sqft_max: [MAP_MESSAGES.range] },
              })
            : json(200, pageOf([point()], 1)),
      },
      { initial: { filters: { rent_sqft_min: '10', rent_sqft_max: '5' } } },
    );
    // The filters open by themselves to show it.
    const max = await screen.findByRole('textbox', { name: 'Rent max' });
    await waitFor(() => expect(max).toHaveAccessibleDescription(MAP_MESSAGES.range));
    expect(max).toBeInvalid();
    expect(screen.getByText(/Check the filters/)).toBeInTheDocument();
  });
});

describe('Map side panel: the in-view list', () => {
  it('shows dense rows that open the property or the scheme, and pages on the server', async () => {
    const rows = [
      point(),
      point({
        kind: 'scheme',
        id: 5,
        group: 'shopping_centres',
        name: 'Trinity Leeds',
        tenant: null,
        rent_pa: null,
        rent_sqft: null,
        lease_end_date: null,
      }),
    ];
    const { user, lastPoints } = setup({
      'GET /api/map/points': (req) => json(200, pageOf(rows, 60, Number(req.url.searchParams.get('page')))),
    });
    const list = await screen.findByRole('list', { name: 'Properties in view' });
    const [unit, scheme] = await within(list).findAllByRole('link');
    expect(unit).toHaveAttribute('href', '/properties?id=1');
    // A shop on a street reads as its number and street, the rest of the address below.
    expect(unit).toHaveTextContent('12 Albion Street');
    expect(unit).toHaveTextContent('Leeds, LS1 5AT');
    expect(unit).toHaveTextContent('£125,000.00 pa');
    expect(unit).toHaveTextContent('£24.50/sq ft');
    expect(unit).toHaveTextContent('Lease end 25/03/2030');
    expect(within(unit!).getByRole('img', { name: /verified/i })).toBeInTheDocument();
    expect(scheme).toHaveAttribute('href', '/schemes?id=5');
    expect(scheme).toHaveTextContent('Shopping centres');
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastPoints().page).toBe('2'));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();

    // A new sort starts again at page 1.
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(screen.getByRole('option', { name: 'Lease end, soonest' }));
    await waitFor(() => expect(lastPoints()).toMatchObject({ sort: 'lease_end_date', page: '1' }));
  });

  it('lists nothing and asks for a group when every group is off', async () => {
    const { api } = setup({}, { groups: [] });
    expect(await screen.findByText(/Every marker group is off/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/map/points')).toHaveLength(0);
  });
});

describe('Map side panel: area search', () => {
  it('lists a polygon area by its polygon, not the viewport, and clears it', async () => {
    const { user, lastPoints } = setup({}, { initial: { area: saved().area, filters: { vacant: true } } });
    await user.click(await screen.findByRole('tab', { name: 'Area' }));
    await screen.findByRole('list', { name: 'Properties in the area' });
    const q = lastPoints();
    expect(q.polygon).toBe('-1.56,53.79;-1.53,53.79;-1.54,53.81;-1.56,53.79');
    expect(q.bbox).toBeUndefined();
    expect(q.vacant).toBe('true');
    expect(screen.getByText('Polygon, 3 corners')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear area' }));
    expect(screen.queryByRole('list', { name: 'Properties in the area' })).not.toBeInTheDocument();
  });

  it('draws a circle with terra-draw and lists the points inside by center and radius_m', async () => {
    const map = fakeMap();
    const { user, seen, lastPoints } = setup({}, { map });
    await user.click(await screen.findByRole('tab', { name: 'Area' }));
    const circle = screen.getByRole('button', { name: 'Draw circle' });
    await user.click(circle);
    expect(circle).toHaveAttribute('aria-pressed', 'true');
    // terra-draw loads on the first draw.
    await waitFor(() => expect(drawn.instances[0]).toMatchObject({ mode: 'circle', started: true }));
    expect(screen.getByRole('status')).toHaveTextContent(/Esc cancels/);
    // Clicks go through the markers to the map while drawing.
    expect(container).toHaveClass('fm-area-drawing');

    // Escape cancels the drawing and turns the mode off.
    await user.keyboard('{Escape}');
    expect(circle).toHaveAttribute('aria-pressed', 'false');
    expect(drawn.instances[0]!.started).toBe(false);
    expect(container).not.toHaveClass('fm-area-drawing');

    await user.click(circle);
    await waitFor(() => expect(drawn.instances[1]).toMatchObject({ mode: 'circle', started: true }));
    const draw = drawn.instances[1]!;
    // A circle of 2 km round (-1.55, 53.8) as terra-draw leaves it: a ring and its radius.
    const ring: number[][] = [];
    for (let i = 0; i < 64; i++) {
      const a = (2 * Math.PI * i) / 64;
      const y = Math.log(Math.tan(Math.PI / 4 + (53.8 * Math.PI) / 360)) + 0.0005 * Math.sin(a);
      ring.push([-1.55 + 0.03 * Math.cos(a), (2 * Math.atan(Math.exp(y)) - Math.PI / 2) * (180 / Math.PI)]);
    }
    ring.push(ring[0]!);
    draw.feature = {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { mode: 'circle', radiusKilometers: 2 },
    };
    draw.finish!('f1', { mode: 'circle', action: 'draw' });

    await screen.findByRole('list', { name: 'Properties in the area' });
    expect(seen.area).toMatchObject({ type: 'circle', radius_m: 2000 });
    const q = lastPoints();
    expect(q.radius_m).toBe('2000');
    expect(q.center).toBe('-1.55,53.8');
    expect(q.bbox).toBeUndefined();
    expect(circle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Circle, radius 2 km')).toBeInTheDocument();
  });

  it('draws a polygon and exports what is inside with the same area and filters', async () => {
    const map = fakeMap();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user, seen, lastPoints } = setup(
      {
        'GET /api/map/points/export': () =>
          new Response('Unit,Address\nUnit 4,12 Albion Street\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '1' },
          }),
      },
      { map, initial: { filters: { scheme: { id: 5, name: 'Trinity Leeds' } } } },
    );
    await user.click(await screen.findByRole('tab', { name: 'Area' }));
    await user.click(screen.getByRole('button', { name: 'Draw polygon' }));
    await waitFor(() => expect(drawn.instances[0]).toMatchObject({ mode: 'polygon', started: true }));
    const draw = drawn.instances[0]!;
    const coords = [
      [-1.56, 53.79],
      [-1.53, 53.79],
      [-1.54, 53.81],
      [-1.56, 53.79],
    ];
    draw.feature = {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [coords] },
      properties: { mode: 'polygon' },
    };
    draw.finish!('f2', { mode: 'polygon', action: 'draw' });
    await screen.findByRole('list', { name: 'Properties in the area' });
    expect(seen.area).toEqual({ type: 'polygon', coordinates: coords });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = Object.fromEntries(api.callsTo('GET', '/api/map/points/export')[0]!.url.searchParams);
    const listed = lastPoints();
    delete listed.page;
    delete listed.per_page;
    expect(exported).toEqual(listed);
    expect(exported).toMatchObject({
      polygon: '-1.56,53.79;-1.53,53.79;-1.54,53.81;-1.56,53.79',
      scheme_id: '5',
    });
    click.mockRestore();
  });
});

describe('Map side panel: saved areas', () => {
  it('saves the area with a name and the filters in force', async () => {
    let searches: MapSearch[] = [];
    const { api, user } = setup(
      {
        'GET /api/map/searches': () => json(200, { data: searches }),
        'POST /api/map/searches': (req) => {
          const body = req.body as { name: string };
          if (!body.name.trim())
            return json(422, { message: 'x', errors: { name: [MAP_MESSAGES.searchName] } });
          const s = saved({ id: 8, ...(req.body as object) });
          searches = [s];
          return json(201, { data: s });
        },
      },
      {
        initial: {
          area: { type: 'circle', center: [-1.55, 53.8], radius_m: 1500 },
          filters: { landlord: { id: 9, name: 'Landsec' }, vacant: true, lease_end_to: '2031-12-31' },
        },
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Area' }));
    await user.click(screen.getByRole('button', { name: 'Save area' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save area' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      MAP_MESSAGES.searchName,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Briggate walk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/map/searches')[0]!.body).toEqual({
      name: 'Briggate walk',
      area: { type: 'circle', center: [-1.55, 53.8], radius_m: 1500 },
      filters: { landlord_id: '9', landlord_name: 'Landsec', vacant: 'true', lease_end_to: '2031-12-31' },
    });

    await user.click(screen.getByRole('tab', { name: 'Saved' }));
    const list = await screen.findByRole('list', { name: 'Saved areas' });
    expect(await within(list).findByText('Briggate walk')).toBeInTheDocument();
  });

  it('applies a saved area: its area, its filters, and the map fitted to it', async () => {
    const map = fakeMap();
    const { user, seen, lastPoints } = setup(
      { 'GET /api/map/searches': () => json(200, { data: [saved()] }) },
      { map },
    );
    await user.click(await screen.findByRole('tab', { name: 'Saved' }));
    await user.click(await screen.findByRole('button', { name: /^Leeds centre/ }));
    expect(seen.area).toEqual(saved().area);
    expect(seen.filters).toEqual({ vacant: true, landlord: { id: 9, name: 'Landsec' } });
    expect(map.fitBounds).toHaveBeenCalledWith(
      [
        [-1.56, 53.79],
        [-1.53, 53.81],
      ],
      expect.objectContaining({ padding: 48 }),
    );
    expect(screen.getByRole('tab', { name: 'Area' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('list', { name: 'Properties in the area' });
    expect(lastPoints()).toMatchObject({ landlord_id: '9', vacant: 'true' });
    // Its filters read right in the panel.
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.getByRole('combobox', { name: 'Landlord' })).toHaveValue('Landsec');
  });

  it('deletes a saved area after a confirm', async () => {
    let searches = [saved(), saved({ id: 9, name: 'Headrow' })];
    const { api, user } = setup({
      'GET /api/map/searches': () => json(200, { data: searches }),
      'DELETE /api/map/searches/7': () => {
        searches = searches.filter((s) => s.id !== 7);
        return json(200, { status: 'success', msg: 'Deleted.', data: null });
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Saved' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Leeds centre' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved area' });
    expect(confirm).toHaveTextContent('Delete the saved area "Leeds centre"?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/map/searches/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Leeds centre' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Leeds centre')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/map/searches/7')).toHaveLength(1);
    expect(screen.getByText('Headrow')).toBeInTheDocument();
  });
});

describe('Map side panel: hiding', () => {
  it('hides to a narrow strip and comes back', async () => {
    const { user } = setup({});
    await user.click(await screen.findByRole('button', { name: 'Hide the panel' }));
    expect(screen.queryByRole('tab', { name: 'In view' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the panel' }));
    expect(screen.getByRole('tab', { name: 'In view' })).toBeInTheDocument();
  });
});
