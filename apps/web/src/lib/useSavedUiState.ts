import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UiState, UiStateScreen } from '@frontage/shared';
import { http } from './http';

/** Saving waits until the user has stopped changing filters for this long. */
export const UI_STATE_SAVE_DEBOUNCE_MS = 800;

const uiStateKey = (screen: UiStateScreen) => ['ui-state', screen] as const;

/**
 * A screen's interface state (filters, sort, page size) saved per user on the server
 * (`GET|PUT /api/ui-state/{screen}`): restored on load, saved debounced after each change.
 * `ready` turns true once the saved state is known (or could not be read: defaults then), so a
 * list waits for it instead of loading twice.
 */
export function useSavedUiState<T extends Record<string, unknown>>(
  screen: UiStateScreen,
  defaults: T,
  /** Drops saved values the screen no longer accepts (a stale sort, a removed option …). */
  sanitize: (saved: T) => T = (saved) => saved,
) {
  const qc = useQueryClient();
  const saved = useQuery({
    queryKey: uiStateKey(screen),
    queryFn: async () =>
      (await http.get<{ data: UiState }>(`/ui-state/${screen}`, { quiet: true })).data.state as Partial<T>,
    staleTime: Infinity,
    retry: false,
  });
  const [local, setLocal] = useState<T | null>(null);
  const state: T = local ?? sanitize({ ...defaults, ...(saved.data ?? {}) });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<T | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    qc.setQueryData(uiStateKey(screen), next);
    // Saving is a convenience: a failure must not interrupt the user.
    void http
      .put(`/ui-state/${screen}`, { state: next }, { quiet: true, successNotice: false })
      .catch(() => {});
  }, [qc, screen]);

  // Leaving the page still saves the last change.
  useEffect(() => flush, [flush]);

  // The state the next change builds on. A debounced field calls `update` from a timer set during
  // an earlier render: built on that render's state, a search typed just before a retailer was
  // picked would put the retailer back to none when its timer fires.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });

  const update = (patch: Partial<T> | ((current: T) => T)) => {
    const next = typeof patch === 'function' ? patch(latest.current) : { ...latest.current, ...patch };
    latest.current = next;
    setLocal(next);
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, UI_STATE_SAVE_DEBOUNCE_MS);
  };

  return { state, update, ready: !saved.isPending };
}
