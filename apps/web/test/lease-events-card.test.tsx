/**
 * The property view's Lease events card: the unit's events over its lease (upcoming first, the
 * past ones collapsed), their status and why, the same actions as the work list, and the empty
 * states of a vacant or archived unit (which asks for nothing).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LEASE_EVENT_MESSAGES, todayIso } from '@frontage/shared';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import { isoDaysFrom } from '../src/entities/lease-events/api';
import { LEASE_EVENTS_CARD_TEXT } from '../src/features/properties/components/PropertyLeaseEvents';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { leaseEvent, leaseEventPage } from './leaseEventsFixtures';
import { company, property } from './placesFixtures';

const pages = { '/properties': <PropertiesPage /> };

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

const today = todayIso();
const ahead = (days: number) => isoDaysFrom(today, days);

const upcomingBreak = leaseEvent({ date: ahead(40) });
const upcomingReview = leaseEvent({
  type: 'rent_review',
  id: '12-rent_review-1',
  date: ahead(400),
  hard: false,
});
const pastReview = leaseEvent({
  type: 'rent_review',
  id: '12-rent_review-0',
  date: ahead(-300),
  hard: false,
  status: 'done',
  status_reason: 'Settled at £120,000',
  status_by: { id: 2, name: 'Alice Agent' },
  status_at: `${ahead(-290)}T10:00:00Z`,
});

const LET = {
  tenant_id: 10,
  tenant: company(10, 'Boots'),
  lease_start_date: '2020-03-25',
  lease_end_date: '2030-03-24',
  archived_at: null,
};

const openProperty = (extra: Record<string, unknown>, routes: Record<string, FakeHandler> = {}) =>
  renderRoute('/properties?id=12', {
    pages,
    user: makeUser(),
    routes: {
      'GET /api/properties/12': () => json(200, { data: property(12, extra) }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/properties/12/deals': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'GET /api/enquiries': () => json(200, emptyPage),
      'GET /api/properties/12/enquiry-matches': () => json(200, emptyPage),
      'GET /api/lease-events': () => json(200, leaseEventPage([pastReview, upcomingBreak, upcomingReview])),
      ...routes,
    },
  });

const card = async () => within(await screen.findByRole('region', { name: 'Lease events' }));

describe('Lease events card', () => {
  it('asks for every event of the lease, lists the upcoming ones and keeps the past ones collapsed', async () => {
    const { api, user } = openProperty(LET);
    const c = await card();
    const upcoming = within(await c.findByRole('table', { name: 'Upcoming lease events' }));
    expect(Object.fromEntries(api.callsTo('GET', '/api/lease-events')[0]!.url.searchParams)).toEqual({
      property_id: '12',
      from: '2020-03-25',
      to: isoDaysFrom('2030-03-24', 366),
      status: 'all',
      page: '1',
      per_page: '100',
    });
    const rows = upcoming.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Break notice deadline'),
      expect.stringContaining('Rent review'),
    ]);
    expect(within(rows[0]!).getByText('Hard')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(ahead(40).split('-').reverse().join('/'))).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Hard')).toBeNull();

    expect(c.queryByRole('table', { name: 'Past lease events' })).toBeNull();
    const toggle = c.getByRole('button', { name: 'Past events (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const past = within(await c.findByRole('table', { name: 'Past lease events' }));
    expect(past.getByText('Done')).toBeInTheDocument();
    expect(past.getByText(/Alice Agent.*: Settled at £120,000/)).toBeInTheDocument();
    expect(past.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('acts on an event as the work list does: a hard one needs a reason, then the card refetches', async () => {
    const { api, user } = openProperty(LET, {
      'POST /api/lease-events/12-break_notice_deadline-0/done': () =>
        json(200, { data: { ...upcomingBreak, status: 'done' } }),
    });
    const c = await card();
    const upcoming = within(await c.findByRole('table', { name: 'Upcoming lease events' }));
    const row = within(upcoming.getByText('Break notice deadline').closest('tr')!);
    expect(row.getByRole('link', { name: /^Create Deal: / }).getAttribute('href')).toContain(
      'deal=lease_renewal',
    );
    // The tenant may leave at a break: the unit can be re-let from the same row.
    expect(row.getByRole('link', { name: /^New Letting: / }).getAttribute('href')).toContain(
      'deal=new_letting',
    );
    await user.click(row.getByRole('button', { name: 'Done' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark done: Break notice deadline' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Done' }));
    expect(await dialog.findByText(LEASE_EVENT_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Notice served 1 Dec');
    await user.click(dialog.getByRole('button', { name: 'Mark Done' }));
    expect(await screen.findByText('Lease event marked done.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lease-events/12-break_notice_deadline-0/done')[0]!.body).toEqual({
      reason: 'Notice served 1 Dec',
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/lease-events')).toHaveLength(2));
  });

  it('says why there are none: a vacant unit (nothing asked), an archived one, a lease without dates', async () => {
    const vacant = openProperty({ tenant_id: null, tenant: null, archived_at: null });
    expect(await (await card()).findByText(LEASE_EVENTS_CARD_TEXT.vacant)).toBeInTheDocument();
    expect(vacant.api.callsTo('GET', '/api/lease-events')).toHaveLength(0);
    vacant.unmount();
    vi.unstubAllGlobals();

    const archived = openProperty({ ...LET, archived_at: '2026-03-02T09:30:00.000Z' });
    expect(await (await card()).findByText(LEASE_EVENTS_CARD_TEXT.archived)).toBeInTheDocument();
    expect(archived.api.callsTo('GET', '/api/lease-events')).toHaveLength(0);
    archived.unmount();
    vi.unstubAllGlobals();

    const noDates = openProperty(
      { ...LET, lease_start_date: null, lease_end_date: null },
      { 'GET /api/lease-events': () => json(200, leaseEventPage([])) },
    );
    expect(await (await card()).findByText(LEASE_EVENTS_CARD_TEXT.none)).toBeInTheDocument();
    // No lease dates: a year back to 20 years and a year ahead.
    expect(
      Object.fromEntries(noDates.api.callsTo('GET', '/api/lease-events')[0]!.url.searchParams),
    ).toMatchObject({
      from: ahead(-365),
      to: isoDaysFrom(ahead(366 * 20), 366),
    });
  });
});
