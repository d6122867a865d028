import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Video, VideoBody } from '@frontage/shared';
import { http } from '../../lib/http';

/** The Videos tab's calls (/api/core/videos, admins only). */
const videoKeys = { admin: ['help-videos', 'admin'] as const };

export const useAdminVideos = () =>
  useQuery({
    queryKey: videoKeys.admin,
    queryFn: ({ signal }) => http.get<{ data: Video[] }>('/core/videos', { signal }).then((r) => r.data),
  });

/** Every write refreshes this table and the pages' offers (their keys share the prefix). */
const useRefresh = () => {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['help-videos'] });
};

export const useSaveVideo = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: VideoBody }) =>
      (id === null
        ? http.post<{ data: Video }>('/core/videos', body, { quiet: [422] })
        : http.put<{ data: Video }>(`/core/videos/${id}`, body, { quiet: [422] })
      ).then((r) => r.data),
    onSuccess: refresh,
  });
};

export const useDeleteVideo = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/core/videos/${id}`),
    onSuccess: refresh,
  });
};
