import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, Page, UnreadCount } from '@frontage/shared';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/queryClient';

export const UNREAD_COUNT_REFETCH_MS = 30_000;

export type NotificationPage = Page<Notification>;

/** GET /api/notifications/unread-count — polled every 30 s and on window focus. */
export const useUnreadCount = () =>
  useQuery({
    queryKey: queryKeys.unreadCount,
    queryFn: async () => (await http.get<UnreadCount>('/notifications/unread-count')).unread_count,
    refetchInterval: UNREAD_COUNT_REFETCH_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const useNotificationsPage = (page: number) =>
  useQuery({
    queryKey: queryKeys.notificationPage(page),
    queryFn: () => http.get<NotificationPage>('/notifications', { query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMarkRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      http.put<{ data: Notification }>(`/notifications/${id}/read`, undefined, { successNotice: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};

export const useMarkAllRead = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.put('/notifications/read-all'),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};
