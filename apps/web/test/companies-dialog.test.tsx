import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COMPANY_MESSAGES, DIALOG_WIDTHS, LOGO_PREVIEW_MAX_PX, MESSAGES, type User } from '@frontage/shared';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { formEntries, makeCompany } from './companiesFixtures';

/** The top bar, which opens the shell's dialogs. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

afterEach(() => vi.unstubAllGlobals());

const CATEGORIES = [
  { id: 3, name: 'Fashion' },
  { id: 1, name: 'Health & Beauty' },
  { id: 2, name: 'Food & Drink' },
];

const openCreateCompany = async (who: User, routes: Record<string, FakeHandler> = {}) => {
  const app = renderRoute('/', {
    beside,
    user: who,
    routes: { 'GET /api/company-categories': () => json(200, { data: CATEGORIES }), ...routes },
  });
  await app.user.click(await screen.findByRole('button', { name: 'Create Company' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Company' });
  return { ...app, dialog };
};

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' });

describe('Create Company dialog', () => {
  it('is at most 600 px wide; Save is enabled only once the name is filled', async () => {
    const { dialog, user } = await openCreateCompany(makeUser());
    expect(getComputedStyle(dialog).maxWidth).toBe(`${DIALOG_WIDTHS.company}px`);
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveFocus();
    expect(save(dialog)).toBeDisabled();
    await user.type(name, 'B');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.clear(name);
    await waitFor(() => expect(save(dialog)).toBeDisabled());
    expect(within(dialog).getByText(COMPANY_MESSAGES.nameRequired)).toBeInTheDocument();
  });

  it("warns 'Validation Error' / 'Please fill all required fields' when an invalid form is submitted", async () => {
    const { dialog, user, api } = await openCreateCompany(makeUser());
    await user.type(within(dialog).getByRole('textbox', { name: /^Domain/ }), 'boots.com{Enter}');
    const notice = await screen.findByText(MESSAGES.fillRequired);
    expect(notice.closest('.notistack-MuiContent-warning')).not.toBeNull();
    expect(
      within(notice.closest('.notistack-MuiContent-warning') as HTMLElement).getByText(
        MESSAGES.validationErrorTitle,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/companies')).toHaveLength(0);
  });

  it('hides the categories from non-admins and never sends them', async () => {
    const { dialog, user, api } = await openCreateCompany(makeUser(), {
      'POST /api/companies': () => json(201, { data: makeCompany({ name: 'Boots' }) }),
    });
    expect(within(dialog).queryByRole('combobox', { name: 'Categories' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Boots');
    await user.type(within(dialog).getByRole('textbox', { name: /^Domain/ }), 'https://www.Boots.com/');
    await user.type(within(dialog).getByRole('textbox', { name: /^Phone/ }), '0115 950 6111');
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.click(save(dialog));
    await waitFor(() => expect(api.callsTo('POST', '/api/companies')).toHaveLength(1));
    expect(formEntries(api.callsTo('POST', '/api/companies')[0]?.body)).toEqual([
      ['name', 'Boots'],
      ['domain', 'boots.com'],
      ['phone', '0115 950 6111'],
    ]);
    expect(api.callsTo('GET', '/api/company-categories')).toHaveLength(0);
    expect(await screen.findByText('Company "Boots" created.')).toBeInTheDocument();
  });

  it('lets an admin pick categories (sent as categories[] ascending) and a logo with a capped preview', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => {} }),
    );
    const { dialog, user, api } = await openCreateCompany(makeAdmin(), {
      'POST /api/companies': () =>
        json(201, { data: makeCompany({ name: 'Superdrug', categories: [1, 3] }) }),
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Superdrug');
    const categories = within(dialog).getByRole('combobox', { name: 'Categories' });
    await user.click(categories);
    await user.click(await screen.findByRole('option', { name: 'Fashion' }));
    await user.click(categories);
    await user.click(await screen.findByRole('option', { name: 'Health & Beauty' }));

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByTestId('logo-input'), png);
    const preview = within(dialog).getByRole('img', { name: 'Logo preview' });
    expect(preview).toHaveAttribute('src', 'blob:logo');
    expect(getComputedStyle(preview).maxWidth).toBe(`${LOGO_PREVIEW_MAX_PX}px`);
    expect(getComputedStyle(preview).maxHeight).toBe(`${LOGO_PREVIEW_MAX_PX}px`);

    // Remove, then choose again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    expect(within(dialog).queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    await user.upload(within(dialog).getByTestId('logo-input'), png);

    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.click(save(dialog));
    await waitFor(() => expect(api.callsTo('POST', '/api/companies')).toHaveLength(1));
    expect(formEntries(api.callsTo('POST', '/api/companies')[0]?.body)).toEqual([
      ['name', 'Superdrug'],
      ['categories[]', '1'],
      ['categories[]', '3'],
      ['logo', 'file:logo.png'],
    ]);
  });

  it('refuses a non-image logo on the client and shows server 422s against the fields', async () => {
    const { dialog, user } = await openCreateCompany(makeUser(), {
      'POST /api/companies': () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { name: ['Name taken.', 'Try another.'] },
        }),
    });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Boots');
    const pdf = new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' });
    // A user can pick "All files" in the browser's file chooser, past the accept filter.
    fireEvent.change(within(dialog).getByTestId('logo-input'), { target: { files: [pdf] } });
    expect(await within(dialog).findByText(COMPANY_MESSAGES.logoType)).toBeInTheDocument();
    await waitFor(() => expect(save(dialog)).toBeDisabled());
    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    await waitFor(() => expect(save(dialog)).toBeEnabled());
    await user.click(save(dialog));
    expect(await within(dialog).findByText('Name taken., Try another.')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.validationError)).toBeInTheDocument();
  });

  it('closes at once on Escape while untouched; once a category is picked, Escape asks first', async () => {
    const { dialog, user } = await openCreateCompany(makeAdmin());
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Company' })).not.toBeInTheDocument(),
    );

    await user.click(await screen.findByRole('button', { name: 'Create Company' }));
    const again = await screen.findByRole('dialog', { name: 'Create Company' });
    expect(again).not.toBe(dialog);
    const categories = within(again).getByRole('combobox', { name: 'Categories' });
    await user.click(categories);
    await user.click(await screen.findByRole('option', { name: 'Fashion' }));
    await user.click(within(again).getByRole('heading', { name: 'Create Company' })); // list closed
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument(),
    );
    expect(within(again).getByText('Fashion')).toBeInTheDocument();

    await user.click(await within(again).findByRole('textbox', { name: /^Name/ }));
    await user.keyboard('{Escape}');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Company' })).not.toBeInTheDocument(),
    );
  });
});
