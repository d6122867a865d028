import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { VERSION_MESSAGES } from '@frontage/shared';
import EditCompanyPage from '../src/features/companies/pages/EditCompanyPage';
import EditContactPage from '../src/features/contacts/pages/EditContactPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { makeCompany, makeContact, page } from './companiesFixtures';

/**
 * Lost updates (ADR 0060): an edit names the version it was opened on; a save refused
 * with 412 shows the fields changed since with their current values, and the user either takes
 * them or keeps theirs and saves over the new version.
 */

/** The screens under test, as the app routes them. */
const pages = { '/companies/:id/edit': <EditCompanyPage />, '/users/:id/edit': <EditContactPage /> };
describe('a stale edit', () => {
  it('on a company: shows what changed, keeps the input, and saves again on the current version', async () => {
    const opened = makeCompany({ id: 1, name: 'Acme Retail', phone: '0113 000 0000', version: 'v-opened' });
    const theirs = { ...opened, phone: '0113 999 9999', version: 'v-theirs' };
    let refused = false;
    const { api, user, router } = renderRoute('/companies/1/edit', {
      pages,
      user: makeUser({ company_id: 1 }),
      routes: {
        'GET /api/companies/1': () => json(200, { data: opened }),
        'PUT /api/companies/1': (req) => {
          if (req.headers.get('If-Match') === '"v-opened"') {
            refused = true;
            return json(412, { msg: VERSION_MESSAGES.stale, data: theirs });
          }
          return json(200, { data: { ...theirs, ...(req.body as object), version: 'v-mine' } });
        },
        'GET /api/users': () => json(200, page([])),
        'GET /api/company-categories': () => json(200, { data: [] }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit Company' });
    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Acme Retail Group');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('alert');
    expect(refused).toBe(true);
    expect(notice).toHaveTextContent(VERSION_MESSAGES.stale);
    const rows = within(
      within(notice).getByRole('table', { name: 'Changed since you opened it' }),
    ).getAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['Phone0113 999 9999']);
    // Nothing the user typed was thrown away, and nothing was navigated.
    expect(name).toHaveValue('Acme Retail Group');
    expect(router.state.location.pathname).toBe('/companies/1/edit');

    await user.click(within(notice).getByRole('button', { name: 'Keep my changes' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    // Saved: the company's own page opens (ADR 0092).
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1'));
    const puts = api.callsTo('PUT', '/api/companies/1');
    expect(puts.map((p) => p.headers.get('If-Match'))).toEqual(['"v-opened"', '"v-theirs"']);
  });

  it('on a contact: "Use the current values" refills the form from the record as it stands', async () => {
    const opened = makeContact({
      id: 8,
      name: 'Carla Contact',
      mobile: '07700 900000',
      company_id: 1,
      version: 'a',
    });
    const theirs = { ...opened, name: 'Carla Jones', mobile: '07700 900111', version: 'b' };
    const { api, user } = renderRoute('/users/8/edit', {
      pages,
      user: makeUser({ company_id: 1 }),
      routes: {
        'GET /api/users/8': () => json(200, { data: opened }),
        'PUT /api/users/8': () => json(412, { msg: VERSION_MESSAGES.stale, data: theirs }),
        'GET /api/companies': () => json(200, page([])),
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    const mobile = within(form).getByRole('textbox', { name: /^Mobile/ });
    await user.clear(mobile);
    await user.type(mobile, '07700 900222');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('alert');
    const table = within(notice).getByRole('table', { name: 'Changed since you opened it' });
    expect(within(table).getByRole('rowheader', { name: 'Name' }).closest('tr')).toHaveTextContent(
      'Carla Jones',
    );
    expect(within(table).getByRole('rowheader', { name: 'Mobile' }).closest('tr')).toHaveTextContent(
      '07700 900111',
    );
    expect(api.callsTo('PUT', '/api/users/8')[0]!.headers.get('If-Match')).toBe('"a"');

    await user.click(within(notice).getByRole('button', { name: 'Use the current values' }));
    expect(mobile).toHaveValue('07700 900111');
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Carla Jones');
    // Nothing left to save until the user changes something again.
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
