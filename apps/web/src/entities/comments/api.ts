import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentableType, MentionResult, Page } from '@frontage/shared';
import { http } from '../../lib/http';

export const COMMENTS_INCLUDE = 'user,entity,links';

export const commentKeys = {
  all: ['comments'] as const,
  of: (entityType: CommentableType, entityId: number) => ['comments', entityType, entityId] as const,
};

export type CommentPage = Page<Comment>;

/**
 * GET /api/comments?include=user,entity,links, newest first, one page at a time ("Show older
 * comments" fetches the next). Failures only stop the loading indicator (spec A §8).
 */
export const useComments = (entityType: CommentableType, entityId: number) =>
  useInfiniteQuery({
    queryKey: commentKeys.of(entityType, entityId),
    queryFn: ({ signal, pageParam }) =>
      http.get<CommentPage>('/comments', {
        query: { include: COMMENTS_INCLUDE, entity_id: entityId, entity_type: entityType, page: pageParam },
        quiet: true,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const { current_page, total_pages } = last.meta.pagination;
      return current_page < total_pages ? current_page + 1 : undefined;
    },
    staleTime: 0,
  });

/** The loaded pages as one list; a comment added meanwhile shifts the pages, so ids are deduplicated. */
export const flattenComments = (pages: readonly CommentPage[] | undefined): Comment[] => {
  const seen = new Set<number>();
  const out: Comment[] = [];
  for (const page of pages ?? []) {
    for (const c of page.data) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
};

/** Save failures are only logged (spec A §8); the caller keeps the text so nothing is lost. */
const logFailure = (what: string) => (err: unknown) => {
  console.error(`Comment ${what} failed`, err);
};

export const useCreateComment = (entityType: CommentableType, entityId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      http.post<{ data: Comment }>(
        '/comments',
        { content, entity_id: entityId, entity_type: entityType, links: [] },
        { quiet: true },
      ),
    onError: logFailure('save'),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.of(entityType, entityId) }),
  });
};

export const useUpdateComment = (entityType: CommentableType, entityId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      http.put<{ data: Comment }>(`/comments/${id}`, { content, links: [] }, { quiet: true }),
    onError: logFailure('update'),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.of(entityType, entityId) }),
  });
};

export const useDeleteComment = (entityType: CommentableType, entityId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/comments/${id}`, { quiet: true }),
    onError: logFailure('delete'),
    onSettled: () => qc.invalidateQueries({ queryKey: commentKeys.of(entityType, entityId) }),
  });
};

/** GET /api/comments/search-entity?q= — the mention popup's search. */
export const searchMentions = async (q: string, signal?: AbortSignal): Promise<MentionResult[]> => {
  if (!q.trim()) return [];
  const res = await http.get<{ data: MentionResult[] }>('/comments/search-entity', {
    query: { q },
    quiet: true,
    signal,
  });
  return res.data;
};
