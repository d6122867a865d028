import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import type { User } from '@frontage/shared';
import { App } from '../src/app/App';
import { connectHttp } from '../src/app/bootstrap';
import { appRoutes } from '../src/app/routes';
import { createQueryClient } from '../src/lib/queryClient';
import { installFakeFetch, json, type FakeHandler } from './fakeFetch';

export const CONFIG = {
  docs_url: 'https://docs.example.com',
  support_url: 'https://support.example.com',
  help_email: 'help@example.com',
};

/** Renders the whole app at `path` with a fake API: `user` null = signed out. */
export function renderApp(
  path: string,
  opts: { user: User | null; routes?: Record<string, FakeHandler>; unread?: number },
) {
  const api = installFakeFetch({
    'GET /api/auth/me': () =>
      opts.user ? json(200, { data: opts.user }) : json(401, { msg: 'Unauthenticated.' }),
    'GET /api/config': () => json(200, { data: CONFIG }),
    'GET /api/videos': () => json(200, { data: [] }),
    'GET /api/notifications/unread-count': () => json(200, { unread_count: opts.unread ?? 0 }),
    // The shell asks for What's New on every signed-in page load; none by default.
    'GET /api/news/whats-new': () => json(200, { data: [] }),
    'POST /api/auth/logout': () =>
      json(200, { status: 'success', msg: 'You have been logged out.', data: null }),
    ...opts.routes,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  connectHttp(router, queryClient);
  const user = userEvent.setup();
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, queryClient, api, user };
}
