// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReminderPreferences, WatchItem } from '@frontage/shared';
import ProfilePage from '../src/features/profile/pages/ProfilePage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { seriousViolations } from './axe';

afterEach(() => vi.unstubAllGlobals());

const pages = { '/profile': <ProfilePage /> };

const prefs = (over: Partial<ReminderPreferences> = {}): ReminderPreferences => ({
  scopes: ['mine', 'my_company'],
  hard: true,
  soft: true,
  hard_offsets: [180, 90, 30, 7],
  soft_offsets: [90],
  email: true,
  email_unsubscribed_at: null,
  email_available: true,
  ...over,
});

const render = (initial: ReminderPreferences, watches: WatchItem[] = []) => {
  let current = initial;
  let watching = watches;
  return renderRoute('/profile', {
    pages,
    user: makeUser(),
    routes: {
      'GET /api/watches': () => json(200, { data: watching }),
      ...Object.fromEntries(
        watches.map((w) => [
          `DELETE /api/watches/${w.entity_type}/${w.entity_id}`,
          () => {
            watching = watching.filter((x) => x !== w);
            return json(200, { data: { watched: false, since: null } });
          },
        ]),
      ),
      'GET /api/settings/reminders': () => json(200, { data: current }),
      'PUT /api/settings/reminders': (req) => {
        const body = req.body as Omit<ReminderPreferences, 'email_unsubscribed_at' | 'email_available'>;
        current = {
          ...current,
          ...body,
          email_unsubscribed_at: body.email ? null : current.email_unsubscribed_at,
        };
        return json(200, { data: current });
      },
    },
  });
};

describe('profile: lease event reminders', () => {
  it('lists what the user watches, each opening its record, and stops watching one', async () => {
    const watches: WatchItem[] = [
      {
        entity_type: 'scheme',
        entity_id: 4,
        label: 'York Mall',
        url: '/schemes?id=4',
        since: '2026-11-20T10:00:00.000Z',
      },
      {
        entity_type: 'property',
        entity_id: 9,
        label: 'Unit 4, 12 High Street, Leeds',
        url: '/properties?id=9',
        since: '2026-10-02T10:00:00.000Z',
      },
    ];
    const { user: ue, api } = render(prefs({ scopes: ['mine', 'my_company', 'watched'] }), watches);
    const section = await screen.findByRole('region', { name: 'Lease event reminders' });
    expect(
      await within(section).findByRole('checkbox', { name: 'Units, schemes and companies I watch' }),
    ).toBeChecked();
    const list = await within(section).findByRole('region', { name: 'Watching (2)' });
    expect(within(list).getByRole('link', { name: 'York Mall' })).toHaveAttribute('href', '/schemes?id=4');
    expect(within(list).getByText('since 02/10/2026')).toBeInTheDocument();
    await ue.click(within(list).getByRole('button', { name: 'Stop watching: York Mall' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/watches/scheme/4')).toHaveLength(1));
    expect(await within(section).findByRole('region', { name: 'Watching (1)' })).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'York Mall' })).toBeNull();
  });

  it('adds and removes reminder days with the keyboard and saves the whole preference', async () => {
    const { user: ue, api } = render(prefs());
    const section = await screen.findByRole('region', { name: 'Lease event reminders' });
    const hardDays = await within(section).findByRole('list', { name: 'Hard event reminder days' });
    expect(
      within(hardDays)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['180 days before', '90 days before', '30 days before', '7 days before']);
    // Add 365 with Enter; a bad value is refused with the shared message.
    const add = within(section).getAllByLabelText(/^Days before/)[0]!;
    await ue.type(add, '731{Enter}');
    expect(
      await within(section).findByText('Enter a whole number of days from 0 to 730'),
    ).toBeInTheDocument();
    await ue.clear(add);
    await ue.type(add, '365{Enter}');
    // Remove 7 from its chip with the keyboard.
    within(hardDays)
      .getByRole('button', { name: /^7 days before/ })
      .focus();
    await ue.keyboard('{Backspace}');
    await ue.click(within(section).getByRole('checkbox', { name: /My company's units/ }));
    await ue.click(within(section).getByRole('button', { name: 'Save reminders' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/settings/reminders')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/settings/reminders')[0]?.body).toEqual({
      scopes: ['mine'],
      hard: true,
      soft: true,
      hard_offsets: [365, 180, 90, 30],
      soft_offsets: [90],
      email: true,
    });
    expect(await screen.findByText('Your reminder settings have been saved.')).toBeInTheDocument();
  });

  it('has no serious or critical axe violation, unsubscribed state included', async () => {
    render(prefs({ email: false, email_unsubscribed_at: '2026-11-20T10:30:00Z', email_available: false }));
    await screen.findByTestId('reminders-unsubscribed');
    expect(await seriousViolations(screen.getByRole('region', { name: 'Lease event reminders' }))).toEqual(
      [],
    );
  });

  it('shows an e-mail unsubscribe and turns e-mail back on', async () => {
    const { user: ue, api } = render(prefs({ email: false, email_unsubscribed_at: '2026-11-20T10:30:00Z' }));
    const notice = await screen.findByTestId('reminders-unsubscribed');
    expect(notice).toHaveTextContent('You unsubscribed from reminder e-mails on 20/11/2026');
    await ue.click(within(notice).getByRole('button', { name: 'Turn back on' }));
    await waitFor(() => expect(screen.queryByTestId('reminders-unsubscribed')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/settings/reminders')[0]?.body).toMatchObject({ email: true });
    expect(screen.getByLabelText('E-mail me as well')).toBeChecked();
  });
});
