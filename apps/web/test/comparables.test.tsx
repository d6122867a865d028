// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Comparable, ComparableApplied, ComparablesResponse } from '@frontage/shared';
import { makeUser } from './fixtures';
import { json } from './fakeFetch';
import ComparablesPage from '../src/features/comparables/pages/ComparablesPage';
import { renderRoute } from './renderRoute';
import { seriousViolations } from './axe';

/** The screens under test, as the app routes them. */
const pages = { '/comparables': <ComparablesPage /> };

const row = (over: Partial<Comparable>): Comparable => ({
  deal_id: 1,
  deal_type: 'rent_review',
  effective_date: '2025-09-29',
  property: { id: 12, building_num: '12', full_address: 'Briggate, Leeds, LS1 6HD' },
  scheme: null,
  town: 'Leeds',
  district: 'LS1',
  tenant: { id: 5, name: 'Greggs' },
  currency: 'GBP',
  rent_pa: '40000.00',
  rent_sqft: '40.00',
  rent_sqft_source: 'nia',
  zone_a: '100.00',
  nia_sqft: 1000,
  itza_sqft: 400,
  ...over,
});

const PROPERTY_APPLIED: ComparableApplied = {
  basis: { kind: 'property', id: 12, label: '12 Briggate, Leeds, LS1 6HD', nia_sqft: 1000 },
  town: null,
  district: 'LS1',
  scheme_type: null,
  size_min: 500,
  size_max: 1500,
  from: '2021-06-15',
  to: null,
  types: ['new_letting', 'subletting', 'lease_renewal', 'rent_review'],
  currency: 'GBP',
};

const answer = (applied: ComparableApplied, rows: Comparable[]): ComparablesResponse => ({
  data: rows,
  meta: {
    pagination: { total: 40, count: rows.length, per_page: 25, current_page: 1, total_pages: 2 },
    stats: {
      count: 40,
      rent_sqft: { count: 40, min: '20.00', q1: '23.75', median: '27.50', q3: '32.50', max: '40.00' },
      zone_a: { count: 3, min: '50.00', q1: '62.50', median: '75.00', q3: '87.50', max: '100.00' },
    },
    applied,
    series: [
      { deal_id: 3, effective_date: '2022-03-25', rent_sqft: '30.00' },
      { deal_id: 2, effective_date: '2023-05-01', rent_sqft: '25.00' },
      { deal_id: 1, effective_date: '2025-09-29', rent_sqft: '40.00' },
    ],
    series_total: 40,
  },
});

const routes = (saved: Record<string, unknown> = {}) => ({
  'GET /api/ui-state/comparables': () =>
    json(200, { data: { screen: 'comparables', state: saved, updated_at: null } }),
  'PUT /api/ui-state/comparables': (req: { body: unknown }) =>
    json(200, {
      data: { screen: 'comparables', ...(req.body as object), updated_at: '2026-06-15T00:00:00Z' },
    }),
  'GET /api/deals/comparables': (req: { url: URL }) => {
    const q = req.url.searchParams;
    if (q.get('property_id'))
      return json(
        200,
        answer(PROPERTY_APPLIED, [row({}), row({ deal_id: 2, rent_sqft_source: 'deal', zone_a: null })]),
      );
    return json(
      200,
      answer(
        { ...PROPERTY_APPLIED, basis: { kind: 'filter' }, town: q.get('town'), district: q.get('district') },
        [row({ deal_id: 7, property: { id: 30, building_num: '3', full_address: 'The Headrow, Leeds' } })],
      ),
    );
  },
});

describe('/comparables', () => {
  it("opens on a property's defaults with the stats, the chart and its median, and the rows", async () => {
    const { api } = renderRoute('/comparables?property_id=12', { pages, user: makeUser(), routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Comparables' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Comparable deals' });
    expect(Object.fromEntries(api.callsTo('GET', '/api/deals/comparables')[0]!.url.searchParams)).toEqual({
      property_id: '12',
      page: '1',
      per_page: '25',
    });
    // The applied defaults, shown in the editable fields.
    const filters = screen.getByRole('search', { name: 'Comparables filters' });
    await waitFor(() => expect(within(filters).getByLabelText('Post-code district')).toHaveValue('LS1'));
    expect(within(filters).getByLabelText('Size from')).toHaveValue('500');
    expect(within(filters).getByLabelText('Size to')).toHaveValue('1500');
    expect(within(filters).getByLabelText('Effective from')).toHaveValue('15/06/2021');
    const basis = screen.getByText(/^Comparables for/);
    expect(within(basis).getByRole('link', { name: '12 Briggate, Leeds, LS1 6HD' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(screen.getByText(/Only deals recorded in GBP are compared/)).toBeInTheDocument();

    // The stats strip: count and quartiles, money per sq ft with the currency.
    const rent = screen.getByRole('region', { name: 'Rent per sq ft' });
    expect(within(rent).getByText('40')).toBeInTheDocument();
    expect(within(rent).getByText('£23.75 per sq ft')).toBeInTheDocument();
    expect(within(rent).getByText('£27.50 per sq ft')).toBeInTheDocument();
    expect(within(rent).getByText('£32.50 per sq ft')).toBeInTheDocument();
    const zoneA = screen.getByRole('region', { name: 'Zone A (rent pa ÷ ITZA)' });
    expect(within(zoneA).getByText('£75.00 per sq ft')).toBeInTheDocument();

    // The chart: Recharts' SVG with the median line labelled, and the caption.
    const chart = screen.getByRole('figure', { name: 'Rent per sq ft over time' });
    expect(chart.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(chart.querySelectorAll('.recharts-scatter-symbol')).toHaveLength(3);
    expect(within(chart).getAllByText(/Median £27\.50 per sq ft/).length).toBeGreaterThanOrEqual(1);
    expect(within(chart).getByText(/Showing 3 of 40 deals/)).toBeInTheDocument();

    // The rows: date, type, property link, tenant, rent, rent per sq ft, Zone A, area.
    const first = within(grid).getAllByRole('row')[1]!;
    expect(within(first).getByText('29/09/2025')).toBeInTheDocument();
    expect(within(first).getByText('Rent Review')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '12 Briggate, Leeds, LS1 6HD' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(within(first).getByText('Greggs')).toBeInTheDocument();
    expect(within(first).getByText('£40,000.00')).toBeInTheDocument();
    expect(within(first).getByText('£40.00 per sq ft')).toBeInTheDocument();
    expect(within(first).getByText('£100.00 per sq ft')).toBeInTheDocument();
    expect(within(first).getByText('1,000 sq ft')).toBeInTheDocument();
    expect(screen.getByText('40 comparable deals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    expect(await seriousViolations()).toEqual([]);
  });

  it('changing a filter asks again with explicit filters instead of the defaults', async () => {
    const { api, user } = renderRoute('/comparables?property_id=12', {
      pages,
      user: makeUser(),
      routes: routes(),
    });
    const district = await screen.findByLabelText('Post-code district');
    await waitFor(() => expect(district).toHaveValue('LS1'));
    await user.clear(screen.getByLabelText('Size to'));
    await user.type(screen.getByLabelText('Size to'), '3000');
    // Clearing the field may ask once without size_max on a slow machine; the typed value's call is the one.
    const typed = () =>
      api.callsTo('GET', '/api/deals/comparables').find((c) => c.url.searchParams.get('size_max') === '3000');
    await waitFor(() => expect(typed()).toBeDefined());
    const last = typed()!.url.searchParams;
    expect(Object.fromEntries(last)).toEqual({
      district: 'LS1',
      size_min: '500',
      size_max: '3000',
      from: '2021-06-15',
      types: 'new_letting,subletting,lease_renewal,rent_review',
      currency: 'GBP',
      page: '1',
      per_page: '25',
    });
    expect(await screen.findByRole('button', { name: 'Back to its defaults' })).toBeInTheDocument();
  });

  it('without a property asks for a place first, then compares a typed district and saves it', async () => {
    const { api, user } = renderRoute('/comparables', { pages, user: makeUser(), routes: routes() });
    expect(
      await screen.findByText('Choose a town or a post-code district to see comparable deals.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/deals/comparables')).toHaveLength(0);
    await user.type(screen.getByLabelText('Post-code district'), 'ls1');
    const grid = await screen.findByRole('grid', { name: 'Comparable deals' });
    expect(await within(grid).findByRole('link', { name: '3 The Headrow, Leeds' })).toBeInTheDocument();
    const q = api.callsTo('GET', '/api/deals/comparables').at(-1)!.url.searchParams;
    expect(q.get('district')).toBe('LS1');
    expect(q.get('property_id')).toBeNull();
    await waitFor(() => expect(api.callsTo('PUT', '/api/ui-state/comparables').length).toBeGreaterThan(0));
    const saved = api.callsTo('PUT', '/api/ui-state/comparables').at(-1)!.body as {
      state: { filters: { district: string } };
    };
    expect(saved.state.filters.district).toBe('ls1');
  });

  it('shows a bad district against its field and does not ask', async () => {
    const { api, user } = renderRoute('/comparables', { pages, user: makeUser(), routes: routes() });
    await user.type(await screen.findByLabelText('Post-code district'), 'LS1 6HD');
    expect(await screen.findByText('A district such as "SW1A" or "M1".')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/deals/comparables')).toHaveLength(0);
  });
});
