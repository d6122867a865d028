// @vitest-environment jsdom
// happy-dom loads no iframe page and fires the player's error event; jsdom leaves the frame
// loading, as a browser would while the video loads.
/**
 * The Video dialog (spec A §2, §4): a page's videos are offered by the intro;
 * Yes Please opens the carousel, No Thank You hides them for the browser session without a call,
 * and with "Don't show again" ticked hides each for good (PUT /api/settings/hide-video). A video
 * that cannot play (offline, or its file fails) shows a message and a link, never a broken frame.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VIDEO_MESSAGES, type Video } from '@frontage/shared';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { HelpVideoDialog } from '../src/features/help-videos/HelpVideoDialog';
import ProfilePage from '../src/features/profile/pages/ProfilePage';
import { renderRoute } from './renderRoute';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

const video = (id: number, video_id: string, video_name: string): Video => ({
  id,
  video_id,
  video_name,
  route: '/profile',
  sort_order: id,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});
const FILE = 'https://cdn.example.com/help/profile.mp4';
const VIDEOS = [video(1, 'fQ7kP2xLm4A', 'Your profile'), video(2, FILE, 'Changing your password')];

/** The dialog as the shell renders it, beside every page: it offers the videos of the route. */
const open = () =>
  renderRoute('/profile', {
    pages: { '/profile': <ProfilePage /> },
    beside: <HelpVideoDialog />,
    user: makeUser(),
    routes: {
      'GET /api/videos': (req) =>
        json(200, { data: req.url.searchParams.get('route') === '/profile' ? VIDEOS : [] }),
      'PUT /api/settings/hide-video': (req) =>
        json(200, { data: { theme: 'light', hidden_videos: [(req.body as { video_id: string }).video_id] } }),
    },
  });

const intro = async () => {
  const dialog = await screen.findByRole('dialog', { name: VIDEO_MESSAGES.intro });
  expect(within(dialog).getByRole('button', { name: 'Yes Please' })).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'No Thank You' })).toBeVisible();
  expect(within(dialog).getByRole('checkbox', { name: "Don't show again" })).not.toBeChecked();
  return dialog;
};

describe('the Video dialog', () => {
  it('Yes Please shows the carousel: one video at a time, hosted in the embed, a file in <video>', async () => {
    const { user, api } = open();
    await user.click(within(await intro()).getByRole('button', { name: 'Yes Please' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your profile' });
    expect(within(dialog).getByText('Video 1 of 2')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    // The host is reachable (its thumbnail loaded): the cookie-less embed plays it.
    fireEvent.load(dialog.querySelector('img')!);
    expect(await within(dialog).findByTitle('Your profile')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/fQ7kP2xLm4A',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('dialog', { name: 'Changing your password' });
    expect(within(second).getByText('Video 2 of 2')).toBeVisible();
    expect(second.querySelector('video')).toHaveAttribute('src', FILE);
    expect(within(second).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The keyboard pages back.
    fireEvent.keyDown(within(second).getByRole('button', { name: 'Close' }), { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'Your profile' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/settings/hide-video')).toHaveLength(0);
  });

  it('No Thank You hides the videos for the browser session, without a call', async () => {
    const { user, api, router, unmount } = open();
    await user.click(within(await intro()).getByRole('button', { name: 'No Thank You' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/settings/hide-video')).toHaveLength(0);
    expect(JSON.parse(window.sessionStorage.getItem('frontage.hiddenVideos')!)).toEqual([
      'fQ7kP2xLm4A',
      FILE,
    ]);

    // Away and back: not offered again this session.
    await router.navigate('/notifications');
    const askedFor = (route: string) =>
      api.callsTo('GET', '/api/videos').some((c) => c.url.searchParams.get('route') === route);
    await waitFor(() => expect(askedFor('/notifications')).toBe(true));
    await router.navigate('/profile');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A reload in the same browser session (a new app, the same sessionStorage): still not offered.
    unmount();
    const again = open();
    await waitFor(() => expect(again.api.callsTo('GET', '/api/videos')).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape declines like No Thank You', async () => {
    const { user, api } = open();
    await intro();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/settings/hide-video')).toHaveLength(0);
    expect(window.sessionStorage.getItem('frontage.hiddenVideos')).toContain('fQ7kP2xLm4A');
  });

  it("with Don't show again ticked, No Thank You hides each video for good", async () => {
    const { user, api } = open();
    const dialog = await intro();
    await user.click(within(dialog).getByRole('checkbox', { name: "Don't show again" }));
    await user.click(within(dialog).getByRole('button', { name: 'No Thank You' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/settings/hide-video')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/settings/hide-video').map((c) => c.body)).toEqual([
      { video_id: 'fQ7kP2xLm4A' },
      { video_id: FILE },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offline, the carousel shows a message and a link in place of the player', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = open();
    await user.click(within(await intro()).getByRole('button', { name: 'Yes Please' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your profile' });
    expect(within(dialog).getByText(VIDEO_MESSAGES.offline, { exact: false })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: VIDEO_MESSAGES.openInTab })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=fQ7kP2xLm4A',
    );
    expect(dialog.querySelector('iframe')).toBeNull();
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('a hosted video whose host cannot be reached, or a file that fails, shows the message too', async () => {
    const { user } = open();
    await user.click(within(await intro()).getByRole('button', { name: 'Yes Please' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your profile' });
    fireEvent.error(dialog.querySelector('img')!);
    expect(await within(dialog).findByText(VIDEO_MESSAGES.failed, { exact: false })).toBeVisible();
    expect(dialog.querySelector('iframe')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('dialog', { name: 'Changing your password' });
    fireEvent.error(second.querySelector('video')!);
    expect(await within(second).findByRole('link', { name: VIDEO_MESSAGES.openInTab })).toHaveAttribute(
      'href',
      FILE,
    );
    expect(second.querySelector('video')).toBeNull();
  });
});
