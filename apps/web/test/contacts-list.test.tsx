import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ContactsPage from '../src/features/contacts/pages/ContactsPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { makeContact, page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/users': <ContactsPage /> };

afterEach(() => vi.unstubAllGlobals());

const carla = makeContact({
  id: 7,
  name: 'Carla Contact',
  email: 'carla@boots.com',
  company_id: 1,
  company: { id: 1, name: 'Boots', core_id: null, domain: 'boots.com', phone: null, is_verified: true },
  mobile: '07700 900123',
});

const routes = (saved: Record<string, unknown>) => ({
  'GET /api/ui-state/contacts': () =>
    json(200, { data: { screen: 'contacts', state: saved, updated_at: null } }),
  'PUT /api/ui-state/contacts': () =>
    json(200, { data: { screen: 'contacts', state: {}, updated_at: null } }),
  'GET /api/users': () => json(200, page([carla])),
  'DELETE /api/users/7': () =>
    json(200, { status: 'success', msg: 'The contact has been deleted.', data: null }),
});

describe('/users', () => {
  it('restores the saved company filter, searches, and ignores a saved value the list no longer accepts', async () => {
    const { api, user } = renderRoute('/users', {
      pages,
      user: makeUser(),
      routes: routes({ company: { id: 1, name: 'Boots' }, sort: 'no-such-sort', per_page: 7 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/users').length).toBeGreaterThan(0));
    const first = api.callsTo('GET', '/api/users')[0]!.url.searchParams;
    expect(first.get('company_id')).toBe('1');
    expect(first.get('include')).toBe('company');
    expect(first.get('sort')).toBe('name');
    expect(first.get('per_page')).toBe('25');
    // The restored company's name shows once its record is read, which may follow the first list call.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Boots'));

    const grid = await screen.findByRole('grid', { name: 'Contacts' });
    expect(await within(grid).findByText('Carla Contact')).toBeInTheDocument();
    expect(within(grid).getByText('07700 900123')).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Delete Carla Contact' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'carla');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/users').at(-1)!.url.searchParams.get('q')).toBe('carla'),
    );
    expect(api.callsTo('GET', '/api/users').filter((c) => c.url.searchParams.get('q') !== null)).toHaveLength(
      1,
    );
  });

  it('lets an admin delete a contact after confirming', async () => {
    const { api, user } = renderRoute('/users', { pages, user: makeAdmin(), routes: routes({}) });
    const grid = await screen.findByRole('grid', { name: 'Contacts' });
    await user.click(await within(grid).findByRole('button', { name: 'Delete Carla Contact' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contact' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete Carla Contact?');
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/users/7')).toHaveLength(1));
    expect(await screen.findByText('The contact has been deleted.')).toBeInTheDocument();
  });
});
