import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEAL_MENU, TRACKED_RETAILER_TOOLTIP } from '@frontage/shared';
import { renderApp, CONFIG } from './renderApp';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const DRAWER_ORDER = [
  'My Properties',
  'Map',
  'Schemes',
  'Properties',
  'Companies',
  'Contacts',
  'Pipelines',
  'Enquiries',
  'Deals',
  'Lease Events',
  'Tracked Retailers (Admin)',
  'Tracked Retailers',
  'Gap Analysis (Beta)',
  'Imports',
  'Webhooks',
  'Documentation',
  'Support',
];

const drawerLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await waitFor(() => expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('href'));
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

describe('side drawer', () => {
  it('lists the entries in the spec order, admin entry included for admins', async () => {
    renderApp('/', { user: makeAdmin() });
    expect(await drawerLabels()).toEqual(DRAWER_ORDER);
  });

  it('hides the admin entry from other users; external links open in a new tab', async () => {
    renderApp('/', { user: makeUser() });
    expect(await drawerLabels()).toEqual(
      DRAWER_ORDER.filter((l) => l !== 'Tracked Retailers (Admin)' && l !== 'Webhooks'),
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const docs = within(nav).getByRole('link', { name: 'Documentation' });
    expect(docs).toHaveAttribute('href', CONFIG.docs_url);
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
    expect(within(nav).getByRole('link', { name: 'Schemes' })).toHaveAttribute('href', '/schemes');
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/users');
  });

  it('highlights the active entry', async () => {
    renderApp('/companies', { user: makeUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My Properties' })).not.toHaveAttribute('aria-current');
  });
});

describe('top bar', () => {
  it('shows at most two initials and an account menu with Profile and Logout', async () => {
    const { user: ue, router, api } = renderApp('/', { user: makeUser({ name: 'Mary Jane Watson Parker' }) });
    expect(await screen.findByTestId('user-avatar')).toHaveTextContent(/^MP$/);
    await ue.click(screen.getByRole('button', { name: /Account menu$/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await ue.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
  });

  it('New Deal: spec items in order, the built wizards enabled; Tracked Retailer for admins only, with its tooltip', async () => {
    const { user: ue } = renderApp('/', { user: makeAdmin() });
    await ue.click(await screen.findByRole('button', { name: 'New Deal' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(DEAL_MENU.map((d) => d.label));
    // Every item opens its wizard.
    const disabled = items
      .filter((i) => i.getAttribute('aria-disabled') === 'true')
      .map((i) => i.textContent);
    expect(disabled).toEqual([]);
    await ue.hover(screen.getByTestId('tracked-retailer-deal'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TRACKED_RETAILER_TOOLTIP);
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('New Deal hides Tracked Retailer from other users', async () => {
    const { user: ue } = renderApp('/', { user: makeUser() });
    await ue.click(await screen.findByRole('button', { name: 'New Deal' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Tracked Retailer' })).not.toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(5);
  });

  it('New Deal opens every deal type the user may record', async () => {
    const { user: ue } = renderApp('/', { user: makeUser() });
    await ue.click(await screen.findByRole('button', { name: 'New Deal' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Sale',
      'New Letting',
      'Sub-letting/Assignment',
      'Rent Review',
      'Lease Renewal/Re-gear',
    ]);
    for (const i of items) expect(i).not.toHaveAttribute('aria-disabled', 'true');
    await ue.click(screen.getByRole('menuitem', { name: 'Sub-letting/Assignment' }));
    expect(
      await screen.findByRole('dialog', { name: 'Add Deal - Sub-letting/Assignment' }),
    ).toBeInTheDocument();
  });

  it('Create Company, Create Contact and Enquiries open their dialogs', async () => {
    const { user: ue } = renderApp('/', { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Enquiries' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New Deal' })).toBeEnabled();
    await ue.click(screen.getByRole('button', { name: 'Enquiries' }));
    expect(await screen.findByRole('dialog', { name: /Manage Enquiries/ })).toBeInTheDocument();
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await ue.click(screen.getByRole('button', { name: 'Create Company' }));
    expect(await screen.findByRole('dialog', { name: /Create Company/ })).toBeInTheDocument();
    await ue.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await ue.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByRole('dialog', { name: /Create Contact/ })).toBeInTheDocument();
  });

  it('the bell links to /notifications and shows the unread count', async () => {
    renderApp('/', { user: makeUser(), unread: 7 });
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    await waitFor(() => expect(screen.getByTestId('notifications-unread-count')).toHaveTextContent('7'));
  });

  it('the theme toggle switches the theme and saves it for the user', async () => {
    const { user: ue, api } = renderApp('/', {
      user: makeUser(),
      routes: {
        'PUT /api/settings/theme': (req) =>
          json(200, { data: { ...(req.body as object), hidden_videos: [] } }),
      },
    });
    await ue.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/settings/theme')[0]?.body).toEqual({ theme: 'dark' }),
    );
  });

  it("boots with the user's saved theme", async () => {
    renderApp('/', { user: makeUser({ settings: { theme: 'dark', hidden_videos: [] } }) });
    await screen.findByRole('heading', { level: 1, name: 'My Properties' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('footer shows the year and the help e-mail', async () => {
    renderApp('/', { user: makeUser() });
    expect(await screen.findByText(`© ${new Date().getFullYear()} Frontage`)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: CONFIG.help_email })).toHaveAttribute(
      'href',
      `mailto:${CONFIG.help_email}`,
    );
  });
});
