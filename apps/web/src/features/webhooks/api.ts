import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Page,
  Webhook,
  WebhookCreate,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookUpdate,
  WebhookWithSecret,
} from '@frontage/shared';
import { http } from '../../lib/http';

/** The Webhooks page's calls (ADR 0098): admins' only. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: number, filter: DeliveryFilter, page: number, perPage: number) =>
    ['webhooks', 'deliveries', id, filter, page, perPage] as const,
};

export interface DeliveryFilter {
  status: WebhookDeliveryStatus | '';
  from: string;
  to: string;
}

export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.list,
    queryFn: async ({ signal }) => (await http.get<{ data: Webhook[] }>('/webhooks', { signal })).data,
  });

/**
 * The log asks again every few seconds (more often while a delivery is pending), so new
 * deliveries, retries and replays show up by themselves.
 */
export const useDeliveries = (id: number | null, filter: DeliveryFilter, page: number, perPage: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0, filter, page, perPage),
    queryFn: ({ signal }) =>
      http.get<Page<WebhookDelivery>>(`/webhooks/${id}/deliveries`, {
        query: {
          page,
          per_page: perPage,
          ...(filter.status ? { status: filter.status } : {}),
          ...(filter.from ? { from: filter.from } : {}),
          ...(filter.to ? { to: filter.to } : {}),
        },
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? 2000 : 5000),
  });

const useInvalidate = () => {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: webhookKeys.all });
};

export const createWebhook = async (body: WebhookCreate): Promise<WebhookWithSecret> =>
  (await http.post<{ data: WebhookWithSecret }>('/webhooks', body, { quiet: [422] })).data;

export const useUpdateWebhook = () => {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) =>
      http.patch<{ data: Webhook }>(`/webhooks/${id}`, body),
    onSuccess: done,
  });
};

export const useDeleteWebhook = () => {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: number) => http.delete(`/webhooks/${id}`), onSuccess: done });
};

export const useRotateSecret = () => {
  const done = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<{ data: WebhookWithSecret }>(`/webhooks/${id}/rotate-secret`)).data,
    onSuccess: done,
  });
};

export const useReplay = () => {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      http.post(`/webhooks/${id}/deliveries/${deliveryId}/replay`),
    onSuccess: done,
  });
};

export const useReplayFailed = () => {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, from, to }: { id: number; from: string; to: string }) =>
      http.post<{ data: { replayed: number } }>(`/webhooks/${id}/deliveries/replay`, { from, to }),
    onSuccess: done,
  });
};

export const useWebhookCreated = useInvalidate;
