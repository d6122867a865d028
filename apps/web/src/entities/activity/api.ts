import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityItem, ActivityKind, ActivityPage } from '@frontage/shared';
import { http } from '../../lib/http';

export const ACTIVITY_PER_PAGE = 25;

/**
 * GET /api/companies/{id}/activity or /api/users/{id}/activity (`owner` is '/companies/5' or
 * '/users/7'): newest first, "Load more" asks for the page `before` the last one's `meta.next`;
 * `kinds` keeps only those kinds on the server (`kind=`), so a filtered feed pages on its own.
 * Quiet: the timeline says when it could not be loaded.
 */
export const useActivity = (owner: string, kinds?: readonly ActivityKind[]) =>
  useInfiniteQuery({
    queryKey: ['activity', owner, kinds?.join(',') ?? ''] as const,
    queryFn: ({ signal, pageParam }) =>
      http.get<ActivityPage>(`${owner}/activity`, {
        query: {
          before: pageParam ?? undefined,
          kind: kinds?.length ? kinds.join(',') : undefined,
          per_page: ACTIVITY_PER_PAGE,
        },
        signal,
        quiet: true,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next ?? undefined,
    retry: false,
  });

/** The loaded pages as one list; an item that moved between pages while loading is shown once. */
export const flattenActivity = (pages: readonly ActivityPage[] | undefined): ActivityItem[] => {
  const seen = new Set<string>();
  const out: ActivityItem[] = [];
  for (const page of pages ?? [])
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  return out;
};
