/**
 * Archiving (ADR 0078): the property view's Archive action and its dialog (a
 * reason required, keyboard, Escape), the archived banner with Restore for those allowed, the
 * admins' Archived filter; and item 7's tail: saving a property with no address asks first.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import NewPropertyPage from '../src/features/properties/pages/NewPropertyPage';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { property } from './placesFixtures';
import { PROPERTY_SEARCH_LABEL } from '../src/entities/properties/api';

const pages = {
  '/properties/create': <NewPropertyPage />,
  '/properties': <PropertiesPage />,
  '/schemes': <SchemesPage />,
};

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

const ARCHIVED = {
  archived_at: '2026-03-02T09:30:00.000Z',
  archived_by: { id: 9, name: 'Olive Owner' },
  archive_reason: 'Demolished for the new station',
};

/** The property view of 12 (owned by company 1), its archive and restore answered as the server does. */
const openProperty = (user = makeUser(), extra: Record<string, unknown> = {}) => {
  let current: Record<string, unknown> = property(12, { owner_company_id: 1, archived_at: null, ...extra });
  return renderRoute('/properties?id=12', {
    pages,
    user,
    routes: {
      'GET /api/properties/12': () => json(200, { data: current }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/properties': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'GET /api/enquiries': () => json(200, emptyPage),
      'GET /api/properties/12/enquiry-matches': () => json(200, emptyPage),
      'DELETE /api/properties/12': (req: FakeRequest) => {
        const reason = (req.body as { reason: string }).reason;
        current = { ...current, ...ARCHIVED, archive_reason: reason };
        return json(200, { status: 'success', msg: 'The property has been archived.', data: current });
      },
      'POST /api/properties/12/restore': () => {
        current = { ...current, archived_at: null, archived_by: null, archive_reason: null };
        return json(200, { status: 'success', msg: 'The property has been restored.', data: current });
      },
    },
  });
};

describe('Archive property', () => {
  it('asks for a reason (required), archives from the keyboard, tells the user and shows the banner', async () => {
    const { user, api } = openProperty();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive property' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveFocus());
    // No reason: the shared rule's message, and nothing is sent.
    await user.click(dialog.getByRole('button', { name: 'Archive' }));
    expect(await dialog.findByText('Give a reason for archiving.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('DELETE', '/api/properties/12')).toHaveLength(0);

    await user.type(reason, 'Demolished');
    await user.tab(); // Cancel
    await user.tab(); // Archive
    expect(dialog.getByRole('button', { name: 'Archive' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('DELETE', '/api/properties/12')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/properties/12')[0]!.body).toEqual({ reason: 'Demolished' });
    expect(await screen.findByText('The property has been archived.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Archive property' })).not.toBeInTheDocument(),
    );
    const banner = await screen.findByRole('alert', { name: /This property is archived/ });
    expect(banner).toHaveTextContent('Archived by Olive Owner on 02/03/2026');
    expect(banner).toHaveTextContent('Demolished');
    // An archived property takes no deal and has nothing more to archive.
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create Deal/ })).not.toBeInTheDocument();
    // The lists are read again without it.
    await waitFor(() => expect(api.callsTo('GET', '/api/properties/12').length).toBeGreaterThan(1));
  });

  it('closes on Escape, asking first once a reason is typed', async () => {
    const { user, api } = openProperty();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await screen.findByRole('dialog', { name: 'Archive property' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Archive property' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive property' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Closed');
    await user.keyboard('{Escape}');
    const ask = within(await screen.findByRole('dialog', { name: 'Discard changes?' }));
    await user.click(ask.getByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Archive property' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE', '/api/properties/12')).toHaveLength(0);
  });

  it('is not offered to another company', async () => {
    openProperty(makeUser({ company_id: 2 }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it('restores from the banner (the owner company or an admin)', async () => {
    const { user, api } = openProperty(makeAdmin({ company_id: 5 }), ARCHIVED);
    const banner = await screen.findByRole('alert', { name: /This property is archived/ });
    await user.click(within(banner).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/properties/12/restore')).toHaveLength(1));
    expect(await screen.findByText('The property has been restored.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: /This property is archived/ })).not.toBeInTheDocument(),
    );
  });

  it('shows the banner without Restore to another company', async () => {
    openProperty(makeUser({ company_id: 2 }), ARCHIVED);
    const banner = await screen.findByRole('alert', { name: /This property is archived/ });
    expect(within(banner).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });
});

describe('the admins’ Archived filter', () => {
  const lists = {
    'GET /api/properties': () => json(200, emptyPage),
    'GET /api/schemes': () => json(200, emptyPage),
    'GET /api/ui-state/properties': () => json(200, { data: { screen: 'properties', state: {} } }),
    'PUT /api/ui-state/properties': () => json(200, { data: { screen: 'properties', state: {} } }),
    'GET /api/ui-state/schemes': () => json(200, { data: { screen: 'schemes', state: {} } }),
    'PUT /api/ui-state/schemes': () => json(200, { data: { screen: 'schemes', state: {} } }),
  };

  it('lets an admin show archived properties only, and sends it with the list', async () => {
    const { user, api } = renderRoute('/properties', { pages, user: makeAdmin(), routes: lists });
    await user.click(await screen.findByRole('combobox', { name: 'Archived' }));
    await user.click(await screen.findByRole('option', { name: 'Archived only' }));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/properties').some((c) => c.url.searchParams.get('archived') === 'only'),
      ).toBe(true),
    );
  });

  it('lets an admin include archived schemes', async () => {
    const { user, api } = renderRoute('/schemes', { pages, user: makeAdmin(), routes: lists });
    await user.click(await screen.findByRole('combobox', { name: 'Archived' }));
    await user.click(await screen.findByRole('option', { name: 'Include archived' }));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/schemes').some((c) => c.url.searchParams.get('archived') === 'include'),
      ).toBe(true),
    );
  });

  it('is not there for anyone else', async () => {
    renderRoute('/properties', { pages, user: makeUser(), routes: lists });
    expect(await screen.findByRole('textbox', { name: PROPERTY_SEARCH_LABEL })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Archived' })).not.toBeInTheDocument();
  });
});

describe('saving a property with no address', () => {
  it('asks first: Cancel sends nothing, Save anyway saves it', async () => {
    const { user, api } = renderRoute('/properties/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/properties': () => json(201, { data: property(77) }),
        'GET /api/properties/77': () => json(200, { data: property(77) }),
        'GET /api/properties/77/history': () => json(200, emptyPage),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'New Standalone Property' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Save a property without an address?' }));
    await user.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Save a property without an address?' }),
      ).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST', '/api/properties')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/properties')).toHaveLength(1));
  });

  it('does not ask when the property has a street, a post code or a city', async () => {
    const { user, api } = renderRoute('/properties/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/properties': () => json(201, { data: property(77) }),
        'GET /api/properties/77': () => json(200, { data: property(77) }),
        'GET /api/properties/77/history': () => json(200, emptyPage),
      },
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'New Standalone Property' }));
    await user.click(dialog.getByRole('textbox', { name: 'City' }));
    await user.paste('Leeds');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/properties')).toHaveLength(1));
    expect(
      screen.queryByRole('dialog', { name: 'Save a property without an address?' }),
    ).not.toBeInTheDocument();
  });
});
