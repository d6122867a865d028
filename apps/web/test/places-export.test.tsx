import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { page } from './companiesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/properties': <PropertiesPage />, '/schemes': <SchemesPage /> };

afterEach(() => vi.unstubAllGlobals());

/** Saved list state for `screen`, an empty list, and a CSV answer for its export. */
const routes = (screenName: 'properties' | 'schemes', saved: Record<string, unknown>) => ({
  [`GET /api/ui-state/${screenName}`]: () =>
    json(200, { data: { screen: screenName, state: saved, updated_at: '2026-01-01T00:00:00Z' } }),
  [`PUT /api/ui-state/${screenName}`]: (req: { body: unknown }) =>
    json(200, { data: { screen: screenName, ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' } }),
  [`GET /api/${screenName}`]: () => json(200, page([])),
  [`GET /api/${screenName}/export`]: () =>
    new Response('id\n1\n', {
      status: 200,
      headers: {
        'Content-Type': 'text/csv',
        'X-Total-Count': '1',
        'Content-Disposition': `attachment; filename="${screenName}-2026-11-23.csv"`,
      },
    }),
});

const stubDownload = () => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
};

describe('CSV export of the places lists', () => {
  it('/properties exports with the list filters and sort, as the list query sends them', async () => {
    const click = stubDownload();
    const { api, user } = renderRoute('/properties', {
      pages,
      user: makeUser(),
      routes: routes('properties', {
        q: 'albion',
        town: 'Leeds',
        scheme: { id: 5, name: 'Trinity Leeds' },
        landlord: { id: 9, name: 'Landsec' },
        vacant: true,
        lease_end_from: '01/01/2030',
        sort: '-rent_pa',
        page: 3,
        per_page: 50,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const list = api.callsTo('GET', '/api/properties').at(-1)!.url.searchParams;
    const exported = api.callsTo('GET', '/api/properties/export')[0]!.url.searchParams;
    expect(Object.fromEntries(exported)).toEqual({
      q: 'albion',
      town: 'Leeds',
      scheme_id: '5',
      landlord_id: '9',
      vacant: '1',
      lease_end_from: '2030-01-01',
      sort: '-rent_pa',
    });
    list.delete('page');
    list.delete('per_page');
    list.delete('include');
    expect(Object.fromEntries(exported)).toEqual(Object.fromEntries(list));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('properties-2026-11-23.csv');
    click.mockRestore();
  });

  it('/schemes exports with the list filters and sort', async () => {
    const click = stubDownload();
    const { api, user } = renderRoute('/schemes', {
      pages,
      user: makeUser(),
      routes: routes('schemes', {
        q: 'trinity',
        town: '',
        type: 'Shopping centres',
        landlord: { id: 9, name: 'Landsec' },
        sort: '-town',
        page: 2,
        per_page: 25,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = api.callsTo('GET', '/api/schemes/export')[0]!.url.searchParams;
    expect(Object.fromEntries(exported)).toEqual({
      q: 'trinity',
      type: 'Shopping centres',
      landlord_id: '9',
      sort: '-town',
    });
    click.mockRestore();
  });
});
