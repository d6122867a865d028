import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  TRACKED_RETAILER_SORTS,
  VERIFICATION_STATES,
  type Page,
  type StoreListAction,
  type StoreListApplyEvent,
  type StoreListPreview,
  type TrackedRetailer,
  type VerificationQueueGroup,
  type VerificationQueueQuery,
  type VerificationState,
} from '@frontage/shared';
import { API_BASE, ApiError, fieldErrorsOf, http } from '../../lib/http';
import { companyKeys } from '../../entities/companies/api';
import { placeKeys } from '../../entities/properties/api';

/**
 * The research desk's calls (/core, admins only). The read list of tracked retailers is asked for
 * here in the queue's order; its key shares the `tracked-retailers` prefix with /core-data's, so
 * every write below refreshes both.
 */
export const coreKeys = {
  retailers: ['tracked-retailers'] as const,
  list: (params: Record<string, unknown>) => ['tracked-retailers', 'core-list', params] as const,
  queue: ['verification-queue'] as const,
  queuePage: (params: Record<string, unknown>) => ['verification-queue', params] as const,
};

/** The Retailers tab's filters, sort and page size — saved per user as `core_retailers`. */
export interface CoreRetailerListState extends Record<string, unknown> {
  q: string;
  verification: VerificationState | null;
  sort: string;
  per_page: number;
}

export const CORE_RETAILER_LIST_DEFAULTS: CoreRetailerListState = {
  q: '',
  verification: null,
  sort: 'queue',
  per_page: 25,
};

const PAGE_SIZES: readonly number[] = [25, 50, 100];

export const sanitizeCoreRetailerListState = (s: CoreRetailerListState): CoreRetailerListState => ({
  q: typeof s.q === 'string' ? s.q : '',
  verification: (VERIFICATION_STATES as readonly unknown[]).includes(s.verification) ? s.verification : null,
  sort: (TRACKED_RETAILER_SORTS as readonly unknown[]).includes(s.sort) ? s.sort : 'queue',
  per_page: PAGE_SIZES.includes(s.per_page) ? s.per_page : CORE_RETAILER_LIST_DEFAULTS.per_page,
});

/** GET /api/tracked-retailers in the desk's order by default. */
export const useCoreRetailerList = (state: CoreRetailerListState, page: number, enabled: boolean) => {
  const query = {
    q: state.q.trim() || undefined,
    verification: state.verification ?? undefined,
    sort: state.sort,
    page,
    per_page: state.per_page,
  };
  return useQuery({
    queryKey: coreKeys.list(query),
    queryFn: ({ signal }) => http.get<Page<TrackedRetailer>>('/tracked-retailers', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** Refreshes every retailer list (this page's, /core-data's) and everything company-shaped. */
export const useInvalidateRetailers = () => {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: coreKeys.retailers });
    void qc.invalidateQueries({ queryKey: companyKeys.all });
  };
};

/** PUT /api/core/retailers/{id}/tracking — start (assigns core_id) or stop tracking. */
export const useSetTracking = () => {
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: ({ id, tracked }: { id: number; tracked: boolean }) =>
      http.put(`/core/retailers/${id}/tracking`, { tracked }, { successNotice: false }),
    onSuccess: invalidate,
  });
};

/** After a store list is applied: the retailers, and the units it created or changed. */
export const useInvalidateAfterApply = () => {
  const qc = useQueryClient();
  const retailers = useInvalidateRetailers();
  return () => {
    retailers();
    void qc.invalidateQueries({ queryKey: placeKeys.properties });
  };
};

/** PUT /api/companies/{id}/verification {is_verified: true} — the store list is verified now. */
export const useVerifyRetailer = () => {
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: (id: number) =>
      http.put(`/companies/${id}/verification`, { is_verified: true }, { successNotice: false }),
    onSuccess: invalidate,
  });
};

/** POST /api/core/retailers/{id}/store-list/preview (multipart `file`); a 422 is shown inline. */
export const previewStoreList = async (id: number, file: File): Promise<StoreListPreview> => {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.post<StoreListPreview | { data: StoreListPreview }>(
    `/core/retailers/${id}/store-list/preview`,
    form,
    { quiet: [413, 422] },
  );
  return 'data' in res ? res.data : res;
};

/** A 422 (or 413) the server gave before the stream started: messages per action or field. */
export class StoreListRefused extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string>,
    message: string,
  ) {
    super(message);
  }
}

/**
 * POST /api/core/retailers/{id}/store-list/apply: reads the application/x-ndjson answer line by
 * line, reporting each progress line, and resolves with the last line (the result or the error).
 */
export async function applyStoreList(
  id: number,
  actions: StoreListAction[],
  onProgress: (done: number, total: number) => void,
): Promise<StoreListApplyEvent> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/core/retailers/${id}/store-list/apply`, {
      method: 'POST',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/x-ndjson, application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ actions }),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, MESSAGES.networkError);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    const msg =
      body && typeof body === 'object' && typeof (body as { msg?: unknown }).msg === 'string'
        ? (body as { msg: string }).msg
        : res.status === 422
          ? MESSAGES.validationError
          : MESSAGES.networkError;
    throw new StoreListRefused(res.status, fieldErrorsOf(body), msg);
  }
  if (!res.body) throw new ApiError(res.status, MESSAGES.networkError);

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let last: StoreListApplyEvent | null = null;
  const take = (line: string) => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as StoreListApplyEvent;
    if (event.type === 'progress') onProgress(event.done, event.total);
    else last = event;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += typeof value === 'string' ? value : decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffer);
  if (!last) throw new ApiError(res.status, MESSAGES.networkError);
  return last;
}

/** GET /api/core/verification-queue: pages of records with their unverified changes. */
export type QueueQuery = {
  page: number;
  per_page: number;
  user_id?: number;
  from?: string;
  to?: string;
  entity_type?: VerificationQueueQuery['entity_type'];
};

export const useVerificationQueue = (query: QueueQuery) =>
  useQuery({
    queryKey: coreKeys.queuePage(query),
    queryFn: ({ signal }) =>
      http.get<Page<VerificationQueueGroup>>('/core/verification-queue', {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/core/verification-queue/{verify|reject} {ids}; 409 and 422 are shown inline. */
export const useDecideChanges = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, ids }: { decision: 'verify' | 'reject'; ids: number[] }) =>
      http.post(`/core/verification-queue/${decision}`, { ids }, { quiet: [404, 409, 422] }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: coreKeys.queue });
      void qc.invalidateQueries({ queryKey: ['history'] });
      void qc.invalidateQueries({ queryKey: placeKeys.properties });
      void qc.invalidateQueries({ queryKey: placeKeys.schemes });
    },
  });
};
