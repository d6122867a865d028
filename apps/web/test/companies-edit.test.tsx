import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import EditCompanyPage from '../src/features/companies/pages/EditCompanyPage';
import CompaniesPage from '../src/features/companies/pages/CompaniesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { formEntries, makeCompany, makeContact, page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/companies/:id/edit': <EditCompanyPage />, '/companies': <CompaniesPage /> };

afterEach(() => vi.unstubAllGlobals());

describe('/companies/{id}/edit', () => {
  it("saves the fields with PUT (no categories for a non-admin), replaces the logo, and lists the company's contacts", async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => {} }),
    );
    const acme = makeCompany({
      id: 1,
      name: 'Acme Retail',
      categories: [4],
      logo: '/api/companies/1/logo?v=1',
    });
    const { api, user, router } = renderRoute('/companies/1/edit', {
      pages,
      // The agent belongs to company 1: the master-entity rule lets them edit it.
      user: makeUser({ company_id: 1 }),
      routes: {
        'GET /api/companies/1': () => json(200, { data: acme }),
        'PUT /api/companies/1': (req) => json(200, { data: { ...acme, ...(req.body as object) } }),
        'POST /api/companies/1/logo': () =>
          json(200, { data: { ...acme, logo: '/api/companies/1/logo?v=2' } }),
        'GET /api/users': () =>
          json(200, page([makeContact({ id: 8, name: 'Carla Contact', company_id: 1 })])),
        'GET /api/companies': () => json(200, page([])),
        'GET /api/company-categories': () => json(200, { data: [] }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit Company' });
    expect(within(form).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', acme.logo);
    expect(within(form).queryByRole('combobox', { name: 'Categories' })).not.toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Acme Retail Group');
    await user.upload(
      within(form).getByTestId('logo-input'),
      new File(['x'], 'new.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    await waitFor(() => expect(api.callsTo('POST', '/api/companies/1/logo')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/companies/1')[0]!.body).toEqual({
      name: 'Acme Retail Group',
      domain: 'boots.com',
      phone: null,
    });
    expect(formEntries(api.callsTo('POST', '/api/companies/1/logo')[0]!.body)).toEqual([
      ['logo', 'file:new.png'],
    ]);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/companies/1'),
    );
    expect(
      api.calls.some((c) => c.path === '/api/users' && c.url.searchParams.get('company_id') === '1'),
    ).toBe(true);
  });

  it('another company’s user sees the form read-only', async () => {
    const other = makeCompany({ id: 3, name: 'Other Co' });
    renderRoute('/companies/3/edit', {
      pages,
      user: makeUser({ company_id: 1 }),
      routes: {
        'GET /api/companies/3': () => json(200, { data: other }),
        'GET /api/users': () => json(200, page([])),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit Company' });
    expect(
      screen.getByText('Only an administrator or a member of Other Co can change this company.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
