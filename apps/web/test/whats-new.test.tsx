import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { WhatsNewItem } from '@frontage/shared';
import { renderApp } from './renderApp';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, date: string, extra: Partial<WhatsNewItem> = {}): WhatsNewItem => ({
  key: `news:${n}`,
  title: `News ${n}`,
  date,
  description: `Description ${n}`,
  body: `<p>Body ${n}</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">`,
  url: null,
  ...extra,
});

const NEWEST_FIRST = [item(2, '2026-11-19T10:00:00.000Z'), item(1, '2026-11-03T00:00:00.000Z')];

const withNews = (items: WhatsNewItem[]) => ({
  'GET /api/news/whats-new': () => json(200, { data: items }),
  'POST /api/news/seen': () => json(200, { data: { last_activity: '2026-11-20T12:00:00.000Z' } }),
});

describe("What's New", () => {
  it('lists the newer items newest first: title, en-GB date, description and body', async () => {
    renderApp('/profile', { user: makeUser(), routes: withNews(NEWEST_FIRST) });
    const dialog = await screen.findByRole('dialog', { name: "What's New" });
    const items = within(dialog).getAllByTestId('whats-new-item');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['News 2', 'News 1']);
    expect(items[0]).toHaveTextContent('19/11/2026');
    expect(items[1]).toHaveTextContent('03/11/2026');
    expect(within(items[0]!).getByText('Description 2')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Body 2').tagName).toBe('P');
    // The body is rendered through the allowlist: no script or image element, nothing ran.
    expect(dialog.querySelector('script, img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('closing with Close marks the news seen and it does not open again', async () => {
    const { api, user, router } = renderApp('/profile', { user: makeUser(), routes: withNews(NEWEST_FIRST) });
    const dialog = await screen.findByRole('dialog', { name: "What's New" });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/news/seen')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "What's New" })).toBeNull());
    // Another screen (the map has its own layout: the shell mounts again) asks nothing more.
    await router.navigate('/map');
    await router.navigate('/profile');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: "What's New" })).toBeNull();
    expect(api.callsTo('GET', '/api/news/whats-new')).toHaveLength(1);
  });

  it('Escape closes it and marks the news seen', async () => {
    const { api, user } = renderApp('/profile', { user: makeUser(), routes: withNews(NEWEST_FIRST) });
    await screen.findByRole('dialog', { name: "What's New" });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(api.callsTo('POST', '/api/news/seen')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "What's New" })).toBeNull());
  });

  it('does not open when there is nothing newer', async () => {
    const { api } = renderApp('/profile', { user: makeUser(), routes: withNews([]) });
    await waitFor(() => expect(api.callsTo('GET', '/api/news/whats-new')).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: "What's New" })).toBeNull();
    expect(api.callsTo('POST', '/api/news/seen')).toHaveLength(0);
  });

  it('is not asked for on the login page', async () => {
    const { api } = renderApp('/login', { user: null, routes: withNews(NEWEST_FIRST) });
    await screen.findByRole('button', { name: 'Log in' });
    expect(api.callsTo('GET', '/api/news/whats-new')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: "What's New" })).toBeNull();
  });
});
