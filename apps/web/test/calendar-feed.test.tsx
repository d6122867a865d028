// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CALENDAR_FEED_TEXT } from '@frontage/shared';
import ProfilePage from '../src/features/profile/pages/ProfilePage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { seriousViolations } from './axe';

afterEach(() => vi.unstubAllGlobals());

const pages = { '/profile': <ProfilePage /> };
const URL_1 = `https://frontage.example.com/api/calendar/frf_${'a'.repeat(43)}.ics`;
const URL_2 = `https://frontage.example.com/api/calendar/frf_${'b'.repeat(43)}.ics`;

/** A fake server holding one user's feed: the URL is answered only by the POST that makes it. */
const feedServer = () => {
  let active = false;
  let n = 0;
  return {
    'GET /api/settings/calendar-feed': () =>
      json(200, { data: { active, created_at: active ? '2026-03-01T12:00:00.000Z' : null } }),
    'POST /api/settings/calendar-feed': () => {
      active = true;
      n += 1;
      return json(200, { data: { url: n === 1 ? URL_1 : URL_2 } });
    },
    'DELETE /api/settings/calendar-feed': () => {
      active = false;
      return json(200, { data: { active: false, created_at: null } });
    },
  };
};

describe('profile: calendar feed', () => {
  it('creates, copies, regenerates and revokes the feed URL from the keyboard', async () => {
    const { user: ue, api } = renderRoute('/profile', { pages, user: makeUser(), routes: feedServer() });
    const section = await screen.findByRole('region', { name: CALENDAR_FEED_TEXT.title });
    expect(within(section).getByText(CALENDAR_FEED_TEXT.refresh)).toBeInTheDocument();
    expect(await within(section).findByText(CALENDAR_FEED_TEXT.none)).toBeInTheDocument();

    const create = within(section).getByRole('button', { name: CALENDAR_FEED_TEXT.create });
    create.focus();
    await ue.keyboard('{Enter}');
    const field = await within(section).findByLabelText('Feed URL');
    expect(field).toHaveValue(URL_1);
    expect(field).toHaveAttribute('readonly');
    expect(
      await within(section).findByText(/Your calendar feed is active\. Made 01\/03\/2026/),
    ).toBeInTheDocument();

    await ue.click(within(section).getByRole('button', { name: CALENDAR_FEED_TEXT.copy }));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(URL_1);
    expect(await screen.findByText(CALENDAR_FEED_TEXT.copied)).toBeInTheDocument();

    // Regenerating asks first: calendars subscribed to the old URL stop updating.
    await ue.click(within(section).getByRole('button', { name: CALENDAR_FEED_TEXT.regenerate }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(CALENDAR_FEED_TEXT.regenerateConfirm)).toBeInTheDocument();
    await ue.click(within(ask).getByRole('button', { name: CALENDAR_FEED_TEXT.regenerate }));
    await waitFor(() => expect(within(section).getByLabelText('Feed URL')).toHaveValue(URL_2));
    expect(api.callsTo('POST', '/api/settings/calendar-feed')).toHaveLength(2);

    // The page is back in the accessibility tree once the dialog has gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await ue.click(await within(section).findByRole('button', { name: CALENDAR_FEED_TEXT.revoke }));
    const revoke = await screen.findByRole('dialog');
    await ue.click(within(revoke).getByRole('button', { name: CALENDAR_FEED_TEXT.revoke }));
    expect(await within(section).findByText(CALENDAR_FEED_TEXT.none)).toBeInTheDocument();
    expect(within(section).queryByLabelText('Feed URL')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/settings/calendar-feed')).toHaveLength(1);
  });

  it('never shows an existing feed’s URL again: only regenerate or revoke', async () => {
    const routes = feedServer();
    routes['GET /api/settings/calendar-feed'] = () =>
      json(200, { data: { active: true, created_at: '2026-03-01T12:00:00.000Z' } });
    renderRoute('/profile', { pages, user: makeUser(), routes });
    const section = await screen.findByRole('region', { name: CALENDAR_FEED_TEXT.title });
    expect(
      await within(section).findByRole('button', { name: CALENDAR_FEED_TEXT.regenerate }),
    ).toBeInTheDocument();
    expect(within(section).queryByLabelText('Feed URL')).not.toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: CALENDAR_FEED_TEXT.create }),
    ).not.toBeInTheDocument();
  });

  it.each(['light', 'dark'] as const)('has no serious axe violation in the %s theme', async (theme) => {
    const { user: ue } = renderRoute('/profile', {
      pages,
      user: makeUser({ settings: { theme, hidden_videos: [] } }),
      routes: feedServer(),
    });
    const section = await screen.findByRole('region', { name: CALENDAR_FEED_TEXT.title });
    await ue.click(await within(section).findByRole('button', { name: CALENDAR_FEED_TEXT.create }));
    await within(section).findByLabelText('Feed URL');
    expect(await seriousViolations()).toEqual([]);
  });
});
