import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityItem, RecordDealItem } from '@frontage/shared';
import ContactPage from '../src/features/contacts/pages/ContactPage';
import ContactsPage from '../src/features/contacts/pages/ContactsPage';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { makeContact, page } from './companiesFixtures';
import { enquiryPage, makeEnquiry } from './enquiriesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/users/:id': <ContactPage />, '/users': <ContactsPage /> };

afterEach(() => vi.unstubAllGlobals());

const BOOTS = { id: 10, name: 'Boots', core_id: null, domain: 'boots.com', phone: null, is_verified: true };
const carla = makeContact({
  id: 7,
  name: 'Carla Contact',
  email: 'carla@boots.com',
  company_id: 10,
  company: BOOTS,
  direct_dial: '0113 496 0000',
  mobile: '07700 900123',
  type: 'user',
  can_sign_in: true,
  is_temp: true,
  last_activity: '2026-05-04T08:30:00Z',
});

const letting: RecordDealItem = {
  id: 31,
  deal_type: 'new_letting',
  effective_date: '2026-03-01',
  property: { id: 12, building_num: 'Unit 9', full_address: 'Park Lane, Portsmouth, PO1 3LP' },
  scheme: null,
  town: 'Portsmouth',
  tenant: { id: 10, name: 'Boots', is_verified: true, verified_at: '2026-02-01T10:00:00.000Z' },
  prev_tenant: null,
  sale_type: null,
  sale_price: null,
  rent_pa: '125000.00',
  rent_sqft: '42.50',
  currency: 'GBP',
  created_by: { id: 2, name: 'Alice Agent' },
  created_at: '2026-03-02T10:15:00Z',
  roles: ['landlord_contact', 'prev_tenant_agent_contact'],
};

const activity = (n: number, overrides: Partial<ActivityItem> = {}): ActivityItem => ({
  id: `edit:${n}`,
  kind: 'edit',
  at: `2026-04-${String(30 - n).padStart(2, '0')}T09:00:00Z`,
  actor: { id: 2, name: 'Alice Agent' },
  summary: `Change number ${n}`,
  url: null,
  property: null,
  deal: null,
  enquiry_id: null,
  comment_id: null,
  details: ['mobile'],
  ...overrides,
});

const contactRoutes = (more: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  'GET /api/users/7': () => json(200, { data: carla }),
  'GET /api/users/7/deals': () => json(200, page([letting])),
  ...more,
});

describe('/users/{id}', () => {
  it('shows the details with the company linking to its page, and the deals with their roles', async () => {
    const { api } = renderRoute('/users/7', { pages, user: makeUser(), routes: contactRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Carla Contact' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: 'carla@boots.com' })).toHaveAttribute(
      'href',
      'mailto:carla@boots.com',
    );
    expect(within(details).getByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/companies/10');
    expect(within(details).getByText('0113 496 0000')).toBeInTheDocument();
    expect(within(details).getByText('07700 900123')).toBeInTheDocument();
    // Not an admin: no account; not of Boots: no Edit.
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();

    const deals = await screen.findByRole('table', { name: 'Deals of this contact' });
    const row = within(deals).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'New Letting' })).toHaveAttribute('href', '/deals?id=31');
    expect(within(row).getByRole('link', { name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(row).toHaveTextContent('Landlord contact, Previous tenant agent contact');
    expect(row).toHaveTextContent('01/03/2026');
    expect(row).toHaveTextContent('Vacant → Boots');
    const call = api.callsTo('GET', '/api/users/7/deals')[0]!.url.searchParams;
    expect([call.get('page'), call.get('per_page')]).toEqual(['1', '10']);
  });

  it("offers Edit to someone of the contact's company", async () => {
    renderRoute('/users/7', { pages, user: makeUser({ company_id: 10 }), routes: contactRoutes() });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/users/7/edit');
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows an admin the account, read as the edit page sets it', async () => {
    renderRoute('/users/7', { pages, user: makeAdmin(), routes: contactRoutes() });
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(account).toHaveTextContent('Ordinary');
    expect(account).toHaveTextContent('Can sign in (temporary password)');
    expect(account).toHaveTextContent('04/05/2026');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/users/7/edit');
  });

  it('lists the enquiries the contact made, asked for by user_id', async () => {
    const { api, user } = renderRoute('/users/7', {
      pages,
      user: makeUser(),
      routes: contactRoutes({
        'GET /api/enquiries': () =>
          json(200, enquiryPage([makeEnquiry({ id: 70, user_id: 7, stage: 'under_offer' })])),
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Enquiries' }));
    const table = await screen.findByRole('table', { name: 'Enquiries of this contact' });
    expect(
      within(table).getByRole('button', { name: 'Open enquiry received 02/03/2026' }),
    ).toBeInTheDocument();
    expect(table).toHaveTextContent('Under Offer');
    expect(within(table).getByRole('link', { name: 'Greggs' })).toHaveAttribute('href', '/companies/3');
    const query = api.callsTo('GET', '/api/enquiries')[0]!.url.searchParams;
    expect(query.get('user_id')).toBe('7');
    expect(query.get('sort')).toBe('-received_at');
  });

  it('pages the activity with "Load more" (meta.next) and asks for the comments and mentions alone', async () => {
    const first = [
      activity(1),
      activity(2, {
        id: 'comment:5',
        kind: 'comment',
        summary: 'Commented on Unit 9',
        url: '/properties?id=12',
      }),
    ];
    const second = [
      activity(3, {
        id: 'mention:6',
        kind: 'mention',
        summary: 'Mentioned by Bob',
        actor: { id: 3, name: 'Bob' },
      }),
      activity(4, {
        id: 'enquiry_stage:8',
        kind: 'enquiry_stage',
        summary: 'Enquiry moved',
        details: ['interest', 'under_offer'],
      }),
    ];
    const { api, user } = renderRoute('/users/7?tab=activity', {
      pages,
      user: makeUser(),
      routes: contactRoutes({
        'GET /api/users/7/activity': (req) =>
          req.url.searchParams.get('kind') === 'comment,mention'
            ? json(200, { data: [first[1], second[0]], meta: { next: null } })
            : req.url.searchParams.get('before') === 'cursor-2'
              ? json(200, { data: second, meta: { next: null } })
              : json(200, { data: first, meta: { next: 'cursor-2' } }),
      }),
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Change number 1'), expect.stringContaining('Commented on Unit 9')]);
    expect(within(list).getByRole('link', { name: 'Commented on Unit 9' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(list).toHaveTextContent('29/04/2026');
    expect(list).toHaveTextContent('by Alice Agent · changed mobile');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(list).toHaveTextContent('Interest → Under Offer');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const befores = api.callsTo('GET', '/api/users/7/activity').map((c) => c.url.searchParams.get('before'));
    expect(befores).toEqual([null, 'cursor-2']);

    // The comments and mentions are the server's filtered feed (kind=), paged on their own.
    await user.click(screen.getByRole('tab', { name: 'Comments and mentions' }));
    const comments = await screen.findByRole('list', { name: 'Comments and mentions' });
    expect(
      within(comments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Commented on Unit 9'), expect.stringContaining('Mentioned by Bob')]);
    const filtered = api.callsTo('GET', '/api/users/7/activity').slice(2);
    expect(filtered.map((c) => c.url.searchParams.get('kind'))).toEqual(['comment,mention']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an error state in a section whose API answers 404, the rest of the page still works', async () => {
    renderRoute('/users/7', {
      pages,
      user: makeUser(),
      routes: contactRoutes({
        'GET /api/users/7/deals': () => json(404, { msg: 'Not found.' }),
        'GET /api/users/7/activity': () => json(404, { msg: 'Not found.' }),
      }),
    });
    expect(await screen.findByText('The deals could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toHaveTextContent('carla@boots.com');
    // The section shows the failure; no toast repeats it.
    expect(screen.queryByText('Not found.')).not.toBeInTheDocument();
  });

  it('shows the activity error state on a 404', async () => {
    const { user } = renderRoute('/users/7', {
      pages,
      user: makeUser(),
      routes: contactRoutes({ 'GET /api/users/7/activity': () => json(404, { msg: 'Not found.' }) }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
  });

  it('says so when the contact does not exist', async () => {
    renderRoute('/users/99', { pages, user: makeUser(), routes: contactRoutes() });
    expect(await screen.findByText('The contact could not be loaded.')).toBeInTheDocument();
  });

  it('asks for nothing when the id is not one', async () => {
    const { api } = renderRoute('/users/12abc', { pages, user: makeUser(), routes: contactRoutes() });
    expect(await screen.findByText('The contact could not be loaded.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/users'))).toEqual([]);
  });

  it('/users?id=N (comment and notification links) opens /users/N', async () => {
    const { router } = renderRoute('/users?id=7', { pages, user: makeUser(), routes: contactRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Carla Contact' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/7');
    expect(router.state.location.search).toBe('');
  });
});
