/**
 * The lease-events work list (/lease-events): what a row shows, the filters it sends to
 * GET /api/lease-events and saves per user, Done / Dismiss (a hard event needs a reason) and
 * Reopen, Create Deal opening the wizard the event calls for on its unit, and the exports.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LEASE_EVENT_MESSAGES, todayIso, type LeaseEvent } from '@frontage/shared';
import LeaseEventsPage from '../src/features/lease-events/pages/LeaseEventsPage';
import { isoDaysFrom } from '../src/entities/lease-events/api';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { leaseEvent, leaseEventPage } from './leaseEventsFixtures';

const pages = { '/lease-events': <LeaseEventsPage /> };

afterEach(() => vi.unstubAllGlobals());

const breakNotice = leaseEvent();
const review = leaseEvent({ type: 'rent_review', id: '12-rent_review-1', date: '2027-02-14', hard: false });
const dismissed = leaseEvent({
  type: 's27_deadline',
  id: '13-s27_deadline-0',
  property_id: 13,
  property: {
    ...breakNotice.property,
    id: 13,
    label: 'Unit 10, Park Lane, Portsmouth',
    building_num: 'Unit 10',
  },
  date: '2027-03-01',
  status: 'dismissed',
  status_reason: 'Tenant confirmed it will stay',
  status_by: { id: 2, name: 'Alice Agent' },
  status_at: '2026-11-20T10:00:00Z',
});

const routes = (
  saved: Record<string, unknown> | null,
  rows: LeaseEvent[] = [breakNotice, review, dismissed],
  extra: Record<string, FakeHandler> = {},
) => ({
  'GET /api/ui-state/lease_events': () =>
    saved
      ? json(200, { data: { screen: 'lease_events', state: saved, updated_at: '2026-01-01T00:00:00Z' } })
      : json(404, { msg: 'Not found.' }),
  'PUT /api/ui-state/lease_events': (req: FakeRequest) =>
    json(200, {
      data: { screen: 'lease_events', ...(req.body as object), updated_at: '2026-01-02T00:00:00Z' },
    }),
  'GET /api/lease-events': () => json(200, leaseEventPage(rows, 60)),
  ...extra,
});

const lastQuery = (api: ReturnType<typeof renderRoute>['api']) =>
  Object.fromEntries(api.callsTo('GET', '/api/lease-events').at(-1)!.url.searchParams);

/** The grid row showing this event label. */
const rowOf = async (label: string) => {
  const grid = await screen.findByRole('grid', { name: 'Lease events' });
  return within((await within(grid).findByText(label)).closest('[role="row"]') as HTMLElement);
};

describe('/lease-events', () => {
  it('asks for the next 90 days of open events and shows each row: en-GB dates, label, Hard chip, unit link, parties', async () => {
    const { api } = renderRoute('/lease-events', { pages, user: makeUser(), routes: routes(null) });
    const row = await rowOf('Break notice deadline');
    const today = todayIso();
    expect(lastQuery(api)).toEqual({
      from: today,
      to: isoDaysFrom(today, 90),
      status: 'open',
      page: '1',
      per_page: '25',
    });
    expect(row.getByRole('link', { name: 'Unit 9, Park Lane, Portsmouth' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    for (const text of ['31/01/2027', 'Hard', 'Boots', 'Landsec, British Land', '31/07/2030', 'Open'])
      expect(row.getByText(text)).toBeInTheDocument();
    const reviewRow = await rowOf('Rent review');
    expect(reviewRow.queryByText('Hard')).toBeNull();
    expect(reviewRow.getByText('14/02/2027')).toBeInTheDocument();
    expect(
      screen.getByText(
        `60 events, ${today.split('-').reverse().join('/')} to ${isoDaysFrom(today, 90).split('-').reverse().join('/')}`,
      ),
    ).toBeInTheDocument();
  });

  it('restores the saved filters and sends them; a change goes back to page 1 and is saved', async () => {
    const { api, user } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes({
        from: '01/01/2027',
        to: '31/12/2027',
        types: ['s27_deadline', 'break_notice_deadline', 'bogus'],
        scheme: { id: 5, name: 'Abbey Retail Park' },
        town: 'Portsmouth',
        tenant: { id: 10, name: 'Boots' },
        landlord: { id: 9, name: 'Landsec' },
        my_company: true,
        mine: true,
        status: 'all',
        page: 2,
        per_page: 50,
      }),
    });
    await rowOf('Break notice deadline');
    expect(lastQuery(api)).toEqual({
      from: '2027-01-01',
      to: '2027-12-31',
      type: 'break_notice_deadline,s27_deadline',
      scheme_id: '5',
      town: 'Portsmouth',
      tenant_id: '10',
      landlord_id: '9',
      my_company: 'true',
      mine: 'true',
      status: 'all',
      page: '2',
      per_page: '50',
    });
    const filters = within(screen.getByRole('search', { name: 'Lease events filters' }));
    expect(filters.getByRole('textbox', { name: 'From' })).toHaveValue('01/01/2027');
    expect(filters.getByRole('checkbox', { name: 'My company’s units' })).toBeChecked();
    expect(filters.getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');

    // Hard only, from the keyboard.
    const hard = filters.getByRole('checkbox', { name: 'Hard only' });
    hard.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ hard: 'true', page: '1' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/ui-state/lease_events').length).toBeGreaterThan(0), {
      timeout: 5000,
    });
    expect(api.callsTo('PUT', '/api/ui-state/lease_events').at(-1)!.body).toMatchObject({
      state: { hard: true, page: 1, status: 'all', mine: true },
    });
  });

  it('sends the chosen event types and status', async () => {
    const { api, user } = renderRoute('/lease-events', { pages, user: makeUser(), routes: routes(null) });
    await rowOf('Break notice deadline');
    const filters = within(screen.getByRole('search', { name: 'Lease events filters' }));
    await user.click(filters.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Rent review' }));
    await user.click(screen.getByRole('option', { name: 'Lease expiry' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ type: 'lease_expiry,rent_review' }));
    await user.click(filters.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Dismissed' }));
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({ status: 'dismissed', type: 'lease_expiry,rent_review' }),
    );
  });

  it('a reversed range is said at the field and not sent', async () => {
    const { api } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes({ from: '01/06/2027', to: '01/01/2027' }),
    });
    expect(
      await screen.findByText(LEASE_EVENT_MESSAGES.rangeReversed, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lease-events')).toHaveLength(0);
  });

  it('a hard event needs a reason to be dismissed; with one it is sent, the list refetched and the user told', async () => {
    const { api, user } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes(null, undefined, {
        'POST /api/lease-events/12-break_notice_deadline-0/dismiss': (req) =>
          json(200, {
            data: {
              ...breakNotice,
              status: 'dismissed',
              status_reason: (req.body as { reason: string }).reason,
            },
          }),
      }),
    });
    const row = await rowOf('Break notice deadline');
    await user.click(row.getByRole('button', { name: 'Dismiss' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dismiss: Break notice deadline' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Dismiss' }));
    expect(await dialog.findByText(LEASE_EVENT_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lease-events/12-break_notice_deadline-0/dismiss')).toHaveLength(0);

    const before = api.callsTo('GET', '/api/lease-events').length;
    await user.type(reason, 'Tenant will not break{Enter}');
    expect(await screen.findByText('Lease event dismissed.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lease-events/12-break_notice_deadline-0/dismiss')[0]!.body).toEqual({
      reason: 'Tenant will not break',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/lease-events').length).toBeGreaterThan(before));
  });

  it('a soft event is marked done without a reason; a dismissed one is reopened', async () => {
    const { api, user } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes(null, undefined, {
        'POST /api/lease-events/12-rent_review-1/done': () =>
          json(200, { data: { ...review, status: 'done' } }),
        'DELETE /api/lease-events/13-s27_deadline-0/action': () =>
          json(200, { data: { ...dismissed, status: 'open' } }),
      }),
    });
    const reviewRow = await rowOf('Rent review');
    await user.click(reviewRow.getByRole('button', { name: 'Done' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark done: Rent review' }));
    expect(dialog.getByRole('textbox', { name: 'Reason' })).not.toBeRequired();
    await user.click(dialog.getByRole('button', { name: 'Mark Done' }));
    expect(await screen.findByText('Lease event marked done.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lease-events/12-rent_review-1/done')[0]!.body).toEqual({ reason: null });

    const row = await rowOf('s27 notice deadline');
    expect(row.getByText('Dismissed')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await user.click(row.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Lease event reopened.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/lease-events/13-s27_deadline-0/action')).toHaveLength(1);
  });

  it('an event the lease no longer has: the server’s message is shown and the list refetched', async () => {
    const { api, user } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes(null, undefined, {
        'POST /api/lease-events/12-rent_review-1/done': () =>
          json(404, { msg: LEASE_EVENT_MESSAGES.notFound }),
      }),
    });
    const row = await rowOf('Rent review');
    const before = api.callsTo('GET', '/api/lease-events').length;
    await user.click(row.getByRole('button', { name: 'Done' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark done: Rent review' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Done' }));
    expect(await screen.findByText(LEASE_EVENT_MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/lease-events').length).toBeGreaterThan(before));
  });

  it('Create Deal opens the Lease Renewal wizard for a break notice and the Rent Review one for a review, on the unit', async () => {
    const { user, router } = renderRoute('/lease-events', { pages, user: makeUser(), routes: routes(null) });
    const row = await rowOf('Break notice deadline');
    const reviewRow = await rowOf('Rent review');
    const reviewLink = new URL(
      reviewRow.getByRole('link', { name: 'Create Deal' }).getAttribute('href')!,
      'http://x',
    );
    expect(Object.fromEntries(reviewLink.searchParams)).toEqual({
      deal: 'rent_review',
      property_id: '12',
      name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP',
    });
    // Keyboard: the link takes focus and Enter follows it.
    row.getByRole('link', { name: 'Create Deal' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lease-events'));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        deal: 'lease_renewal',
        property_id: '12',
        name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP',
      }),
    );
  });

  it('offers a New Letting on the unit where the tenant may leave, and none on a review', async () => {
    const { user, router } = renderRoute('/lease-events', { pages, user: makeUser(), routes: routes(null) });
    const row = await rowOf('Break notice deadline');
    const reviewRow = await rowOf('Rent review');
    expect(reviewRow.queryByRole('link', { name: 'New Letting' })).toBeNull();
    row.getByRole('link', { name: 'New Letting' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        deal: 'new_letting',
        property_id: '12',
        name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP',
      }),
    );
  });

  it('exports CSV and XLSX with the list’s filters', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api, user } = renderRoute('/lease-events', {
      pages,
      user: makeUser(),
      routes: routes({ hard: true, status: 'all' }, undefined, {
        'GET /api/lease-events/export': (req) =>
          new Response('x', {
            status: 200,
            headers: {
              'Content-Type':
                req.url.searchParams.get('format') === 'csv' ? 'text/csv' : 'application/octet-stream',
            },
          }),
      }),
    });
    await rowOf('Break notice deadline');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(await screen.findByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/lease-events/export')).toHaveLength(2));
    const [csv, xlsx] = api
      .callsTo('GET', '/api/lease-events/export')
      .map((c) => Object.fromEntries(c.url.searchParams));
    const today = todayIso();
    expect(csv).toEqual({
      from: today,
      to: isoDaysFrom(today, 90),
      hard: 'true',
      status: 'all',
      format: 'csv',
    });
    expect(xlsx).toEqual({ ...csv, format: 'xlsx' });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(click.mock.contexts.map((a) => (a as HTMLAnchorElement).download)).toEqual([
      'lease-events.csv',
      'lease-events.xlsx',
    ]);
    click.mockRestore();
  });
});
