import {
  ENQUIRY_PER_PAGE_DEFAULT,
  ENQUIRY_SORTS,
  ENQUIRY_STAGES,
  REASONS,
  parseTypedDate,
  type EnquirySort,
  type EnquiryStage,
  type Reason,
} from '@frontage/shared';
import { TABLE_PAGE_SIZES } from '../../../components/DataTable';
import type { EnquiryListFilters } from '../../../entities/enquiries/api';

interface Ref {
  id: number;
  name: string;
}

/**
 * The /enquiries table's filters, sort and paging: what is saved per user (ui-state
 * `enquiry_list`, ADR 0051). Pickers keep the record's name so a restored filter shows what it
 * filters on; dates are kept as typed (dd/mm/yyyy).
 */
export interface EnquiryListState extends Record<string, unknown> {
  /** Free text: the enquirer's company and contact, the town (ADR 0085). */
  q: string;
  stages: EnquiryStage[];
  reasons: Reason[];
  company: Ref | null;
  scheme: Ref | null;
  town: string;
  from: string;
  to: string;
  mine: boolean;
  sort: EnquirySort;
  page: number;
  per_page: number;
}

export const DEFAULT_ENQUIRY_SORT: EnquirySort = '-id';

export const DEFAULT_ENQUIRY_LIST: EnquiryListState = {
  q: '',
  stages: [],
  reasons: [],
  company: null,
  scheme: null,
  town: '',
  from: '',
  to: '',
  mine: false,
  sort: DEFAULT_ENQUIRY_SORT,
  page: 1,
  // Spec A §9: enquiry lists default to 50 a page.
  per_page: ENQUIRY_PER_PAGE_DEFAULT,
};

const isRef = (v: unknown): v is Ref =>
  !!v &&
  typeof v === 'object' &&
  Number.isInteger((v as Ref).id) &&
  (v as Ref).id > 0 &&
  typeof (v as Ref).name === 'string';
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Drops saved values the page no longer accepts (a removed sort or stage, a size not offered). */
export const sanitizeEnquiryList = (s: EnquiryListState): EnquiryListState => ({
  q: text(s.q).slice(0, 200),
  stages: Array.isArray(s.stages) ? s.stages.filter((t) => ENQUIRY_STAGES.includes(t)) : [],
  reasons: Array.isArray(s.reasons) ? s.reasons.filter((t) => REASONS.includes(t)) : [],
  company: isRef(s.company) ? s.company : null,
  scheme: isRef(s.scheme) ? s.scheme : null,
  town: text(s.town),
  from: text(s.from),
  to: text(s.to),
  mine: s.mine === true,
  sort: ENQUIRY_SORTS.includes(s.sort) ? s.sort : DEFAULT_ENQUIRY_SORT,
  page: Number.isInteger(s.page) && s.page >= 1 ? s.page : 1,
  per_page: (TABLE_PAGE_SIZES as readonly number[]).includes(s.per_page)
    ? s.per_page
    : ENQUIRY_PER_PAGE_DEFAULT,
});

/** Whether the received range runs backwards (the server refuses it with a 422). */
export const receivedReversed = (s: Pick<EnquiryListState, 'from' | 'to'>): boolean => {
  const from = parseTypedDate(s.from);
  const to = parseTypedDate(s.to);
  return !!from && !!to && from > to;
};

/** The state as GET /api/enquiries and its export take it (a date not yet complete is not sent). */
export const enquiryFiltersOf = (s: EnquiryListState): EnquiryListFilters => ({
  q: s.q.trim() || undefined,
  stage: s.stages.length ? ENQUIRY_STAGES.filter((t) => s.stages.includes(t)).join(',') : undefined,
  reason: s.reasons.length ? REASONS.filter((t) => s.reasons.includes(t)).join(',') : undefined,
  company_id: s.company?.id,
  scheme_id: s.scheme?.id,
  town: s.town.trim() || undefined,
  received_from: parseTypedDate(s.from) ?? undefined,
  received_to: parseTypedDate(s.to) ?? undefined,
  mine: s.mine ? '1' : undefined,
  sort: s.sort,
});

export const hasEnquiryFilters = (s: EnquiryListState): boolean =>
  !!(
    s.q.trim() ||
    s.stages.length ||
    s.reasons.length ||
    s.company ||
    s.scheme ||
    s.town ||
    s.from ||
    s.to ||
    s.mine
  );
