import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsItem, NewsItemBody, Page, WhatsNewItem } from '@frontage/shared';
import { http } from '../../lib/http';

/** News (spec A §2 What's New; admins write it under /core, tab News). */
export const newsKeys = {
  all: ['news'] as const,
  /** Every admin page; a write refreshes these, never the user's What's New answer. */
  admin: ['news', 'admin'] as const,
  page: (page: number, perPage: number) => ['news', 'admin', page, perPage] as const,
  whatsNew: ['news', 'whats-new'] as const,
};

/**
 * GET /api/news/whats-new: the items newer than the user's last activity. Asked once per page
 * load of a signed-in user; quiet (a failure simply shows no dialog).
 */
export const useWhatsNew = (enabled: boolean) =>
  useQuery({
    queryKey: newsKeys.whatsNew,
    queryFn: async ({ signal }) =>
      (await http.get<{ data: WhatsNewItem[] }>('/news/whats-new', { signal, quiet: true })).data,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** POST /api/news/seen: the user's last activity becomes now (the dialog was closed). */
export const useMarkNewsSeen = () =>
  useMutation({
    mutationFn: () => http.post('/news/seen', undefined, { quiet: true, successNotice: false }),
  });

/** GET /api/core/news (admins): newest publish date first. */
export const useNewsPage = (page: number, perPage: number) =>
  useQuery({
    queryKey: newsKeys.page(page, perPage),
    queryFn: ({ signal }) =>
      http.get<Page<NewsItem>>('/core/news', { query: { page, per_page: perPage }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSaveNewsItem = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: NewsItemBody }) =>
      (
        await (id === null
          ? http.post<{ data: NewsItem }>('/core/news', body, { quiet: [422] })
          : http.put<{ data: NewsItem }>(`/core/news/${id}`, body, { quiet: [422] }))
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: newsKeys.admin }),
  });
};

export const useDeleteNewsItem = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/core/news/${id}`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: newsKeys.admin }),
  });
};
