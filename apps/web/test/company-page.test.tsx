// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ENQUIRY_MESSAGES,
  MESSAGES,
  type ActivityItem,
  type PortfolioItem,
  type RecordDealItem,
} from '@frontage/shared';
import CompanyPage from '../src/features/companies/pages/CompanyPage';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { fakeMaps } from './fakeMapLibre';
import { makeAdmin, makeUser } from './fixtures';
import { makeCompany, makeContact, page } from './companiesFixtures';
import { makeEnquiry } from './enquiriesFixtures';
import { seriousViolations } from './trackedRetailersFixtures';

/** The screen under test, as the app routes it. */
const pages = { '/companies/:id': <CompanyPage /> };

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

const BOOTS = makeCompany({
  id: 5,
  name: 'Boots',
  domain: 'boots.com',
  phone: '0115 950 6111',
  categories: [2],
  core_id: 'R-5',
  is_verified: false,
  verified_at: '2025-06-01T00:00:00Z',
});

const unit = (id: number, over: Partial<PortfolioItem> = {}): PortfolioItem => ({
  property_id: id,
  building_num: `Unit ${id}`,
  full_address: `${id} High Street, Leeds, LS1 1AA`,
  town: 'Leeds',
  post_code: 'LS1 1AA',
  scheme: null,
  tenant: { id: 5, name: 'Boots' },
  roles: ['tenant'],
  rent_pa: '42500.00',
  currency: 'GBP',
  lease_end_date: '2031-03-24',
  lat: 53.8,
  lng: -1.55,
  ...over,
});

const paged = <T,>(rows: T[], total: number, perPage: number, current: number) => ({
  data: rows,
  meta: {
    pagination: {
      total,
      count: rows.length,
      per_page: perPage,
      current_page: current,
      total_pages: Math.ceil(total / perPage),
    },
  },
});

const COUNTS = { tenant: 30, legal_tenant: 0, landlord: 2, landlord_agent: 0, tenant_agent: 0 };

/** GET /api/companies/5/portfolio: 30 stores and 2 held as landlord, 25 a page. */
const portfolio: FakeHandler = (req) => {
  const role = req.url.searchParams.get('role');
  const current = Number(req.url.searchParams.get('page') ?? 1);
  if (role === 'landlord')
    return json(200, {
      ...paged([unit(900, { roles: ['landlord'], tenant: { id: 8, name: 'Greggs' } })], 2, 25, 1),
      meta: { ...paged([], 2, 25, 1).meta, counts: COUNTS },
    });
  const rows = Array.from({ length: current === 1 ? 25 : 5 }, (_, i) => unit((current - 1) * 25 + i + 1));
  return json(200, {
    ...paged(rows, 30, 25, current),
    meta: { ...paged(rows, 30, 25, current).meta, counts: COUNTS },
  });
};

const DEAL: RecordDealItem = {
  id: 44,
  deal_type: 'new_letting',
  effective_date: '2026-03-01',
  property: { id: 12, building_num: 'Unit 9', full_address: 'Park Lane, Portsmouth, PO1 3LP' },
  scheme: null,
  town: 'Portsmouth',
  tenant: { id: 5, name: 'Boots', is_verified: false, verified_at: null },
  prev_tenant: null,
  sale_type: null,
  sale_price: null,
  rent_pa: '125000.00',
  rent_sqft: '42.50',
  currency: 'GBP',
  created_by: { id: 2, name: 'Alice Agent' },
  created_at: '2026-03-02T10:15:00Z',
  roles: ['tenant', 'prev_landlord'],
};

const activity = (id: string, over: Partial<ActivityItem> = {}): ActivityItem => ({
  id,
  kind: 'edit',
  at: '2026-05-04T09:30:00Z',
  actor: { id: 2, name: 'Alice Agent' },
  summary: `Edited Boots (${id})`,
  url: null,
  property: null,
  deal: null,
  enquiry_id: null,
  comment_id: null,
  details: ['phone'],
  ...over,
});

const routes: Record<string, FakeHandler> = {
  'GET /api/companies/5': () => json(200, { data: BOOTS }),
  'GET /api/company-categories': () => json(200, { data: [{ id: 2, name: 'Health & Beauty' }] }),
  'GET /api/companies/5/portfolio': portfolio,
  'GET /api/companies/5/deals': () => json(200, page([DEAL])),
  // The map of the whole portfolio: a cluster of 31 and one unit on its own.
  'GET /api/map/clusters': () =>
    json(200, {
      data: [
        { lat: 53.8, lng: -1.55, count: 31, groups: [0, 0, 0, 31] },
        { lat: 51.5, lng: -0.12, count: 1, groups: [0, 0, 0, 1], kind: 'property', id: 3 },
      ],
      meta: { level: 8, totals: [0, 0, 0, 32] },
    }),
  'GET /api/companies/5/activity': (req) =>
    req.url.searchParams.get('before') === 'cursor-2'
      ? json(200, { data: [activity('edit:1', { summary: 'The oldest change' })], meta: { next: null } })
      : json(200, {
          data: [
            activity('deal:44', {
              kind: 'deal',
              at: '2026-03-01T00:00:00Z',
              summary: 'New Letting at Unit 9, Park Lane, Portsmouth',
              url: '/deals?id=44',
              details: [],
            }),
            activity('enquiry_stage:3', { kind: 'enquiry_stage', details: ['interest', 'under_offer'] }),
          ],
          meta: { next: 'cursor-2' },
        }),
  'GET /api/enquiries': () => json(200, page([makeEnquiry({ id: 70, company_id: 5 })])),
  'GET /api/enquiries/70/matches': () =>
    json(200, {
      ...page([]),
      meta: { ...page([]).meta, match: { scope: 'town', measure: 'nia_sqrt', radius_miles: null } },
    }),
  'GET /api/users': () => json(200, page([makeContact({ id: 7, name: 'Carla Contact', company_id: 5 })])),
  'GET /api/schemes': (req) =>
    json(
      200,
      page(req.url.searchParams.get('q') ? [{ id: 3, name: 'Trinity', type: 'shopping_centre' }] : []),
    ),
  'POST /api/enquiries': () => json(201, { data: makeEnquiry({ id: 71, company_id: 5, scheme_id: 3 }) }),
  'GET /api/comments': () => json(200, page([])),
};

const open = (path: string, who = makeUser(), extra: Record<string, FakeHandler> = {}) =>
  renderRoute(path, { pages, user: who, routes: { ...routes, ...extra } });

describe('/companies/:id', () => {
  it('heads with the logo, name, indicator, details and the actions the user may take', async () => {
    open('/companies/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Boots' })).toBeInTheDocument();
    const header = screen.getByRole('region', { name: 'Company details' });
    expect(
      within(header).getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'boots.com' })).toHaveAttribute(
      'href',
      'https://boots.com',
    );
    expect(within(header).getByText('0115 950 6111')).toBeInTheDocument();
    expect(await within(header).findByText('Health & Beauty')).toBeInTheDocument();
    expect(within(header).getByText(/last verified 01\/06\/2025/)).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Stores and timeline' })).toHaveAttribute(
      'href',
      '/core-data/5',
    );
    // Not an admin nor one of Boots: no Edit, no Merge; anyone may record an enquiry.
    expect(within(header).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Merge' })).not.toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Create Enquiry' })).toBeInTheDocument();
  });

  it('gives an admin Edit and Merge', async () => {
    const { user } = open('/companies/5', makeAdmin());
    const header = await screen.findByRole('region', { name: 'Company details' });
    expect(within(header).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/companies/5/edit');
    await user.click(within(header).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByRole('dialog', { name: 'Merge Boots' })).toBeInTheDocument();
  });

  it('lists the portfolio with role counts; a role chip sends role=, the pager the next page, the map every unit', async () => {
    const { api, user } = open('/companies/5');
    const grid = await screen.findByRole('grid', { name: 'Portfolio' });
    expect(
      await within(grid).findByRole('link', { name: 'Unit 1 1 High Street, Leeds, LS1 1AA' }),
    ).toHaveAttribute('href', '/properties?id=1');
    expect(within(grid).getAllByText('£42,500.00').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('24/03/2031').length).toBeGreaterThan(0);
    expect(screen.getByText('30 units')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/companies/5/portfolio')[0]!.url.searchParams.get('role')).toBeNull();

    const roles = screen.getByRole('group', { name: 'Role' });
    expect(within(roles).getByRole('button', { name: 'Tenant (30)' })).toBeInTheDocument();
    // A role the company never holds is not offered.
    expect(within(roles).queryByRole('button', { name: /Tenant agent/ })).not.toBeInTheDocument();
    // The map is the whole portfolio's clusters (the map's own endpoint), not the table's page.
    expect(await screen.findByRole('button', { name: 'Cluster of 31 units: zoom in' })).toHaveTextContent(
      '31',
    );
    expect(screen.getByRole('button', { name: 'Open unit 3' })).toBeInTheDocument();
    expect(screen.getByText('32 units in view')).toBeInTheDocument();
    const mapQuery = api.callsTo('GET', '/api/map/clusters')[0]!.url.searchParams;
    expect(mapQuery.get('company_id')).toBe('5');
    expect(mapQuery.get('company_role')).toBeNull();
    // Framed once on the first answer (Great Britain and Ireland), then asked for the framed view:
    // the answer for that view does not move the map again.
    expect(mapQuery.get('bbox')).toBe('-11.25,49.21875,2.8125,61.171875');
    await waitFor(() => expect(api.callsTo('GET', '/api/map/clusters')).toHaveLength(2));
    expect(fakeMaps.at(-1)!.easeCalls).toHaveLength(1);
    expect(api.callsTo('GET', '/api/map/clusters')[1]!.url.searchParams.get('bbox')).not.toBe(
      mapQuery.get('bbox'),
    );

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/companies/5/portfolio').at(-1)!.url.searchParams.get('page')).toBe('2'),
    );
    expect(
      await within(grid).findByRole('link', { name: 'Unit 26 26 High Street, Leeds, LS1 1AA' }),
    ).toBeInTheDocument();

    await user.click(within(roles).getByRole('button', { name: 'Landlord (2)' }));
    await waitFor(() => {
      const q = api.callsTo('GET', '/api/companies/5/portfolio').at(-1)!.url.searchParams;
      expect(q.get('role')).toBe('landlord');
      expect(q.get('page')).toBe('1');
    });
    expect(within(roles).getByRole('button', { name: 'Landlord (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/map/clusters').at(-1)!.url.searchParams.get('company_role')).toBe(
        'landlord',
      ),
    );
    expect(await within(grid).findByRole('link', { name: 'Greggs' })).toHaveAttribute('href', '/companies/8');
    expect(await seriousViolations()).toEqual([]);
  });

  it('keeps the tab in the URL: Deals lists the roles and opens the deal, Back returns to Portfolio', async () => {
    const { user, router } = open('/companies/5');
    await screen.findByRole('grid', { name: 'Portfolio' });
    await user.click(screen.getByRole('tab', { name: 'Deals' }));
    expect(router.state.location.search).toBe('?tab=deals');
    const table = await screen.findByRole('table', { name: 'Deals of this company' });
    expect(within(table).getByRole('link', { name: 'New Letting' })).toHaveAttribute('href', '/deals?id=44');
    expect(within(table).getByText('Tenant, Previous landlord')).toBeInTheDocument();
    expect(
      within(table).getByRole('link', { name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP' }),
    ).toHaveAttribute('href', '/properties?id=12');
    expect(within(table).getByText('01/03/2026')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('link', { name: 'Carla Contact' })).toHaveAttribute('href', '/users/7');

    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Deals' })).toHaveAttribute('aria-selected', 'true'),
    );
    await router.navigate(-1);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Portfolio' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('shows the activity newest first and loads more before the last page', async () => {
    const { api, user } = open('/companies/5?tab=activity');
    const list = await screen.findByRole('list', { name: 'Activity of Boots' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('01/03/2026')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: /New Letting at Unit 9/ })).toHaveAttribute(
      'href',
      '/deals?id=44',
    );
    expect(within(items[1]!).getByText(/Interest → Under Offer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('The oldest change')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/companies/5/activity').at(-1)!.url.searchParams.get('before')).toBe(
      'cursor-2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lists the requirements with their matching units; adding one presets the company and asks for its place', async () => {
    const { api, user } = open('/companies/5?tab=requirements');
    const table = await screen.findByRole('table', { name: 'Requirements of Boots' });
    expect(api.callsTo('GET', '/api/enquiries')[0]!.url.searchParams.get('company_id')).toBe('5');
    expect(within(table).getByText('Unit 4 Park Lane, Portsmouth, PO1 3LP')).toBeInTheDocument();
    expect(within(table).getByText('1,000 – 2,500 sqft')).toBeInTheDocument();
    expect(within(table).getByText('£20,000 – £45,000')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Matching units of the requirement/ }));
    expect(await screen.findByText('No units match this enquiry.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add requirement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Enquiry for Boots' });
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Boots');
    await user.click(within(dialog).getByRole('combobox', { name: /^Stage/ }));
    await user.click(await screen.findByRole('option', { name: 'Interest' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText(ENQUIRY_MESSAGES.subject)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', '/api/enquiries')).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: 'Scheme' }), 'Trin');
    await user.click(await screen.findByRole('option', { name: /Trinity/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/enquiries')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/enquiries')[0]!.body).toMatchObject({
      scheme_id: 3,
      property_id: null,
      company_id: 5,
      stage: 'interest',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Enquiry for Boots' })).toBeNull());
    // The list is asked again, so the new requirement shows.
    await waitFor(() => expect(api.callsTo('GET', '/api/enquiries').length).toBeGreaterThan(1));
  });

  it("records a requirement from the header's Create Enquiry and shows it on the Requirements tab", async () => {
    const { api, user, router } = open('/companies/5');
    const header = await screen.findByRole('region', { name: 'Company details' });
    await user.click(within(header).getByRole('button', { name: 'Create Enquiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Enquiry for Boots' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Stage/ }));
    await user.click(await screen.findByRole('option', { name: 'Interest' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Scheme' }), 'Trin');
    await user.click(await screen.findByRole('option', { name: /Trinity/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/enquiries')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=requirements'));
    // Once the dialog has closed (the page is no longer hidden behind it).
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Requirements' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('table', { name: 'Requirements of Boots' })).toBeInTheDocument();
  });

  it('says so in the tab when an endpoint fails; the other tabs still work', async () => {
    const failing = {
      'GET /api/companies/5/portfolio': () => json(404, { msg: 'Not found.' }),
      'GET /api/companies/5/deals': () => json(500, { msg: 'Boom.' }),
    };
    const { user } = open('/companies/5', makeUser(), failing);
    expect(await screen.findByText('The portfolio could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Deals' }));
    expect(await screen.findByText('The deals could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(await screen.findByRole('region', { name: 'Comments' })).toBeInTheDocument();
  });

  it('says a missing company does not exist', async () => {
    open('/companies/99', makeUser(), { 'GET /api/companies/99': () => json(404, { msg: 'Not found.' }) });
    expect(await screen.findByText(/This company does not exist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/companies');
  });
});
