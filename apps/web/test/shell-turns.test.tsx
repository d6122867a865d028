import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { VIDEO_MESSAGES } from '@frontage/shared';
import { renderApp } from './renderApp';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

/** What's New and a page's help videos both open by themselves: never on top of each other. */
describe('dialogs the shell opens by itself', () => {
  it('take turns: one on screen at a time, the other once it is closed', async () => {
    const { user } = renderApp('/profile', {
      user: makeUser(),
      routes: {
        'GET /api/news/whats-new': () =>
          json(200, {
            data: [
              {
                key: 'news:1',
                title: 'Release notes',
                date: '2026-11-20T09:00:00.000Z',
                description: 'What changed',
                body: '<p>Body</p>',
                url: null,
              },
            ],
          }),
        'POST /api/news/seen': () => json(200, { data: { last_activity: '2026-11-26T12:00:00.000Z' } }),
        'GET /api/videos': () =>
          json(200, {
            data: [
              {
                id: 1,
                video_id: 'fQ7kP2xLm4A',
                video_name: 'Your profile',
                route: '/profile',
                sort_order: 1,
                created_at: '2026-11-01T10:00:00.000Z',
                updated_at: '2026-11-01T10:00:00.000Z',
              },
            ],
          }),
      },
    });
    await screen.findByRole('dialog');
    // Counted with hidden ones too: a modal under another is aria-hidden, not gone.
    const dialogs = () => screen.getAllByRole('dialog', { hidden: true });
    expect(dialogs()).toHaveLength(1);
    // Whichever asked first is on screen alone; closing it brings the other.
    const newsFirst = screen.queryByRole('dialog', { name: "What's New" }) !== null;
    await user.keyboard('{Escape}');
    const next = newsFirst ? VIDEO_MESSAGES.intro : "What's New";
    await waitFor(() => expect(screen.getByRole('dialog', { name: next })).toBeInTheDocument());
    await waitFor(() => expect(dialogs()).toHaveLength(1));
  });
});
