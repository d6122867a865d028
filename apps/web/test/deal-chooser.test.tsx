import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import DealsPage from '../src/features/deals/pages/DealsPage';
import { CreateDealHost } from '../src/features/deals/chooser/CreateDealHost';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { page } from './companiesFixtures';
import { address, party, property } from './placesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/properties': <PropertiesPage />, '/schemes': <SchemesPage />, '/deals': <DealsPage /> };
/** The chooser's host, as the shell renders it: it opens from the route (?create_deal=) over any page. */
const beside = <CreateDealHost />;

afterEach(() => vi.unstubAllGlobals());

const emptyPage = page([]);
const STANDALONE = property(12, { building_num: 'Unit 4' });
const UNIT = property(13, {
  building_num: 'Unit 9',
  scheme_id: 5,
  scheme: { id: 5, name: 'Abbey Retail Park' },
});
const SCHEME = {
  id: 5,
  entity_type: 'scheme',
  name: 'Abbey Retail Park',
  type: 'Out of town',
  opened_at: 2017,
  car_spaces: 600,
  is_under_construction: false,
  reason: null,
  address_id: 40,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  address,
  landlords: [party(3, 'Hammerson')],
  landlord_contacts: [],
  landlord_agents: [],
  landlord_agent_contacts: [],
  files: [],
  properties: [],
};

const routes: Record<string, FakeHandler> = {
  'GET /api/properties/12': () => json(200, { data: STANDALONE }),
  'GET /api/properties/13': () => json(200, { data: UNIT }),
  'GET /api/schemes/5': () => json(200, { data: SCHEME }),
  'GET /api/properties/12/history': () => json(200, emptyPage),
  'GET /api/properties/13/history': () => json(200, emptyPage),
  'GET /api/schemes/5/history': () => json(200, emptyPage),
  'GET /api/properties/12/deals': () => json(200, emptyPage),
  'GET /api/properties/13/deals': () => json(200, emptyPage),
  'GET /api/deals': () => json(200, emptyPage),
  'GET /api/comments': () => json(200, emptyPage),
};

const render = (path: string) => renderRoute(path, { pages, beside, user: makeUser(), routes });

/** Opens the chooser from the view's Create Deal button and returns it. */
const openChooser = async (r: ReturnType<typeof render>, title: string | RegExp) => {
  await r.user.click(await screen.findByRole('link', { name: 'Create Deal' }));
  return screen.findByRole('dialog', { name: title });
};

const optionsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('menuitem')
    .map((o) => o.textContent);

const searchOf = (r: ReturnType<typeof render>) =>
  Object.fromEntries(new URLSearchParams(r.router.state.location.search));

describe('Create Deal chooser', () => {
  it('offers Sale, Letting and Sub-Letting/Assignment for a standalone property, each opening its wizard on it', async () => {
    const r = render('/properties?id=12');
    const dialog = await openChooser(r, 'Create Deal for Unit 4 Park Lane, Portsmouth, Hampshire, PO1 3LP');
    // Sale on a standalone property sells it from its own page (ADR 0080).
    expect(optionsOf(dialog)).toEqual(['Sale', 'Letting', 'Sub-Letting/Assignment']);
    // Focus lands in the dialog, on its first choice; arrows move and Enter chooses.
    await waitFor(() => expect(within(dialog).getByRole('menuitem', { name: 'Sale' })).toHaveFocus());
    await r.user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(searchOf(r)).toEqual({
        id: '12',
        deal: 'subletting',
        property_id: '12',
        name: 'Unit 4 Park Lane, Portsmouth, Hampshire, PO1 3LP',
      }),
    );
    expect(screen.queryByRole('dialog', { name: /^Create Deal for/ })).not.toBeInTheDocument();

    for (const [label, type] of [
      ['Letting', 'new_letting'],
      ['Sale', 'sale'],
    ] as const) {
      await r.router.navigate('/properties?id=12');
      const again = await openChooser(r, /^Create Deal for Unit 4/);
      await r.user.click(within(again).getByRole('menuitem', { name: label }));
      await waitFor(() => expect(searchOf(r)).toMatchObject({ deal: type, property_id: '12' }));
    }
  });

  it("offers Sale for a unit of a scheme, which opens the unit's own sale, not its scheme's", async () => {
    // ADR 0080, superseding ADR 0049's reading): the unit's landlord side is what is sold.
    const r = render('/properties?id=13');
    const dialog = await openChooser(r, 'Create Deal for Unit 9 Park Lane, Portsmouth, Hampshire, PO1 3LP');
    expect(optionsOf(dialog)).toEqual(['Sale', 'Letting', 'Sub-Letting/Assignment']);
    await r.user.click(within(dialog).getByRole('menuitem', { name: 'Sale' }));
    await waitFor(() =>
      expect(searchOf(r)).toEqual({
        id: '13',
        deal: 'sale',
        property_id: '13',
        name: 'Unit 9 Park Lane, Portsmouth, Hampshire, PO1 3LP',
      }),
    );
  });

  it('offers Sales, Letting and Sub-Letting/Assignment for a scheme, each on the scheme', async () => {
    const r = render('/schemes?id=5');
    let dialog = await openChooser(r, 'Create Deal for Abbey Retail Park');
    expect(optionsOf(dialog)).toEqual(['Sales', 'Letting', 'Sub-Letting/Assignment']);
    await r.user.click(within(dialog).getByRole('menuitem', { name: 'Sales' }));
    await waitFor(() =>
      expect(searchOf(r)).toEqual({ id: '5', deal: 'sale', scheme_id: '5', name: 'Abbey Retail Park' }),
    );
    for (const [label, type] of [
      ['Letting', 'new_letting'],
      ['Sub-Letting/Assignment', 'subletting'],
    ] as const) {
      await r.router.navigate('/schemes?id=5');
      dialog = await openChooser(r, 'Create Deal for Abbey Retail Park');
      await r.user.click(within(dialog).getByRole('menuitem', { name: label }));
      await waitFor(() =>
        expect(searchOf(r)).toEqual({ id: '5', deal: type, scheme_id: '5', name: 'Abbey Retail Park' }),
      );
    }
  });

  it('opens from a link on any page (?create_deal=), and Escape closes it', async () => {
    const r = render('/deals?create_deal=property:13');
    const dialog = await screen.findByRole('dialog', {
      name: 'Create Deal for Unit 9 Park Lane, Portsmouth, Hampshire, PO1 3LP',
    });
    expect(optionsOf(dialog)).toEqual(['Sale', 'Letting', 'Sub-Letting/Assignment']);
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(r.router.state.location.pathname).toBe('/deals');
    expect(searchOf(r)).toEqual({});
  });

  const comparablesLinks = () =>
    screen.queryAllByRole('link', { name: 'Comparables' }).map((a) => a.getAttribute('href'));

  it('links both views to their comparables, and lists a scheme’s deals from GET /api/deals?scheme_id=', async () => {
    const r = render('/schemes?id=5');
    // The drawer has its own "Comparables" entry (/comparables): the view's link is the other one.
    await waitFor(() => expect(comparablesLinks()).toContain('/comparables?scheme_id=5'));
    await waitFor(() => expect(r.api.callsTo('GET', '/api/deals')).not.toHaveLength(0));
    expect(Object.fromEntries(r.api.callsTo('GET', '/api/deals')[0]!.url.searchParams)).toMatchObject({
      scheme_id: '5',
      sort: '-effective_date',
    });
    await r.router.navigate('/properties?id=12');
    await waitFor(() => expect(comparablesLinks()).toContain('/comparables?property_id=12'));
  });
});
