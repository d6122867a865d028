// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { GAP_MESSAGES, type GapAnalysisResult, type GapPlace } from '@frontage/shared';
import GapAnalysisPage from '../src/features/reports/pages/GapAnalysisPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { fakeMaps } from './fakeMapLibre';
import { makeUser } from './fixtures';
import { page } from './companiesFixtures';
import { makeRetailer, seriousViolations } from './trackedRetailersFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/reports/gap-analysis': <GapAnalysisPage /> };

vi.mock('maplibre-gl', () => import('./fakeMapLibre'));
vi.mock('../src/components/map/basemap', () => import('./fakeBasemap'));
beforeEach(() => {
  fakeMaps.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const NEXT = makeRetailer({ id: 5, name: 'Next', categories: [{ id: 3, name: 'Fashion' }], stores: 2 });

const place = (over: Partial<GapPlace> & Pick<GapPlace, 'key' | 'name'>): GapPlace => ({
  level: 'town',
  town: over.name,
  scheme_id: null,
  peers: 3,
  peer_names: ['River Island', 'Zara', 'H&M'],
  units: 240,
  vacant: 12,
  available: 15,
  lat: 53.96,
  lng: -1.08,
  available_units: [],
  ...over,
});

const YORK = place({
  key: 'town:york',
  name: 'York',
  available_units: [
    {
      property_id: 77,
      full_address: '4 Coney Street, York, YO1 9QL',
      vacant: true,
      lease_end_date: null,
      break_date: null,
      size_sqft: '2450.00',
      rent_pa: '85000.00',
      currency: 'GBP',
      lat: 53.96,
      lng: -1.08,
    },
    {
      property_id: 78,
      full_address: '10 Parliament Street, York',
      vacant: false,
      lease_end_date: '2027-03-24',
      break_date: '2026-12-25',
      size_sqft: null,
      rent_pa: '40000.00',
      currency: 'EUR',
      lat: 53.96,
      lng: -1.08,
    },
  ],
});
const HULL = place({
  key: 'town:hull',
  name: 'Hull',
  peers: 1,
  peer_names: ['Zara'],
  lat: 53.74,
  lng: -0.33,
  available: 0,
  vacant: 0,
});

const result = (data: GapPlace[]): GapAnalysisResult => ({
  retailer: { id: 5, name: 'Next', stores: 2 },
  categories: [{ id: 3, name: 'Fashion' }],
  peer_count: 14,
  data,
  meta: {
    pagination: { total: data.length, count: data.length, per_page: 25, current_page: 1, total_pages: 1 },
  },
});

const routes = (saved: Record<string, unknown> = {}) => ({
  'GET /api/ui-state/gap_analysis': () =>
    json(200, { data: { screen: 'gap_analysis', state: saved, updated_at: '2026-01-01T00:00:00Z' } }),
  'PUT /api/ui-state/gap_analysis': (req: { body: unknown }) =>
    json(200, {
      data: { screen: 'gap_analysis', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' },
    }),
  'GET /api/company-categories': () =>
    json(200, {
      data: [
        { id: 3, name: 'Fashion' },
        { id: 4, name: 'Food' },
      ],
    }),
  'GET /api/tracked-retailers': () => json(200, page([NEXT])),
  'GET /api/reports/gap-analysis': () => json(200, result([YORK, HULL])),
});

describe('/reports/gap-analysis', () => {
  it('runs a query for a chosen retailer into the URL, ranks the places, expands one to its units', async () => {
    const { api, user, router } = renderRoute('/reports/gap-analysis', {
      pages,
      user: makeUser(),
      routes: routes(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gap Analysis' })).toBeInTheDocument();
    expect(screen.getByText(GAP_MESSAGES.beta)).toBeInTheDocument();
    expect(screen.getByText(/Choose a retailer/)).toBeInTheDocument();
    const run = screen.getByRole('button', { name: 'Run analysis' });
    expect(run).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Retailer' }));
    await user.click(await screen.findByRole('option', { name: /Next/ }));
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'Schemes' }));
    const months = screen.getByRole('spinbutton', { name: 'Months' });
    await user.clear(months);
    await user.type(months, '6');
    await user.click(run);

    await waitFor(() => expect(api.callsTo('GET', '/api/reports/gap-analysis')).toHaveLength(1));
    expect(Object.fromEntries(api.callsTo('GET', '/api/reports/gap-analysis')[0]!.url.searchParams)).toEqual({
      company_id: '5',
      level: 'scheme',
      sort: 'peers',
      months: '6',
      min_peers: '1',
      page: '1',
      per_page: '25',
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      company_id: '5',
      level: 'scheme',
      months: '6',
    });

    await waitFor(() => expect(api.callsTo('PUT', '/api/ui-state/gap_analysis')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/ui-state/gap_analysis')[0]!.body).toEqual({
      state: {
        company_id: 5,
        category_id: null,
        level: 'scheme',
        sort: 'peers',
        months: 6,
        min_peers: 1,
        page: 1,
        per_page: 25,
      },
    });

    const table = await screen.findByRole('table', { name: 'Gap analysis places' });
    const york = within(table).getByRole('row', { name: /York/ });
    expect(within(york).getByText('River Island, Zara, H&M')).toBeInTheDocument();
    expect(within(york).getByText('240')).toBeInTheDocument();
    expect(screen.getByText(/14 peers in Fashion/)).toBeInTheDocument();

    await user.click(within(york).getByRole('button', { name: 'Available units in York' }));
    expect(within(york).getByRole('button', { name: 'Available units in York' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const units = await screen.findByRole('table', { name: 'Available units in York' });
    const rows = within(units).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Vacant')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2,450 sq ft')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('£85,000.00')).toBeInTheDocument();
    // The sooner event first; the rent in its own currency.
    expect(within(rows[1]!).getByText('Break 25/12/2026 · Lease ends 24/03/2027')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('€40,000.00')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(rows[0]!).getByRole('link', { name: '4 Coney Street, York, YO1 9QL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(router.state.location.search).toBe('?id=77');
  });

  it('reproduces a query from a link, maps the places (a click selects the row) and exports it', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = renderRoute(
      '/reports/gap-analysis?company_id=5&category_id=4&sort=size&min_peers=2',
      {
        pages,
        user: makeUser(),
        routes: {
          ...routes(),
          'GET /api/reports/gap-analysis/export': () =>
            new Response('level,name\ntown,York\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
        },
      },
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/reports/gap-analysis')).toHaveLength(1));
    expect(
      Object.fromEntries(api.callsTo('GET', '/api/reports/gap-analysis')[0]!.url.searchParams),
    ).toMatchObject({
      company_id: '5',
      category_id: '4',
      sort: 'size',
      min_peers: '2',
      months: '12',
      level: 'town',
    });
    // The picker names the retailer of the link.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Retailer' })).toHaveValue('Next'));

    const hull = await screen.findByRole('button', { name: 'Hull: 1 peer, 0 available' });
    const york = screen.getByRole('button', { name: 'York: 3 peers, 15 available' });
    // Bigger circle for more peers.
    expect(parseInt(york.style.width)).toBeGreaterThan(parseInt(hull.style.width));
    await user.click(hull);
    const table = screen.getByRole('table', { name: 'Gap analysis places' });
    await waitFor(() => expect(within(table).getByRole('row', { name: /Hull/ })).toHaveClass('Mui-selected'));
    expect(hull).toHaveAttribute('aria-pressed', 'true');
    expect(within(table).getByRole('button', { name: 'Available units in Hull' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await screen.findByText(/No vacant units/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(
      Object.fromEntries(api.callsTo('GET', '/api/reports/gap-analysis/export')[0]!.url.searchParams),
    ).toEqual({
      company_id: '5',
      category_id: '4',
      level: 'town',
      sort: 'size',
      months: '12',
      min_peers: '2',
    });
    click.mockRestore();
  });

  it('opened bare, restores the last saved analysis into the URL', async () => {
    const { api, router } = renderRoute('/reports/gap-analysis', {
      pages,
      user: makeUser(),
      routes: routes({ company_id: 5, level: 'scheme', sort: 'available', months: 3, min_peers: 1 }),
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/reports/gap-analysis')).toHaveLength(1));
    const q = api.callsTo('GET', '/api/reports/gap-analysis')[0]!.url.searchParams;
    expect(q.get('level')).toBe('scheme');
    expect(q.get('sort')).toBe('available');
    expect(q.get('months')).toBe('3');
    expect(router.state.location.search).toBe('?company_id=5&level=scheme&sort=available&months=3');
  });

  it('shows the server’s reason when the analysis cannot run, and an empty ranking as no gaps', async () => {
    const first = renderRoute('/reports/gap-analysis?company_id=5', {
      pages,
      user: makeUser(),
      routes: {
        ...routes(),
        'GET /api/reports/gap-analysis': () =>
          json(422, { msg: GAP_MESSAGES.noCategories, errors: { category_id: [GAP_MESSAGES.noCategories] } }),
      },
    });
    expect(await screen.findByText(GAP_MESSAGES.noCategories)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Gap analysis places' })).not.toBeInTheDocument();
    first.unmount();

    renderRoute('/reports/gap-analysis?company_id=5&min_peers=4', {
      pages,
      user: makeUser(),
      routes: { ...routes(), 'GET /api/reports/gap-analysis': () => json(200, result([])) },
    });
    expect(await screen.findByText(/No gaps: the retailer trades wherever at least 4/)).toBeInTheDocument();
  });
});
