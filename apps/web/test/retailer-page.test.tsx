// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type RetailerStore, type RetailerTimelineEvent } from '@frontage/shared';
import RetailerPage from '../src/features/tracked-retailers/pages/RetailerPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { fakeMaps } from './fakeMapLibre';
import { makeUser } from './fixtures';
import { makeContact, page } from './companiesFixtures';
import { makeRetailerDetail, seriousViolations } from './trackedRetailersFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core-data/:id': <RetailerPage /> };

vi.mock('maplibre-gl', () => import('./fakeMapLibre'));
vi.mock('../src/components/map/basemap', () => import('./fakeBasemap'));
beforeAll(() => {
  // jsdom has no layout: the comment editor (ProseMirror) asks ranges for rectangles.
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});
beforeEach(() => {
  fakeMaps.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

const NEXT = makeRetailerDetail({
  id: 5,
  name: 'Next',
  categories: [{ id: 3, name: 'Fashion' }],
  is_verified: false,
  verified_at: '2025-06-01T00:00:00Z',
  stores: 2,
  openings: 1,
  closures: 1,
});

const store = (id: number, over: Partial<RetailerStore> = {}): RetailerStore => ({
  property_id: id,
  full_address: `${id} High Street, Leeds, LS1 1AA`,
  town: 'Leeds',
  post_code: 'LS1 1AA',
  scheme: null,
  lat: 53.8,
  lng: -1.55,
  since: '2024-03-01',
  lease_end_date: '2031-03-24',
  break_date: null,
  ...over,
});

const MOVE: RetailerTimelineEvent = {
  kind: 'move',
  date: '2026-05-04',
  property: { id: 12, full_address: '12 Briggate', town: 'Leeds' },
  from_property: { id: 9, full_address: '9 Boar Lane', town: 'Leeds' },
  deal: { id: 40, deal_type: 'new_letting' },
  other_company: null,
};
const CLOSURE: RetailerTimelineEvent = {
  kind: 'closure',
  date: '2026-01-10',
  property: { id: 20, full_address: '20 Market Street', town: 'York' },
  from_property: null,
  deal: null,
  other_company: { id: 8, name: 'Greggs' },
};

const routes = {
  'GET /api/tracked-retailers/5': () => json(200, { data: NEXT }),
  'GET /api/tracked-retailers/5/stores': () =>
    json(
      200,
      page([
        store(12, { scheme: { id: 3, name: 'Trinity' } }),
        store(30, { town: 'York', lease_end_date: null, break_date: '2027-09-29' }),
      ]),
    ),
  'GET /api/tracked-retailers/5/store-points': () =>
    json(200, {
      data: [
        [12, -1.55, 53.8],
        [30, -1.08, 53.96],
      ],
      truncated: false,
    }),
  'GET /api/tracked-retailers/5/timeline': () => json(200, page([MOVE, CLOSURE])),
  'GET /api/users': () => json(200, page([makeContact({ id: 7, name: 'Carla Contact', company_id: 5 })])),
  'GET /api/comments': () =>
    json(200, {
      data: [],
      meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 1 } },
    }),
};

describe('/core-data/:id', () => {
  it('heads with the name, indicator and counts; lists and maps the stores, a point opening the unit', async () => {
    const { api, user, router } = renderRoute('/core-data/5', { pages, user: makeUser(), routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Next' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company page' })).toHaveAttribute('href', '/companies/5');
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Fashion')).toBeInTheDocument();
    expect(within(summary).getByText('01/06/2025')).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'Stores' });
    expect(await within(grid).findByRole('link', { name: '12 High Street, Leeds, LS1 1AA' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(within(grid).getByText('Trinity')).toBeInTheDocument();
    expect(within(grid).getByText('24/03/2031')).toBeInTheDocument();
    expect(within(grid).getByText('29/09/2027')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tracked-retailers/5/stores')[0]!.url.searchParams.get('sort')).toBe(
      'town',
    );

    await user.click(within(grid).getByRole('columnheader', { name: /Since/ }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers/5/stores').at(-1)!.url.searchParams.get('sort')).toBe(
        'since',
      ),
    );

    const point = await screen.findByRole('button', { name: 'Open store unit 30' });
    expect(await seriousViolations()).toEqual([]);
    await user.click(point);
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(router.state.location.search).toBe('?id=30');
  });

  it('shows the timeline (moves, closures, units linked, deal type), the contacts and the comments', async () => {
    const { api, user } = renderRoute('/core-data/5', { pages, user: makeUser(), routes });
    await user.click(await screen.findByRole('tab', { name: 'Timeline' }));
    const list = await screen.findByRole('list', { name: 'Store openings, closures and moves' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('04/05/2026')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Moved')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: '9 Boar Lane, Leeds' })).toHaveAttribute(
      'href',
      '/properties?id=9',
    );
    expect(within(items[0]!).getByRole('link', { name: '12 Briggate, Leeds' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(within(items[0]!).getByText(/New Letting deal/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Closed')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/followed by Greggs/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(await screen.findByRole('link', { name: 'Carla Contact' })).toHaveAttribute('href', '/users?id=7');
    expect(api.callsTo('GET', '/api/users').at(-1)!.url.searchParams.get('company_id')).toBe('5');

    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Comments' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/comments').length).toBeGreaterThan(0));
    const q = api.callsTo('GET', '/api/comments')[0]!.url.searchParams;
    expect(q.get('entity_type')).toBe('company');
    expect(q.get('entity_id')).toBe('5');
  });

  it('draws a big store list as one map layer and says when the map holds only the first stores', async () => {
    const many = Array.from({ length: 400 }, (_, i) => [1000 + i, -2 + i / 400, 52 + i / 400]);
    renderRoute('/core-data/5', {
      pages,
      user: makeUser(),
      routes: {
        ...routes,
        'GET /api/tracked-retailers/5/store-points': () => json(200, { data: many, truncated: true }),
      },
    });
    expect(await screen.findByText('The map shows the first 400 stores.')).toBeInTheDocument();
    await waitFor(() => {
      const source = fakeMaps.at(-1)?.getSource('fm-points');
      expect((source?.data as { features: unknown[] } | undefined)?.features).toHaveLength(400);
    });
    expect(screen.queryByRole('button', { name: /Open store unit/ })).not.toBeInTheDocument();
  });

  it('says when the company is not a tracked retailer', async () => {
    renderRoute('/core-data/99', {
      pages,
      user: makeUser(),
      routes: { 'GET /api/tracked-retailers/99': () => json(404, { msg: 'Not found.' }) },
    });
    expect(await screen.findByText('This company is not a tracked retailer.')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Tracked Retailers' })).toHaveAttribute(
      'href',
      '/core-data',
    );
  });
});
