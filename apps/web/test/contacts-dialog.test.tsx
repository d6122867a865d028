import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DIALOG_WIDTHS, MESSAGES, type Company } from '@frontage/shared';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, formEntries, makeCompany, makeContact } from './companiesFixtures';

/** The top bar, which opens the shell's dialogs. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

afterEach(() => vi.unstubAllGlobals());

const openCreateContact = async (routes: Record<string, FakeHandler> = {}) => {
  const app = renderRoute('/', { beside, user: makeUser(), routes });
  await app.user.click(await screen.findByRole('button', { name: 'Create Contact' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Contact' });
  return { ...app, dialog };
};

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' });

describe('Create Contact dialog', () => {
  it('opens from the top bar at 600 px; Save stays disabled until the form is valid', async () => {
    const { dialog, user } = await openCreateContact({
      'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
    });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    expect(getComputedStyle(dialog).width).toBe(`${DIALOG_WIDTHS.contact}px`);
    expect(save(dialog)).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Al');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'al@example.org');
    expect(save(dialog)).toBeDisabled();
    expect(within(dialog).getByText('The name must be at least 3 characters.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ice');
    await waitFor(() => expect(save(dialog)).toBeEnabled());

    await user.clear(within(dialog).getByRole('textbox', { name: /^E-mail/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'not-an-address');
    await waitFor(() => expect(save(dialog)).toBeDisabled());
    expect(within(dialog).getByText('The email must be a valid email address.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'No companies found' → 'Create a new company' creates it over the dialog and selects it", async () => {
    const companies: Company[] = [makeCompany({ id: 1, name: 'Boots' })];
    const created = makeCompany({ id: 77, name: 'Brand New Retail', domain: null });
    const { dialog, user, api } = await openCreateContact({
      'GET /api/companies': companySearch(companies),
      'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
      'POST /api/companies': () => json(201, { data: created }),
      'POST /api/users': (req) =>
        json(201, {
          data: makeContact({ ...(req.body as object), id: 99, company: { ...created, is_verified: false } }),
        }),
    });

    const company = within(dialog).getByRole('combobox', { name: 'Company' });
    await user.type(company, 'Brand New Retail');
    expect(await screen.findByText(MESSAGES.noCompaniesFound)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.createNewCompany }));

    const companyDialog = await screen.findByRole('dialog', { name: 'Create Company' });
    expect(within(companyDialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Brand New Retail');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(companyDialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(companyDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Company' })).not.toBeInTheDocument(),
    );
    expect(formEntries(api.callsTo('POST', '/api/companies')[0]?.body)).toEqual([
      ['name', 'Brand New Retail'],
    ]);

    // Selected in the contact dialog, which stayed open underneath.
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Brand New Retail');

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nina New');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'nina@brandnew.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^Mobile/ }), '07700 900123');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.click(save(dialog));
    await waitFor(() => expect(api.callsTo('POST', '/api/users')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users')[0]?.body).toEqual({
      company_id: 77,
      name: 'Nina New',
      email: 'nina@brandnew.example',
      direct_dial: null,
      mobile: '07700 900123',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Contact' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Contact "Nina New" created.')).toBeInTheDocument();
  });

  it('proposes the company that owns the e-mail domain: selected when empty, suggested otherwise', async () => {
    const boots = makeCompany({ id: 5, name: 'Boots', domain: 'boots.com', is_verified: true });
    const other = makeCompany({ id: 6, name: 'Superdrug', domain: 'superdrug.com' });
    const { dialog, user, api } = await openCreateContact({
      'GET /api/companies': companySearch([boots, other]),
      'GET /api/companies/by-domain': (req) =>
        req.url.searchParams.get('domain') === 'boots.com'
          ? json(200, { data: boots })
          : json(404, { msg: 'Not found.' }),
    });
    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await user.type(email, 'jo@boots.com');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Boots'),
    );
    // Only a complete, valid address is looked up.
    expect(
      api.callsTo('GET', '/api/companies/by-domain').map((c) => c.url.searchParams.get('domain')),
    ).toEqual(['boots.com']);

    // Another company chosen by hand: the domain's company is only suggested.
    const company = within(dialog).getByRole('combobox', { name: 'Company' });
    await user.clear(company);
    await user.type(company, 'Super');
    await user.click(await screen.findByRole('option', { name: /Superdrug/ }));
    expect(company).toHaveValue('Superdrug');
    const suggestion = await within(dialog).findByTestId('company-suggestion');
    expect(suggestion).toHaveTextContent('Boots uses the e-mail domain boots.com.');
    await user.click(within(suggestion).getByRole('button', { name: 'Use Boots' }));
    expect(company).toHaveValue('Boots');
    expect(within(dialog).queryByTestId('company-suggestion')).not.toBeInTheDocument();
  });

  it("shows the server's 422 messages against each field and as the notice", async () => {
    const { dialog, user } = await openCreateContact({
      'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
      'POST /api/users': () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { email: ['The email has already been taken.'], mobile: ['Too long.', 'Bad digits.'] },
        }),
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sam Smith');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'sam@example.org');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.click(save(dialog));
    expect(await within(dialog).findByText('Too long., Bad digits.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('The email has already been taken.').length).toBeGreaterThan(0);
    expect(screen.getByText(MESSAGES.validationError)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Contact' })).toBeInTheDocument();
  });
});
