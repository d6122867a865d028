import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_FIELDS, CONTACT_MESSAGES, type Contact, type User } from '@frontage/shared';
import EditContactPage from '../src/features/contacts/pages/EditContactPage';
import NewContactPage from '../src/features/contacts/pages/NewContactPage';
import ContactsPage from '../src/features/contacts/pages/ContactsPage';
import ContactPage from '../src/features/contacts/pages/ContactPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = {
  '/users/:id/edit': <EditContactPage />,
  '/users/create': <NewContactPage />,
  '/users': <ContactsPage />,
  '/users/:id': <ContactPage />,
};

/** The Account section of /users/{id}/edit (ADR 0065). */

const priya = makeUser({
  id: 7,
  name: 'Priya Shah',
  email: 'priya@example.com',
  company_id: 1,
  can_sign_in: false,
});

/** A contact as the API answers anyone but an admin or the contact themselves (ADR 0073). */
const asOthersSeeIt = (u: User): Contact =>
  Object.fromEntries(
    Object.entries(u).filter(([k]) => !(ACCOUNT_FIELDS as readonly string[]).includes(k)),
  ) as Contact;

const editAs = (me: User, contact: Contact = priya) =>
  renderRoute(`/users/${contact.id}/edit`, {
    pages,
    user: me,
    routes: {
      [`GET /api/users/${contact.id}`]: () => json(200, { data: contact }),
      [`PUT /api/users/${contact.id}`]: (req) => json(200, { data: { ...contact, ...(req.body as object) } }),
      'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
    },
  });

describe('the Account section of a contact', () => {
  it('is not shown to an ordinary user, and their save carries no account field', async () => {
    const { api, user } = editAs(makeUser({ id: 2, company_id: 1 }), asOthersSeeIt(priya));
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    expect(within(form).queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('switch', { name: 'Can sign in' })).not.toBeInTheDocument();
    const mobile = within(form).getByRole('textbox', { name: 'Mobile' });
    await user.type(mobile, '07700 900123');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/7')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/users/7')[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['company_id', 'direct_dial', 'email', 'mobile', 'name']);
  });

  it('lets an admin give a sign-in: a temporary password is needed, and only changed fields are sent', async () => {
    const { api, user } = editAs(makeAdmin());
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    const account = within(form).getByRole('region', { name: 'Account' });
    expect(within(account).getByRole('combobox', { name: 'User type' })).toHaveTextContent('Ordinary');
    const signIn = within(account).getByRole('switch', { name: 'Can sign in' });
    expect(signIn).not.toBeChecked();
    expect(within(account).queryByLabelText(/Temporary password/)).not.toBeInTheDocument();

    await user.click(signIn);
    const password = within(account).getByLabelText(/Temporary password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    const save = within(form).getByRole('button', { name: 'Save' });
    // Sign-in turned on without a password: nothing to save yet.
    expect(save).toBeDisabled();

    await user.type(password, 'temporary-pass-1');
    await user.click(within(account).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(
      within(account).getByText('The user will be asked to change it after signing in.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/7')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/users/7')[0]!.body).toEqual({
      company_id: 1,
      name: 'Priya Shah',
      email: 'priya@example.com',
      direct_dial: null,
      mobile: null,
      can_sign_in: true,
      password: 'temporary-pass-1',
    });
  });

  it('sends only the type when only the type changed', async () => {
    const { api, user } = editAs(makeAdmin(), { ...priya, can_sign_in: true });
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    await user.click(within(form).getByRole('combobox', { name: 'User type' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/7')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/users/7')[0]!.body as Record<string, unknown>;
    expect(body.type).toBe('admin');
    expect(body).not.toHaveProperty('can_sign_in');
    expect(body).not.toHaveProperty('password');
  });

  it('asks before turning a sign-in off, and sends it only once confirmed', async () => {
    const { api, user } = editAs(makeAdmin(), { ...priya, can_sign_in: true });
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    const signIn = within(form).getByRole('switch', { name: 'Can sign in' });
    expect(signIn).toBeChecked();

    await user.click(signIn);
    let dialog = await screen.findByRole('dialog', { name: 'Turn off sign-in?' });
    expect(dialog).toHaveTextContent('Priya Shah will be signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Nothing changed: the switch is still on and there is nothing to save.
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(signIn).toBeChecked();

    await user.click(signIn);
    dialog = await screen.findByRole('dialog', { name: 'Turn off sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off sign-in' }));
    await waitFor(() => expect(signIn).not.toBeChecked());
    const save = await within(form).findByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT', '/api/users/7')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/users/7')[0]!.body as Record<string, unknown>;
    expect(body.can_sign_in).toBe(false);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('type');
  });

  it("an admin's own record: sign-in and type cannot be taken away", async () => {
    const me = makeAdmin();
    editAs(me, me);
    const form = await screen.findByRole('form', { name: 'Edit Contact' });
    expect(within(form).getByRole('switch', { name: 'Can sign in' })).toBeDisabled();
    expect(within(form).getByText(CONTACT_MESSAGES.cannotDisableSelf)).toBeInTheDocument();
    expect(within(form).getByText(CONTACT_MESSAGES.cannotDemoteSelf)).toBeInTheDocument();
  });
});

describe('the Account section on /users/create', () => {
  it('lets an admin create a contact who can sign in; an agent does not see it', async () => {
    const { api, user, unmount } = renderRoute('/users/create', {
      pages,
      user: makeAdmin(),
      routes: {
        'POST /api/users': (req) => json(201, { data: { ...priya, ...(req.body as object), id: 9 } }),
        'GET /api/users/9': () => json(200, { data: { ...priya, id: 9 } }),
        'GET /api/users': () => json(200, { data: [], meta: { pagination: { total: 0 } } }),
        'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
      },
    });
    const form = await screen.findByRole('form', { name: 'New Contact' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Robin New');
    await user.type(within(form).getByRole('textbox', { name: /^E-mail/ }), 'robin@example.com');
    await user.click(within(form).getByRole('switch', { name: 'Can sign in' }));
    await user.type(within(form).getByLabelText(/Temporary password/), 'temporary-pass-1');
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST', '/api/users')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/users')[0]!.body).toMatchObject({
      name: 'Robin New',
      email: 'robin@example.com',
      can_sign_in: true,
      password: 'temporary-pass-1',
    });
    expect(api.callsTo('POST', '/api/users')[0]!.body).not.toHaveProperty('type');
    unmount();

    renderRoute('/users/create', { pages, user: makeUser(), routes: {} });
    const agentForm = await screen.findByRole('form', { name: 'New Contact' });
    expect(within(agentForm).queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
  });
});

describe("a contact's page", () => {
  const viewAs = (me: User, contact: Contact) =>
    renderRoute(`/users/${contact.id}`, {
      pages,
      user: me,
      routes: {
        [`GET /api/users/${contact.id}`]: () => json(200, { data: contact }),
        [`GET /api/users/${contact.id}/deals`]: () => json(200, page([])),
      },
    });
  const field = (card: HTMLElement, label: string) =>
    within(card).getByText(label, { selector: 'dt' }).nextElementSibling;

  it('shows an admin the account: type, sign-in and last activity', async () => {
    viewAs(
      makeAdmin(),
      makeUser({
        ...priya,
        type: 'admin',
        can_sign_in: true,
        is_temp: true,
        last_activity: '2026-11-20T09:05:00Z',
      }),
    );
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(field(account, 'User type')).toHaveTextContent('Admin');
    expect(field(account, 'Sign-in')).toHaveTextContent('Can sign in (temporary password)');
    expect(field(account, 'Last active')).toHaveTextContent('20/11/2026');
  });

  it('says when a contact cannot sign in or was never active', async () => {
    viewAs(makeAdmin(), makeUser({ ...priya, last_activity: null }));
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(field(account, 'User type')).toHaveTextContent('Ordinary');
    expect(field(account, 'Sign-in')).toHaveTextContent('Cannot sign in');
    expect(field(account, 'Last active')).toHaveTextContent('Never');
  });

  it('shows an ordinary user none of it', async () => {
    viewAs(makeUser({ id: 2, company_id: 1 }), asOthersSeeIt(makeUser({ ...priya, can_sign_in: true })));
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Mobile')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
    for (const label of ['User type', 'Sign-in', 'Last active'])
      expect(screen.queryByText(label)).not.toBeInTheDocument();
  });
});
