import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import type { LeaseEvent, LeaseEventStatus, Page } from '@frontage/shared';
import { http } from '../../lib/http';

/**
 * The filters of GET /api/lease-events and its export as the web sends them
 * (leaseEventsQuerySchema): lists as comma-separated text, flags only when set.
 */
export type LeaseEventFilters = {
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
  /** Event types, comma separated. */
  type?: string;
  hard?: boolean;
  property_id?: number;
  scheme_id?: number;
  town?: string;
  tenant_id?: number;
  landlord_id?: number;
  my_company?: boolean;
  mine?: boolean;
  status?: LeaseEventStatus | 'all';
};

export type LeaseEventParams = LeaseEventFilters & { page: number; per_page: number };

/** Query keys of lease-event reads: an action refreshes every list and card that shows events. */
export const leaseEventKeys = {
  all: ['lease-events'] as const,
  list: (params: LeaseEventParams) => ['lease-events', 'list', params] as const,
};

/** GET /api/lease-events: a page of events, sorted by date; the previous page stays while the next loads. */
export const useLeaseEvents = (params: LeaseEventParams, enabled = true) =>
  useQuery({
    enabled,
    queryKey: leaseEventKeys.list(params),
    queryFn: ({ signal }) => http.get<Page<LeaseEvent>>('/lease-events', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

/** What a user does to an event: mark it done, dismiss it, or reopen it (undo either). */
export type LeaseEventActionKind = 'done' | 'dismiss' | 'reopen';

export const LEASE_EVENT_ACTION_NOTICES: Record<LeaseEventActionKind, string> = {
  done: 'Lease event marked done.',
  dismiss: 'Lease event dismissed.',
  reopen: 'Lease event reopened.',
};

const send = (id: string, kind: LeaseEventActionKind, reason: string | null) => {
  const path = `/lease-events/${encodeURIComponent(id)}`;
  if (kind === 'reopen') return http.delete<{ data: LeaseEvent }>(`${path}/action`, { successNotice: false });
  // A 422 (a hard event without a reason) belongs to the dialog's field, so it is not toasted.
  return http.post<{ data: LeaseEvent }>(
    `${path}/${kind}`,
    { reason },
    { quiet: [422], successNotice: false },
  );
};

/**
 * POST /api/lease-events/{id}/done | dismiss, DELETE …/action. Every list and card showing
 * events is refetched afterwards, failed or not (an event's status decides which status filter
 * shows it), and a snackbar says what happened.
 */
export const useLeaseEventAction = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      event,
      kind,
      reason,
    }: {
      event: LeaseEvent;
      kind: LeaseEventActionKind;
      reason: string | null;
    }) => send(event.id, kind, reason),
    onSuccess: (_answer, { kind }) => {
      enqueueSnackbar(LEASE_EVENT_ACTION_NOTICES[kind], { variant: 'success' });
    },
    // A 404 means the lease changed under the user (the event moved or went): show what is now.
    onSettled: () => qc.invalidateQueries({ queryKey: leaseEventKeys.all }),
  });
};

/** A date + n days as yyyy-mm-dd (local calendar; the events are date-only). */
export const isoDaysFrom = (iso: string, days: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
};
