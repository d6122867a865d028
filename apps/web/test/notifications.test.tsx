import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import NotificationsPage from '../src/features/notifications/pages/NotificationsPage';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeNotification, makeUser } from './fixtures';

/** The screens under test, as the app routes them. */
const pages = { '/notifications': <NotificationsPage /> };
/** The top bar, whose bell counts the unread notifications. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

afterEach(() => vi.unstubAllGlobals());

const page = (data: unknown[], total = data.length, perPage = 15) => ({
  data,
  meta: {
    pagination: {
      total,
      count: data.length,
      per_page: perPage,
      current_page: 1,
      total_pages: Math.ceil(total / perPage),
    },
  },
});

describe('notifications page', () => {
  it('highlights unread ones, shows en-GB times and marks one read when opened', async () => {
    const unread = makeNotification({ id: 2, message: 'New mention on 12 High Street' });
    const read = makeNotification({
      id: 1,
      message: 'Old news',
      read_at: '2026-03-01T10:00:00Z',
      url: '/schemes?id=3',
    });
    let unreadCount = 1;
    const {
      user: ue,
      router,
      api,
    } = renderRoute('/notifications', {
      pages,
      beside,
      user: makeUser(),
      routes: {
        'GET /api/notifications': () => json(200, page([unread, read])),
        'GET /api/notifications/unread-count': () => json(200, { unread_count: unreadCount }),
        'PUT /api/notifications/2/read': () => {
          unreadCount = 0;
          return json(200, { data: { ...unread, read_at: '2026-03-06T10:00:00Z' } });
        },
      },
    });
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(within(first).getByText(/Unread/)).toBeInTheDocument();
    expect(second).toHaveAttribute('data-unread', 'false');
    expect(within(second).queryByText(/Unread/)).not.toBeInTheDocument();
    expect(within(first).getByText(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(first).toHaveAttribute('href', '/properties?id=12');
    await waitFor(() => expect(screen.getByTestId('notifications-unread-count')).toHaveTextContent('1'));

    await ue.click(first);
    await waitFor(() => expect(api.callsTo('PUT', '/api/notifications/2/read')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/properties');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/notifications/unread-count').length).toBeGreaterThan(1),
    );
  });

  it('marks all as read', async () => {
    const { user: ue, api } = renderRoute('/notifications', {
      pages,
      beside,
      user: makeUser(),
      unread: 1,
      routes: {
        'GET /api/notifications': () => json(200, page([makeNotification()])),
        'PUT /api/notifications/read-all': () =>
          json(200, { status: 'success', msg: 'All notifications marked as read.', data: { updated: 1 } }),
      },
    });
    await screen.findAllByTestId('notification-item');
    await ue.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All notifications marked as read.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/notifications/read-all')).toHaveLength(1);
  });

  it('pages with the server pagination', async () => {
    const { user: ue, api } = renderRoute('/notifications', {
      pages,
      beside,
      user: makeUser(),
      routes: { 'GET /api/notifications': () => json(200, page([makeNotification()], 40, 15)) },
    });
    await screen.findAllByTestId('notification-item');
    await ue.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/notifications').some((c) => c.url.searchParams.get('page') === '3'),
      ).toBe(true),
    );
  });

  it('shows the empty state', async () => {
    renderRoute('/notifications', {
      pages,
      beside,
      user: makeUser(),
      routes: { 'GET /api/notifications': () => json(200, page([])) },
    });
    expect(await screen.findByText('You have no notifications')).toBeInTheDocument();
  });
});
