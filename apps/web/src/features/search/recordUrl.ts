import type { SearchEntityType } from '@frontage/shared';

/**
 * Where each kind of record opens (ADR 0084): its list page with `?id=`, which every one of these
 * pages reads to open the record over the list (useListPage for companies and contacts; the
 * properties, schemes, deals and enquiries pages read `id` themselves).
 */
const LIST_PATHS: Readonly<Record<SearchEntityType, string>> = {
  property: '/properties',
  scheme: '/schemes',
  company: '/companies',
  contact: '/users',
  deal: '/deals',
  enquiry: '/enquiries',
};

export const recordUrl = (type: SearchEntityType, id: number): string => `${LIST_PATHS[type]}?id=${id}`;

/** The heading of each group of results. */
export const GROUP_HEADINGS: Readonly<Record<SearchEntityType, string>> = {
  property: 'Properties',
  scheme: 'Schemes',
  company: 'Companies',
  contact: 'Contacts',
  deal: 'Deals',
  enquiry: 'Enquiries',
};
