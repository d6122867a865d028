import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectEventStream } from '../../lib/eventStream';
import { queryKeys } from '../../lib/queryClient';

export const NOTIFICATIONS_STREAM_URL = '/api/notifications/stream';

/**
 * Keeps the bell and the notifications list current without a reload: every `unread` event sets
 * the unread count and refetches the list pages on screen (ADR 0021).
 */
export function useNotificationStream(): void {
  const qc = useQueryClient();
  useEffect(
    () =>
      connectEventStream(NOTIFICATIONS_STREAM_URL, {
        on: {
          unread: (data) => {
            const count = (data as { unread_count?: unknown } | null)?.unread_count;
            if (typeof count !== 'number') return;
            qc.setQueryData(queryKeys.unreadCount, count);
            // Only pages on screen refetch; the others are just marked stale.
            void qc.invalidateQueries({ queryKey: ['notifications', 'list'] });
          },
        },
      }),
    [qc],
  );
}
