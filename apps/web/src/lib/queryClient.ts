import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; network blips get one more try.
        retry: (count, err) =>
          count < 1 && err instanceof ApiError && (err.status === 0 || err.status >= 500),
      },
      mutations: { retry: false },
    },
  });

/** Every query key of the app in one place so invalidation is easy to follow. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  config: ['config'] as const,
  notifications: ['notifications'] as const,
  notificationPage: (page: number) => ['notifications', 'list', page] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
