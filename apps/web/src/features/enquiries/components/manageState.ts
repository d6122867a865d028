import {
  ENQUIRY_SORTS,
  ENQUIRY_TABLE_PAGE_SIZES,
  ENQUIRY_TABLE_PER_PAGE,
  type EnquirySort,
} from '@frontage/shared';

/** A property's or a scheme's page of the Manage Enquiries table. */
export interface SubjectPaging {
  perPage: number;
  page: number;
}

/**
 * What Manage Enquiries saves per user (ui-state `enquiries`, spec A §3 "enquiries per property",
 * ADR 0051): the toggle's last choice, the hide checkbox, the sort, and each property's (and
 * scheme's) page size and page, keyed `property:<id>` / `scheme:<id>`, newest first and at most
 * MAX_SUBJECTS of them so the saved state stays small.
 */
export interface ManageEnquiriesSaved extends Record<string, unknown> {
  kind: 'scheme' | 'property';
  hide_closed: boolean;
  sort: EnquirySort;
  subjects: Record<string, SubjectPaging>;
}

export const MAX_SUBJECTS = 40;
export const DEFAULT_MANAGE_SORT: EnquirySort = '-id';

export const DEFAULT_MANAGE_STATE: ManageEnquiriesSaved = {
  kind: 'scheme',
  hide_closed: true,
  sort: DEFAULT_MANAGE_SORT,
  subjects: {},
};

/** A subject without saved paging starts at page 1 with the table's default size (spec A §2: 10). */
export const DEFAULT_PAGING: SubjectPaging = { perPage: ENQUIRY_TABLE_PER_PAGE, page: 1 };

const validPaging = (p: unknown): p is SubjectPaging =>
  !!p &&
  typeof p === 'object' &&
  (ENQUIRY_TABLE_PAGE_SIZES as readonly number[]).includes((p as SubjectPaging).perPage) &&
  Number.isInteger((p as SubjectPaging).page) &&
  (p as SubjectPaging).page >= 1;

export const sanitizeManageState = (s: ManageEnquiriesSaved): ManageEnquiriesSaved => ({
  kind: s.kind === 'property' ? 'property' : 'scheme',
  hide_closed: typeof s.hide_closed === 'boolean' ? s.hide_closed : true,
  sort: ENQUIRY_SORTS.includes(s.sort) ? s.sort : DEFAULT_MANAGE_SORT,
  subjects:
    s.subjects && typeof s.subjects === 'object'
      ? Object.fromEntries(
          Object.entries(s.subjects).filter(([k, v]) => /^(property|scheme):\d+$/.test(k) && validPaging(v)),
        )
      : {},
});

export const subjectKey = (kind: 'property' | 'scheme', id: number) => `${kind}:${id}`;

/** The saved subjects with `key`'s paging set, most recent first, capped at MAX_SUBJECTS. */
export const withPaging = (
  subjects: Record<string, SubjectPaging>,
  key: string,
  paging: SubjectPaging,
): Record<string, SubjectPaging> =>
  Object.fromEntries(
    [[key, paging] as const, ...Object.entries(subjects).filter(([k]) => k !== key)].slice(0, MAX_SUBJECTS),
  );
