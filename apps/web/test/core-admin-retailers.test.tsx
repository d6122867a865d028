import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, TRACKED_RETAILER_MESSAGES } from '@frontage/shared';
import CoreAdminPage from '../src/features/core-admin/pages/CoreAdminPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { companySearch, makeCompany } from './companiesFixtures';
import { makeRetailer, pageOf, uiStateRoutes } from './coreAdminFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core': <CoreAdminPage /> };

afterEach(() => vi.unstubAllGlobals());

const lapsed = makeRetailer({
  id: 1,
  name: 'Boots',
  is_verified: false,
  verified_at: '2026-01-10T09:00:00Z',
  store_changed_at: '2026-02-01T09:00:00Z',
});
const never = makeRetailer({ id: 2, name: 'Greggs', categories: [], stores: 3 });

describe('/core — Retailers', () => {
  it('lists the retailers in queue order; Verify now turns the indicator green', async () => {
    let verified = false;
    const { user, api } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: {
        ...uiStateRoutes('core_retailers'),
        'GET /api/tracked-retailers': () =>
          json(
            200,
            pageOf(
              verified
                ? [never, { ...lapsed, is_verified: true, verified_at: '2026-03-01T09:00:00Z' }]
                : [lapsed, never],
            ),
          ),
        'PUT /api/companies/1/verification': () => {
          verified = true;
          return json(200, { data: makeCompany({ id: 1, is_verified: true }) });
        },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tracked Retailers (Admin)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Retailers', selected: true })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Tracked retailers' });
    expect(await within(grid).findByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/core-data/1');
    expect(api.callsTo('GET', '/api/tracked-retailers')[0]!.url.searchParams.get('sort')).toBe('queue');
    expect(within(grid).getByText('Health & Beauty')).toBeInTheDocument();
    expect(
      within(grid).getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Actions for Boots' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Verify now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Verify now' });
    expect(within(confirm).getByText(/Boots/)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/companies/1/verification')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Verify now' }));

    expect(await screen.findByText(TRACKED_RETAILER_MESSAGES.verified)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/companies/1/verification')[0]!.body).toEqual({ is_verified: true });
    await waitFor(() =>
      expect(within(grid).getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument(),
    );
    expect(
      within(grid).queryByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).not.toBeInTheDocument();
  });

  it('filters by verification and search, keeping the queue order', async () => {
    const { user, api } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: {
        ...uiStateRoutes('core_retailers'),
        'GET /api/tracked-retailers': () => json(200, pageOf([lapsed])),
      },
    });
    await screen.findByRole('grid', { name: 'Tracked retailers' });
    await user.click(screen.getByRole('combobox', { name: 'Verification' }));
    await user.click(await screen.findByRole('option', { name: 'Never verified' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('verification')).toBe(
        'never',
      ),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search retailers' }), 'boo{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('q')).toBe('boo'),
    );
    expect(api.callsTo('GET', '/api/tracked-retailers').at(-1)!.url.searchParams.get('sort')).toBe('queue');
  });

  it('stops tracking after a confirmation, and starts tracking a company chosen in the picker', async () => {
    const { user, api } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: {
        ...uiStateRoutes('core_retailers'),
        'GET /api/tracked-retailers': () => json(200, pageOf([lapsed])),
        'PUT /api/core/retailers/1/tracking': () => json(200, { data: null }),
        'PUT /api/core/retailers/9/tracking': () => json(200, { data: null }),
        'GET /api/companies': companySearch([makeCompany({ id: 9, name: 'Wilko' })]),
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Tracked retailers' });
    await user.click(await within(grid).findByRole('button', { name: 'Actions for Boots' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop tracking' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop tracking' })).getByRole('button', {
        name: 'Stop tracking',
      }),
    );
    expect(await screen.findByText(TRACKED_RETAILER_MESSAGES.trackingStopped)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/core/retailers/1/tracking')[0]!.body).toEqual({ tracked: false });

    await user.click(await screen.findByRole('button', { name: 'Start tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start tracking a retailer' });
    await user.type(within(dialog).getByRole('combobox', { name: /Company/ }), 'wil');
    await user.click(await screen.findByRole('option', { name: /Wilko/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Start tracking' }));
    expect(await screen.findByText(TRACKED_RETAILER_MESSAGES.trackingStarted)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/core/retailers/9/tracking')[0]!.body).toEqual({ tracked: true });
  });

  it('keeps the open tab in the URL', async () => {
    const { user, router } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: {
        ...uiStateRoutes('core_retailers'),
        'GET /api/tracked-retailers': () => json(200, pageOf([])),
        'GET /api/core/verification-queue': () => json(200, pageOf([])),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Verification queue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=queue'));
    expect(await screen.findByText('No changes are waiting for verification.')).toBeInTheDocument();
  });
});
