import {
  LEASE_EVENTS_DEFAULT_DAYS,
  LEASE_EVENT_STATUSES,
  LEASE_EVENT_TYPES,
  parseTypedDate,
  todayIso,
  type LeaseEventStatus,
  type LeaseEventType,
} from '@frontage/shared';
import { TABLE_PAGE_SIZES } from '../../../components/DataTable';
import { isoDaysFrom, type LeaseEventFilters } from '../../../entities/lease-events/api';

interface Ref {
  id: number;
  name: string;
}

/**
 * The work list's filters and paging: what is saved per user (ui-state `lease_events`). The date
 * range is kept as typed (dd/mm/yyyy); left empty it means the default window — today to
 * today + 90 days — which so moves with the calendar instead of freezing on the day it was saved.
 */
export interface LeaseEventListState extends Record<string, unknown> {
  from: string;
  to: string;
  types: LeaseEventType[];
  hard: boolean;
  scheme: Ref | null;
  town: string;
  tenant: Ref | null;
  landlord: Ref | null;
  my_company: boolean;
  mine: boolean;
  status: LeaseEventStatus | 'all';
  page: number;
  per_page: number;
}

export const LEASE_EVENT_STATUS_FILTERS = [...LEASE_EVENT_STATUSES, 'all'] as const;

export const DEFAULT_LEASE_EVENT_LIST: LeaseEventListState = {
  from: '',
  to: '',
  types: [],
  hard: false,
  scheme: null,
  town: '',
  tenant: null,
  landlord: null,
  my_company: false,
  mine: false,
  status: 'open',
  page: 1,
  per_page: TABLE_PAGE_SIZES[0],
};

const isRef = (v: unknown): v is Ref =>
  !!v &&
  typeof v === 'object' &&
  Number.isInteger((v as Ref).id) &&
  (v as Ref).id > 0 &&
  typeof (v as Ref).name === 'string';

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** Drops saved values the page no longer accepts (an unknown type or status, a page size not offered). */
export const sanitizeLeaseEventList = (s: LeaseEventListState): LeaseEventListState => ({
  ...s,
  from: text(s.from, 10),
  to: text(s.to, 10),
  types: Array.isArray(s.types) ? s.types.filter((t) => LEASE_EVENT_TYPES.includes(t)) : [],
  hard: s.hard === true,
  scheme: isRef(s.scheme) ? s.scheme : null,
  town: text(s.town, 100),
  tenant: isRef(s.tenant) ? s.tenant : null,
  landlord: isRef(s.landlord) ? s.landlord : null,
  my_company: s.my_company === true,
  mine: s.mine === true,
  status: (LEASE_EVENT_STATUS_FILTERS as readonly string[]).includes(s.status) ? s.status : 'open',
  page: Number.isInteger(s.page) && s.page >= 1 ? s.page : 1,
  per_page: (TABLE_PAGE_SIZES as readonly number[]).includes(s.per_page) ? s.per_page : TABLE_PAGE_SIZES[0],
});

/** The range the list shows: the typed dates, or the default window where a field is empty. */
export const rangeOf = (
  s: Pick<LeaseEventListState, 'from' | 'to'>,
  today: string = todayIso(),
): { from: string; to: string } => {
  const from = parseTypedDate(s.from) ?? today;
  const to = parseTypedDate(s.to) ?? isoDaysFrom(from, LEASE_EVENTS_DEFAULT_DAYS);
  return { from, to };
};

/** Whether the range runs backwards (the server refuses it with a 422). */
export const rangeReversed = (s: Pick<LeaseEventListState, 'from' | 'to'>, today?: string): boolean => {
  const { from, to } = rangeOf(s, today);
  return from > to;
};

/** The state as GET /api/lease-events and its export take it. */
export const leaseEventFiltersOf = (s: LeaseEventListState, today?: string): LeaseEventFilters => ({
  ...rangeOf(s, today),
  type: s.types.length ? LEASE_EVENT_TYPES.filter((t) => s.types.includes(t)).join(',') : undefined,
  hard: s.hard || undefined,
  scheme_id: s.scheme?.id,
  town: s.town.trim() || undefined,
  tenant_id: s.tenant?.id,
  landlord_id: s.landlord?.id,
  my_company: s.my_company || undefined,
  mine: s.mine || undefined,
  status: s.status,
});

/** Whether any filter differs from the default (Clear filters shows then). */
export const hasLeaseEventFilters = (s: LeaseEventListState): boolean =>
  !!(
    s.from ||
    s.to ||
    s.types.length ||
    s.hard ||
    s.scheme ||
    s.town.trim() ||
    s.tenant ||
    s.landlord ||
    s.my_company ||
    s.mine ||
    s.status !== 'open'
  );
