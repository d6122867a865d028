// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import RetailerPage from '../src/features/tracked-retailers/pages/RetailerPage';
import TrackedRetailersPage from '../src/features/tracked-retailers/pages/TrackedRetailersPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { page } from './companiesFixtures';
import { makeRetailer, seriousViolations } from './trackedRetailersFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core-data/:id': <RetailerPage />, '/core-data': <TrackedRetailersPage /> };

afterEach(() => vi.unstubAllGlobals());

const boots = makeRetailer({
  id: 1,
  name: 'Boots',
  is_verified: true,
  verified_at: '2026-02-01T00:00:00Z',
  stores: 412,
  openings: 3,
  closures: 1,
});
const next = makeRetailer({
  id: 2,
  name: 'Next',
  categories: [{ id: 3, name: 'Fashion' }],
  is_verified: false,
  verified_at: '2025-06-01T00:00:00Z',
  stores: 120,
});
const greggs = makeRetailer({ id: 3, name: 'Greggs', categories: [{ id: 4, name: 'Food' }] });

const routes = (saved: Record<string, unknown>) => ({
  'GET /api/ui-state/tracked_retailers': () =>
    json(200, { data: { screen: 'tracked_retailers', state: saved, updated_at: '2026-01-01T00:00:00Z' } }),
  'PUT /api/ui-state/tracked_retailers': (req: { body: unknown }) =>
    json(200, {
      data: { screen: 'tracked_retailers', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' },
    }),
  'GET /api/company-categories': () =>
    json(200, {
      data: [
        { id: 2, name: 'Health & Beauty' },
        { id: 3, name: 'Fashion' },
      ],
    }),
  'GET /api/tracked-retailers': () => json(200, page([boots, next, greggs])),
});

describe('/core-data', () => {
  it('restores the saved filters, shows the columns with each indicator, and filters and sorts on the server', async () => {
    const { api, user } = renderRoute('/core-data', {
      pages,
      user: makeUser(),
      routes: routes({ q: 'o', sort: '-stores', per_page: 50 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tracked Retailers' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/tracked-retailers').length).toBeGreaterThan(0));
    expect(Object.fromEntries(api.callsTo('GET', '/api/tracked-retailers')[0]!.url.searchParams)).toEqual({
      q: 'o',
      sort: '-stores',
      page: '1',
      per_page: '50',
    });

    const grid = await screen.findByRole('grid', { name: 'Tracked retailers' });
    expect(await within(grid).findByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/core-data/1');
    expect(within(grid).getByText('Health & Beauty')).toBeInTheDocument();
    expect(within(grid).getByText('412')).toBeInTheDocument();
    expect(within(grid).getByText('01/02/2026')).toBeInTheDocument();
    expect(within(grid).getByText('Never')).toBeInTheDocument();
    // The three states, each named by the spec's tooltip.
    const dots = within(grid).getAllByTestId('verification-indicator');
    expect(dots.map((d) => d.getAttribute('data-state'))).toEqual(['verified', 'lapsed', 'never']);
    expect(within(grid).getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    expect(
      within(grid).getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();
    expect(MESSAGES.retailerNeverVerified).toBe('This retailer has never been verified');
    expect(await seriousViolations()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Verification' }));
    await user.click(await screen.findByRole('option', { name: 'Not currently verified' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('verification')).toBe(
        'lapsed',
      ),
    );
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Fashion' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('category_id')).toBe(
        '3',
      ),
    );

    // Sorting by a column asks the server (openings ascending).
    await user.click(within(grid).getByRole('columnheader', { name: /Openings \(12 m\)/ }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('sort')).toBe(
        'openings',
      ),
    );
    // Saved (debounced) with every filter and the sort: the last save holds them all.
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/ui-state/tracked_retailers').at(-1)?.body).toEqual({
        state: { q: 'o', category_id: 3, verification: 'lapsed', sort: 'openings', per_page: 50 },
      }),
    );
  });

  it('drops a saved sort the list no longer takes (the admin queue order stays on /core)', async () => {
    const { api } = renderRoute('/core-data', {
      pages,
      user: makeUser(),
      routes: routes({ sort: 'bogus', per_page: 7 }),
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/tracked-retailers').length).toBeGreaterThan(0));
    const first = api.callsTo('GET', '/api/tracked-retailers')[0]!.url.searchParams;
    expect(first.get('sort')).toBe('name');
    expect(first.get('per_page')).toBe('25');
  });

  it('opens a retailer from its row with the mouse or Enter', async () => {
    const { user, router } = renderRoute('/core-data', {
      pages,
      user: makeUser(),
      routes: {
        ...routes({}),
        'GET /api/tracked-retailers/2': () => json(404, { msg: 'Not found.' }),
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Tracked retailers' });
    await user.click(await within(grid).findByText('120'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/core-data/2'));

    await router.navigate('/core-data');
    const again = await screen.findByRole('grid', { name: 'Tracked retailers' });
    const cell = (await within(again).findByText('412')).closest('[role="gridcell"]') as HTMLElement;
    cell.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/core-data/1'));
  });

  it('exports the current filter as CSV', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = renderRoute('/core-data', {
      pages,
      user: makeUser(),
      routes: {
        ...routes({ q: 'bo', verification: 'never', sort: 'closures' }),
        'GET /api/tracked-retailers/export': () =>
          new Response('id,core_id,name\n1,core-1,Boots\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '1' },
          }),
      },
    });
    // The export sends the filters on screen: once the saved ones are restored, as a user sees them.
    expect(await screen.findByRole('searchbox', { name: 'Search retailers' })).toHaveValue('bo');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = api.callsTo('GET', '/api/tracked-retailers/export')[0]!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      q: 'bo',
      verification: 'never',
      sort: 'closures',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('tracked-retailers.csv');
    click.mockRestore();
  });
});
