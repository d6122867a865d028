import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import CompaniesPage from '../src/features/companies/pages/CompaniesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { makeCompany, makeContact, page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/companies': <CompaniesPage /> };

afterEach(() => vi.unstubAllGlobals());

const boots = makeCompany({
  id: 1,
  name: 'Boots',
  categories: [2],
  contacts_count: 3,
  is_verified: true,
  verified_at: '2026-02-01T00:00:00Z',
});
const next = makeCompany({ id: 2, name: 'Next', categories: [], contacts_count: 0 });

const routes = (saved: Record<string, unknown>) => ({
  'GET /api/ui-state/companies': () =>
    json(200, { data: { screen: 'companies', state: saved, updated_at: '2026-01-01T00:00:00Z' } }),
  'PUT /api/ui-state/companies': (req: { body: unknown }) =>
    json(200, { data: { screen: 'companies', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' } }),
  'GET /api/company-categories': () => json(200, { data: [{ id: 2, name: 'Health & Beauty' }] }),
  'GET /api/companies': () => json(200, page([boots, next])),
  'GET /api/companies/1': () => json(200, { data: boots }),
  'GET /api/users': () => json(200, page([makeContact({ id: 7, name: 'Carla Contact', company_id: 1 })])),
});

describe('/companies', () => {
  it('restores the saved filters before loading, and saves a changed filter', async () => {
    const { api, user } = renderRoute('/companies', {
      pages,
      user: makeUser(),
      routes: routes({ q: 'bo', verification: 'verified', sort: '-updated_at', per_page: 50 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/companies').length).toBeGreaterThan(0));
    const first = api.callsTo('GET', '/api/companies')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toMatchObject({
      q: 'bo',
      verification: 'verified',
      sort: '-updated_at',
      per_page: '50',
      page: '1',
    });
    expect(first.get('include')).toContain('scraper');
    expect(await screen.findByRole('searchbox', { name: 'Search companies' })).toHaveValue('bo');

    const grid = await screen.findByRole('grid', { name: 'Companies' });
    expect(await within(grid).findByText('Boots')).toBeInTheDocument();
    expect(within(grid).getByText('Health & Beauty')).toBeInTheDocument();
    expect(within(grid).getAllByRole('img', { name: MESSAGES.retailerVerified }).length).toBeGreaterThan(0);
    // Not an admin: no verify / merge / delete.
    expect(within(grid).queryByRole('button', { name: 'Delete Boots' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Verification' }));
    await user.click(await screen.findByRole('option', { name: 'Never verified' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/companies').at(-1)!.url.searchParams.get('verification')).toBe('never'),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/api/ui-state/companies')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/ui-state/companies')[0]!.body).toEqual({
      state: { q: 'bo', category_id: null, verification: 'never', sort: '-updated_at', per_page: 50 },
    });
  });

  it('opens a company on its page: a row links there, and an ?id= link is sent on to it', async () => {
    const { router } = renderRoute('/companies?id=1', { pages, user: makeAdmin(), routes: routes({}) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1'));
    expect(router.state.location.search).toBe('');
    // Replaced, not pushed: Back does not bounce through the redirect.
    expect(router.state.historyAction).toBe('REPLACE');

    await router.navigate('/companies');
    const grid = await screen.findByRole('grid', { name: 'Companies' });
    expect(await within(grid).findByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/companies/1');
    for (const action of ['Edit Boots', 'Unverify Boots', 'Merge Boots', 'Delete Boots', 'Verify Next']) {
      expect(
        within(grid).getByRole(action.startsWith('Edit') ? 'link' : 'button', { name: action }),
      ).toBeInTheDocument();
    }
  });

  it('exports the current filter as CSV: the export call carries the filters and the file is saved', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => {
          created.push(b);
          return 'blob:csv';
        },
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const csv = 'id,name\n1,Boots\n2,Next\n';
    const { api, user } = renderRoute('/companies', {
      pages,
      user: makeUser(),
      routes: {
        ...routes({ q: 'bo', category_id: 2 }),
        'GET /api/companies/export': () =>
          new Response(csv, {
            status: 200,
            headers: {
              'Content-Type': 'text/csv',
              'X-Total-Count': '2',
              'Content-Disposition': 'attachment; filename="companies-2026-11-23.csv"',
            },
          }),
      },
    });
    // The export sends the filters on screen: once the saved ones are restored, as a user sees them.
    expect(await screen.findByRole('searchbox', { name: 'Search companies' })).toHaveValue('bo');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = api.callsTo('GET', '/api/companies/export')[0]!;
    expect(call.url.searchParams.get('q')).toBe('bo');
    expect(call.url.searchParams.get('category_id')).toBe('2');
    expect(call.url.searchParams.get('page')).toBeNull();
    expect(call.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(await created[0]!.text()).toBe(csv);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('companies-2026-11-23.csv');
    // Back to the button once done.
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    click.mockRestore();
  });
});
