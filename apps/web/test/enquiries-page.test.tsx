import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ENQUIRY_SEARCH_LABEL } from '../src/entities/enquiries/api';
import EnquiriesPage from '../src/features/enquiries/pages/EnquiriesPage';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { page } from './companiesFixtures';
import { property } from './placesFixtures';
import { enquiryPage, makeEnquiry, uiStateRoutes } from './enquiriesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/enquiries': <EnquiriesPage />, '/properties': <PropertiesPage /> };

afterEach(() => vi.unstubAllGlobals());

const emptyPage = page([]);
const LIVE = makeEnquiry({ id: 70, stage: 'under_offer' });
const DONE = makeEnquiry({
  id: 71,
  stage: 'withdrawn',
  company: { id: 4, name: 'Costa', is_verified: false, verified_at: null },
});

const routes = (extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  ...uiStateRoutes(),
  'GET /api/enquiries': () => json(200, enquiryPage([LIVE])),
  'GET /api/enquiries/70': () => json(200, { data: LIVE }),
  'GET /api/comments': () => json(200, emptyPage),
  ...extra,
});

const lastList = (r: ReturnType<typeof renderRoute>) =>
  r.api.callsTo('GET', '/api/enquiries').at(-1)!.url.searchParams;

describe('/enquiries', () => {
  it('lists every enquiry 50 a page, newest first, and filters by stage and Mine on the server', async () => {
    const r = renderRoute('/enquiries', { pages, user: makeUser(), routes: routes() });
    const grid = await screen.findByRole('grid', { name: 'Enquiries' });
    expect(
      await within(grid).findByRole('link', { name: 'Unit 4 Park Lane, Portsmouth, PO1 3LP' }),
    ).toHaveAttribute('href', '/properties?id=12');
    expect(within(grid).getByRole('gridcell', { name: '1,000 – 2,500 sqft' })).toBeInTheDocument();
    expect(within(grid).getByRole('gridcell', { name: '£20,000 – £45,000' })).toBeInTheDocument();
    expect(lastList(r).get('per_page')).toBe('50');
    expect(lastList(r).get('sort')).toBe('-id');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    await r.user.click(screen.getByRole('combobox', { name: 'Stage' }));
    await r.user.click(await screen.findByRole('option', { name: 'Interest' }));
    await r.user.click(await screen.findByRole('option', { name: 'Under Offer' }));
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(lastList(r).get('stage')).toBe('interest,under_offer'));
    await r.user.click(screen.getByRole('checkbox', { name: 'Mine' }));
    await waitFor(() => expect(lastList(r).get('mine')).toBe('1'));
  });

  it('searches company, contact and town from a field that says so; Clear filters empties it', async () => {
    const r = renderRoute('/enquiries', { pages, user: makeUser(), routes: routes() });
    await screen.findByRole('grid', { name: 'Enquiries' });
    const search = screen.getByRole('searchbox', { name: ENQUIRY_SEARCH_LABEL });
    await r.user.type(search, 'newcastle');
    await waitFor(() => expect(lastList(r).get('q')).toBe('newcastle'));
    expect(lastList(r).get('page')).toBe('1');
    await r.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the unfiltered list (already loaded: no new request needed) and saved so.
    await waitFor(() =>
      expect(r.api.callsTo('PUT', '/api/ui-state/enquiry_list').at(-1)?.body).toMatchObject({
        state: { q: '' },
      }),
    );
    expect(screen.getByRole('grid', { name: 'Enquiries' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: ENQUIRY_SEARCH_LABEL })).toHaveValue('');
  });

  it('opens ?id=&type=enquiry in Edit Enquiry over the list; closing it leaves the list', async () => {
    const r = renderRoute('/enquiries?id=70&type=enquiry', { pages, user: makeUser(), routes: routes() });
    const dialog = await screen.findByRole('dialog', { name: 'Editing Enquiry' });
    expect(await within(dialog).findByRole('combobox', { name: 'Company' })).toHaveValue('Greggs');
    await r.user.click(within(dialog).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(r.router.state.location.search).toBe(''));
    // The dialog leaves after its exit transition.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editing Enquiry' })).not.toBeInTheDocument(),
    );
  });
});

describe('the property view’s Enquiries section', () => {
  it('lists the live enquiries before the closed ones, and Add Enquiry opens Create Enquiry for the property', async () => {
    const r = renderRoute('/properties?id=12', {
      pages,
      user: makeUser(),
      routes: routes({
        'GET /api/enquiries': (req) =>
          json(
            200,
            enquiryPage(req.url.searchParams.get('stage') === 'interest,under_offer' ? [LIVE] : [DONE]),
          ),
        'GET /api/properties/12': () => json(200, { data: property(12, { building_num: 'Unit 4' }) }),
        'GET /api/properties/12/history': () => json(200, emptyPage),
        'GET /api/properties/12/deals': () => json(200, emptyPage),
      }),
    });
    const section = await screen.findByRole('region', { name: /^Enquiries/ });
    const table = await within(section).findByRole('table');
    const companies = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(companies).toEqual(['Greggs', 'Costa']);
    await r.user.click(within(section).getByRole('button', { name: 'Add Enquiry' }));
    expect(await screen.findByRole('dialog', { name: /^New Enquiry for Unit 4 / })).toBeInTheDocument();
  });
});
