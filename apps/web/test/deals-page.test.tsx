import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Deal, type DealListItem } from '@frontage/shared';
import { DEAL_SEARCH_LABEL } from '../src/entities/deals/api';
import DealsPage from '../src/features/deals/pages/DealsPage';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany, makeContact, page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/deals': <DealsPage /> };

afterEach(() => vi.unstubAllGlobals());

const letting: DealListItem = {
  id: 7,
  deal_type: 'new_letting',
  effective_date: '2026-03-01',
  property: { id: 12, building_num: 'Unit 9', full_address: 'Park Lane, Portsmouth, PO1 3LP' },
  scheme: { id: 5, name: 'Abbey Retail Park' },
  town: 'Portsmouth',
  tenant: { id: 10, name: 'Boots', is_verified: true, verified_at: '2026-02-01T10:00:00.000Z' },
  prev_tenant: null,
  sale_type: null,
  sale_price: null,
  rent_pa: '125000.00',
  rent_sqft: '42.50',
  currency: 'GBP',
  created_by: { id: 2, name: 'Alice Agent' },
  created_at: '2026-03-02T10:15:00Z',
};

const schemeSale: DealListItem = {
  ...letting,
  id: 8,
  deal_type: 'sale',
  effective_date: '2026-04-30',
  property: null,
  tenant: null,
  sale_type: 'investment',
  sale_price: '12500000.00',
  rent_pa: null,
  rent_sqft: null,
  currency: 'EUR',
};

/** A page of deals as GET /api/deals answers, with the total the pager counts. */
const dealPage = (rows: DealListItem[], total: number, perPage = 25, current = 1) => ({
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

const routes = (saved: Record<string, unknown> | null, extra: Record<string, FakeHandler> = {}) => ({
  'GET /api/ui-state/deals': () =>
    saved
      ? json(200, { data: { screen: 'deals', state: saved, updated_at: '2026-01-01T00:00:00Z' } })
      : json(404, { msg: 'Not found.' }),
  'PUT /api/ui-state/deals': (req: FakeRequest) =>
    json(200, { data: { screen: 'deals', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' } }),
  'GET /api/deals': () => json(200, dealPage([letting, schemeSale], 60)),
  ...extra,
});

const lastQuery = (api: ReturnType<typeof renderRoute>['api']) =>
  Object.fromEntries(api.callsTo('GET', '/api/deals').at(-1)!.url.searchParams);

describe('/deals', () => {
  it('shows a row’s figures formatted: type and place linked, dates en-GB, money with its currency', async () => {
    renderRoute('/deals', { pages, user: makeUser(), routes: routes(null) });
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    const row = (await within(grid).findByRole('link', { name: 'New Letting' })).closest('[role="row"]')!;
    const cells = within(row as HTMLElement);
    expect(cells.getByRole('link', { name: 'New Letting' })).toHaveAttribute('href', '/deals?id=7');
    expect(cells.getByRole('link', { name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    for (const text of ['Boots', '01/03/2026', '£125,000.00', '£42.50', 'Alice Agent', '02/03/2026'])
      expect(cells.getByText(text)).toBeInTheDocument();
    // The tenant is a retailer: its verification indicator stands beside its name.
    expect(cells.getByRole('img', { name: 'This retailer is verified' })).toBeInTheDocument();
    const sale = within(
      within(grid).getByRole('link', { name: 'Sale' }).closest('[role="row"]') as HTMLElement,
    );
    expect(sale.getByRole('link', { name: 'Abbey Retail Park' })).toHaveAttribute('href', '/schemes?id=5');
    expect(sale.getByText('€12,500,000.00')).toBeInTheDocument();
    expect(sale.getByText('30/04/2026')).toBeInTheDocument();
    expect(screen.getByText('60 deals')).toBeInTheDocument();
  });

  it('restores the saved filters, sort and page and sends them to GET /api/deals', async () => {
    const { api } = renderRoute('/deals', {
      pages,
      user: makeUser(),
      routes: routes({
        q: 'Briggate',
        types: ['subletting', 'sale', 'bogus'],
        from: '01/01/2025',
        to: '31/12/2025',
        town: 'Leeds',
        scheme: { id: 5, name: 'Trinity Leeds' },
        tenant: { id: 10, name: 'Boots' },
        landlord: { id: 9, name: 'Landsec' },
        recorded_by: { id: 50, name: 'Carla Contact' },
        sort: '-rent_sqft',
        page: 2,
        per_page: 50,
      }),
    });
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    await within(grid).findByText('Unit 9 Park Lane, Portsmouth, PO1 3LP');
    // The restored page stays: the grid does not send the list back to page 1 once it has rows.
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/deals')).toHaveLength(1);
    expect(lastQuery(api)).toEqual({
      q: 'Briggate',
      type: 'sale,subletting',
      from: '2025-01-01',
      to: '2025-12-31',
      town: 'Leeds',
      scheme_id: '5',
      tenant_id: '10',
      landlord_id: '9',
      created_by: '50',
      sort: '-rent_sqft',
      page: '2',
      per_page: '50',
    });
    const filters = screen.getByRole('search', { name: 'Deals filters' });
    const f = within(filters);
    expect(f.getByRole('searchbox', { name: DEAL_SEARCH_LABEL })).toHaveValue('Briggate');
    expect(f.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Sale, Sub-letting/Assignment');
    expect(f.getByRole('textbox', { name: 'Effective from' })).toHaveValue('01/01/2025');
    expect(f.getByRole('textbox', { name: 'Effective to' })).toHaveValue('31/12/2025');
    expect(f.getByRole('textbox', { name: 'Town' })).toHaveValue('Leeds');
    expect(f.getByRole('combobox', { name: 'Scheme' })).toHaveValue('Trinity Leeds');
    expect(f.getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');
    expect(f.getByRole('combobox', { name: 'Landlord' })).toHaveValue('Landsec');
    expect(f.getByRole('combobox', { name: 'Recorded By' })).toHaveValue('Carla Contact');
  });

  it('sends each filter to GET /api/deals, back at page 1, and saves them', async () => {
    const { api, user } = renderRoute('/deals', {
      pages,
      user: makeUser(),
      routes: routes(
        { page: 3 },
        {
          'GET /api/companies': companySearch([
            makeCompany({ id: 10, name: 'Boots' }),
            makeCompany({ id: 9, name: 'Landsec' }),
          ]),
          'GET /api/schemes': () => json(200, { data: [{ id: 5, name: 'Trinity Leeds' }] }),
          'GET /api/users': () => json(200, page([makeContact({ id: 50, name: 'Carla Contact' })])),
        },
      ),
    });
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ sort: '-effective_date', page: '3', per_page: '25' }),
    );
    const f = within(screen.getByRole('search', { name: 'Deals filters' }));

    await user.click(f.getByRole('combobox', { name: 'Type' }));
    const menu = await screen.findByRole('listbox');
    await user.click(within(menu).getByRole('option', { name: 'Sub-letting/Assignment' }));
    await user.click(within(menu).getByRole('option', { name: 'New Letting' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ type: 'new_letting,subletting', page: '1' }));

    await user.type(f.getByRole('textbox', { name: 'Effective from' }), '01022026');
    await user.type(f.getByRole('textbox', { name: 'Effective to' }), '28022026');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' }));

    await user.type(f.getByRole('textbox', { name: 'Town' }), 'Leeds');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ town: 'Leeds' }));

    await user.type(f.getByRole('searchbox', { name: DEAL_SEARCH_LABEL }), 'greggs');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ q: 'greggs', page: '1' }));

    await user.type(f.getByRole('combobox', { name: 'Scheme' }), 'Trin');
    await user.click(await screen.findByRole('option', { name: /Trinity Leeds/ }));
    await user.type(f.getByRole('combobox', { name: 'Tenant' }), 'Boo');
    await user.click(await screen.findByRole('option', { name: /Boots/ }));
    await user.type(f.getByRole('combobox', { name: 'Landlord' }), 'Land');
    await user.click(await screen.findByRole('option', { name: /Landsec/ }));
    await user.type(f.getByRole('combobox', { name: 'Recorded By' }), 'Carla');
    await user.click(await screen.findByRole('option', { name: /Carla Contact/ }));

    const expected = {
      q: 'greggs',
      type: 'new_letting,subletting',
      from: '2026-02-01',
      to: '2026-02-28',
      town: 'Leeds',
      scheme_id: '5',
      tenant_id: '10',
      landlord_id: '9',
      created_by: '50',
      sort: '-effective_date',
      page: '1',
      per_page: '25',
    };
    await waitFor(() => expect(lastQuery(api)).toEqual(expected));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/ui-state/deals').at(-1)?.body).toEqual({
        state: {
          q: 'greggs',
          types: ['subletting', 'new_letting'],
          from: '01/02/2026',
          to: '28/02/2026',
          town: 'Leeds',
          scheme: { id: 5, name: 'Trinity Leeds' },
          tenant: { id: 10, name: 'Boots' },
          landlord: { id: 9, name: 'Landsec' },
          recorded_by: { id: 50, name: 'Carla Contact' },
          sort: '-effective_date',
          page: 1,
          per_page: 25,
        },
      }),
    );

    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await user.click(f.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ sort: '-effective_date', page: '1', per_page: '25' }),
    );
    expect(f.getByRole('searchbox', { name: DEAL_SEARCH_LABEL })).toHaveValue('');
  });

  it('sorts by a column and pages on the server', async () => {
    const { api, user } = renderRoute('/deals', { pages, user: makeUser(), routes: routes(null) });
    const grid = await screen.findByRole('grid', { name: 'Deals' });
    await within(grid).findByRole('link', { name: 'New Letting' });

    await user.click(within(grid).getByText('Rent Pa'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'rent_pa', page: '1' }));
    await user.click(within(grid).getByText('Rent Pa'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: '-rent_pa' }));
    await user.click(within(grid).getByText('Price'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'sale_price' }));
    // Type is not a sort the server knows: its header does not sort.
    await user.click(within(grid).getByText('Type'));

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ sort: 'sale_price', page: '2', per_page: '25' }),
    );

    // The grid hides its page-size label in a narrow (jsdom) layout, so the field has no name here.
    await user.click(await screen.findByRole('combobox', { name: /rows per page/i, hidden: true }));
    await user.click(await screen.findByRole('option', { name: '100' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: '1', per_page: '100' }));
  });

  it('refuses a reversed date range with the contract’s message instead of asking the server', async () => {
    const { api, user } = renderRoute('/deals', { pages, user: makeUser(), routes: routes(null) });
    const f = within(await screen.findByRole('search', { name: 'Deals filters' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/deals')).toHaveLength(1));
    await user.type(f.getByRole('textbox', { name: 'Effective to' }), '01012026');
    await user.type(f.getByRole('textbox', { name: 'Effective from' }), '02012026');
    expect(await f.findByText('The "to" date must be on or after the "from" date.')).toBeInTheDocument();
    expect(
      api.callsTo('GET', '/api/deals').every((c) => c.url.searchParams.get('from') !== '2026-01-02'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('exports the current filter and sort as CSV (no paging)', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = renderRoute('/deals', {
      pages,
      user: makeUser(),
      routes: routes(
        {
          types: ['new_letting'],
          town: 'Leeds',
          tenant: { id: 10, name: 'Boots' },
          sort: 'rent_pa',
          page: 2,
        },
        {
          'GET /api/deals/export': () =>
            new Response('id\n7\n', {
              status: 200,
              headers: {
                'Content-Type': 'text/csv',
                'X-Total-Count': '1',
                'Content-Disposition': 'attachment; filename="deals-2026-11-25.csv"',
              },
            }),
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(api.callsTo('GET', '/api/deals/export')[0]!.url.searchParams)).toEqual({
      type: 'new_letting',
      town: 'Leeds',
      tenant_id: '10',
      sort: 'rent_pa',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('deals-2026-11-25.csv');
    click.mockRestore();
  });

  it('shows a deal’s tenants with their verification indicators', async () => {
    const party = (id: number, name: string, is_verified: boolean, verified_at: string | null) => ({
      id,
      name,
      core_id: null,
      is_verified,
      verified_at,
    });
    const deal = {
      id: 8,
      entity_type: 'deal',
      deal_type: 'new_letting',
      property_id: 12,
      scheme_id: null,
      effective_date: '2026-05-01',
      reason: null,
      sale_type: null,
      currency: 'GBP',
      tenant: party(10, 'Boots', true, '2026-04-01T00:00:00Z'),
      legal_tenant: party(11, 'Boots UK Ltd', false, null),
      prev_tenant: party(12, 'Greggs', false, '2025-01-01T00:00:00Z'),
      prev_legal_tenant: null,
      links: [],
      property: { id: 12, building_num: 'Unit 4', full_address: 'High Street, Leeds', scheme: null },
      scheme: null,
      created_by: null,
      created_at: '2026-05-01T09:00:00Z',
      changes: [],
    } as unknown as Deal;
    renderRoute('/deals?id=8', {
      pages,
      user: makeUser(),
      routes: routes(null, { 'GET /api/deals/8': () => json(200, { data: deal }) }),
    });
    expect(await screen.findByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/companies?id=10');
    expect(screen.getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified })).toBeInTheDocument();
  });

  it('still opens one deal with ?id=', async () => {
    const { api } = renderRoute('/deals?id=7', {
      pages,
      user: makeUser(),
      routes: routes(null, { 'GET /api/deals/7': () => json(404, { msg: 'Not found.' }) }),
    });
    expect(await screen.findByText('This deal could not be loaded.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/deals/7')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/deals')).toHaveLength(0);
  });
});
