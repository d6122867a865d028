import type { User } from '@frontage/shared';
import { createQueryClient } from '../src/lib/queryClient';
import { installFakeFetch, json, type FakeHandler } from './fakeFetch';

export const CONFIG = {
  docs_url: 'https://docs.example.com',
  support_url: 'https://support.example.com',
  help_email: 'help@example.com',
};

export interface FakeApiOptions {
  /** The signed-in user; null = signed out. */
  user: User | null;
  /** Fake API routes, beside (or instead of) the session's and the shell's. */
  routes?: Record<string, FakeHandler>;
  unread?: number;
}

/** A fake API answering the session's and the shell's requests, plus `opts.routes`. */
export function installAppApi(opts: FakeApiOptions) {
  return installFakeFetch({
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
}

/** The app's query client, without retries (a fake answer will not change on a second try). */
export function testQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return queryClient;
}
