import {
  DEAL_PAGE_SIZES,
  DEAL_SORTS,
  DEAL_TYPES,
  parseTypedDate,
  type DealSort,
  type DealType,
} from '@frontage/shared';
import type { DealListFilters } from '../../../entities/deals/api';

interface Ref {
  id: number;
  name: string;
}

/**
 * The /deals table's filters, sort and paging: what is saved per user (ui-state `deals`, ADR 0049).
 * Pickers keep the record's name too, so a restored filter shows what it filters on; dates are
 * kept as typed (dd/mm/yyyy).
 */
export interface DealListState extends Record<string, unknown> {
  /** Free text: the property, the scheme sold, the parties' names (ADR 0085). */
  q: string;
  types: DealType[];
  from: string;
  to: string;
  town: string;
  scheme: Ref | null;
  tenant: Ref | null;
  landlord: Ref | null;
  recorded_by: Ref | null;
  sort: DealSort;
  page: number;
  per_page: number;
}

export const DEFAULT_DEAL_SORT: DealSort = '-effective_date';

export const DEFAULT_DEAL_LIST: DealListState = {
  q: '',
  types: [],
  from: '',
  to: '',
  town: '',
  scheme: null,
  tenant: null,
  landlord: null,
  recorded_by: null,
  sort: DEFAULT_DEAL_SORT,
  page: 1,
  per_page: DEAL_PAGE_SIZES[0],
};

const isRef = (v: unknown): v is Ref =>
  !!v &&
  typeof v === 'object' &&
  Number.isInteger((v as Ref).id) &&
  (v as Ref).id > 0 &&
  typeof (v as Ref).name === 'string';

/** Drops saved values the page no longer accepts (a removed sort or type, a page size not offered). */
export const sanitizeDealList = (s: DealListState): DealListState => ({
  ...s,
  q: typeof s.q === 'string' ? s.q.slice(0, 200) : '',
  types: Array.isArray(s.types) ? s.types.filter((t) => DEAL_TYPES.includes(t)) : [],
  from: typeof s.from === 'string' ? s.from : '',
  to: typeof s.to === 'string' ? s.to : '',
  town: typeof s.town === 'string' ? s.town : '',
  scheme: isRef(s.scheme) ? s.scheme : null,
  tenant: isRef(s.tenant) ? s.tenant : null,
  landlord: isRef(s.landlord) ? s.landlord : null,
  recorded_by: isRef(s.recorded_by) ? s.recorded_by : null,
  sort: DEAL_SORTS.includes(s.sort) ? s.sort : DEFAULT_DEAL_SORT,
  page: Number.isInteger(s.page) && s.page >= 1 ? s.page : 1,
  per_page: (DEAL_PAGE_SIZES as readonly number[]).includes(s.per_page) ? s.per_page : DEAL_PAGE_SIZES[0],
});

/** Whether the effective-date range runs backwards (the server refuses it with a 422). */
export const rangeReversed = (s: Pick<DealListState, 'from' | 'to'>): boolean => {
  const from = parseTypedDate(s.from);
  const to = parseTypedDate(s.to);
  return !!from && !!to && from > to;
};

/** The state as GET /api/deals and its export take it (a date not yet complete is not sent). */
export const dealFiltersOf = (s: DealListState): DealListFilters => ({
  q: s.q.trim() || undefined,
  type: s.types.length ? DEAL_TYPES.filter((t) => s.types.includes(t)).join(',') : undefined,
  from: parseTypedDate(s.from) ?? undefined,
  to: parseTypedDate(s.to) ?? undefined,
  town: s.town.trim() || undefined,
  scheme_id: s.scheme?.id,
  tenant_id: s.tenant?.id,
  landlord_id: s.landlord?.id,
  created_by: s.recorded_by?.id,
  sort: s.sort,
});

/** Whether any filter is set (Clear filters shows then). */
export const hasDealFilters = (s: DealListState): boolean =>
  !!(
    s.q.trim() ||
    s.types.length ||
    s.from ||
    s.to ||
    s.town ||
    s.scheme ||
    s.tenant ||
    s.landlord ||
    s.recorded_by
  );
