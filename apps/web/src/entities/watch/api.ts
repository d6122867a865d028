import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchItem, WatchState, WatchType } from '@frontage/shared';
import { http } from '../../lib/http';

export const watchKeys = {
  all: ['watches'] as const,
  one: (type: WatchType, id: number) => ['watches', type, id] as const,
};

/** GET /api/watches/{type}/{id}: whether the signed-in user watches the record. */
export const useWatch = (type: WatchType, id: number) =>
  useQuery({
    queryKey: watchKeys.one(type, id),
    queryFn: ({ signal }) => http.get<{ data: WatchState }>(`/watches/${type}/${id}`, { signal }),
    select: (r) => r.data,
  });

/** GET /api/watches: what the user watches, newest first (the profile's list). */
export const useMyWatches = () =>
  useQuery({
    queryKey: watchKeys.all,
    queryFn: ({ signal }) => http.get<{ data: WatchItem[] }>('/watches', { signal }),
    select: (r) => r.data,
  });

/** PUT (watch) or DELETE (stop) /api/watches/{type}/{id}; every watch read is refreshed after. */
export const useSetWatch = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, watched }: { type: WatchType; id: number; watched: boolean }) =>
      watched
        ? http.put<{ data: WatchState }>(`/watches/${type}/${id}`, undefined, { successNotice: false })
        : http.delete<{ data: WatchState }>(`/watches/${type}/${id}`, { successNotice: false }),
    onSuccess: (r, v) => {
      qc.setQueryData(watchKeys.one(v.type, v.id), r);
      void qc.invalidateQueries({ queryKey: watchKeys.all, exact: true });
    },
  });
};
