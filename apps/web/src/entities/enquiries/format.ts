import { formatMoney, type Enquiry } from '@frontage/shared';

const area = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });
/** Rents are GBP (spec A §2: the £ symbol), shown in whole pounds when they are whole. */
const rent = (v: string) => formatMoney(v, 'GBP').replace(/\.00$/, '');

const range = (from: string | null, to: string | null): string =>
  from && to ? (from === to ? from : `${from} – ${to}`) : from ? `${from}+` : to ? `up to ${to}` : '';

/** "1,000 – 2,500 sqft", "1,000+ sqft", "up to 2,500 sqft", or '' when no size is known. */
export const sizeRangeOf = (e: Pick<Enquiry, 'size_from' | 'size_to'>): string => {
  const text = range(
    e.size_from === null ? null : area(e.size_from),
    e.size_to === null ? null : area(e.size_to),
  );
  return text ? `${text} sqft` : '';
};

/** "£20,000 – £45,000", "£20,000+", "up to £45,000", or ''. */
export const rentRangeOf = (e: Pick<Enquiry, 'rent_from' | 'rent_to'>): string =>
  range(e.rent_from === null ? null : rent(e.rent_from), e.rent_to === null ? null : rent(e.rent_to));

/** Who enquired: the company, else the contact. */
export const enquirerOf = (e: Pick<Enquiry, 'company' | 'user'>): string =>
  e.company?.name ?? e.user?.name ?? '';

/** The address of an enquiry in a link (comment and notification links use the same). */
export const enquiryLink = (id: number) => `/enquiries?id=${id}&type=enquiry`;
