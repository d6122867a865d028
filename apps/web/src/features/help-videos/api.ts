import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Video } from '@frontage/shared';
import { http } from '../../lib/http';

/**
 * The help videos' calls and the browser session's list of declined videos (spec A §4, ADR
 * 0063): a video declined is not offered again until the browser session ends (sessionStorage);
 * one declined with "Don't show again" ticked is hidden for good through PUT /settings/hide-video.
 */
export const helpVideoKeys = {
  all: ['help-videos'] as const,
  route: (r: string) => ['help-videos', r] as const,
};

/** GET /api/videos?route=: the page's videos the user has not hidden for good. Quiet: help is optional. */
export const useRouteVideos = (route: string) =>
  useQuery({
    queryKey: helpVideoKeys.route(route),
    queryFn: ({ signal }) =>
      http.get<{ data: Video[] }>('/videos', { query: { route }, signal, quiet: true }).then((r) => r.data),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const SESSION_HIDDEN_KEY = 'frontage.hiddenVideos';

export const readSessionHidden = (): string[] => {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(SESSION_HIDDEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const writeSessionHidden = (ids: readonly string[]): void => {
  try {
    window.sessionStorage.setItem(SESSION_HIDDEN_KEY, JSON.stringify([...new Set(ids)]));
  } catch {
    /* storage unavailable: the component's state still hides them until a reload */
  }
};

/** PUT /api/settings/hide-video for each video (quiet: a failure only means it may be offered again). */
export const useHideForever = () => {
  const qc = useQueryClient();
  return async (videoIds: readonly string[]) => {
    await Promise.allSettled(
      videoIds.map((video_id) =>
        http.put('/settings/hide-video', { video_id }, { quiet: true, successNotice: false }),
      ),
    );
    void qc.invalidateQueries({ queryKey: helpVideoKeys.all });
  };
};
