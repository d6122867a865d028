import { formatMoney, todayIso } from '@frontage/shared';
import type { Enquiry } from '../../entities/enquiries/api';

/** Who enquired: the company, else the contact. */
export const enquirerOf = (e: Pick<Enquiry, 'id' | 'company' | 'user'>): string =>
  e.company?.name ?? e.user?.name ?? `Enquiry ${e.id}`;

const dayNumber = (iso: string): number => {
  const [y = 0, m = 1, d = 1] = iso.slice(0, 10).split('-').map(Number);
  return Math.floor(Date.UTC(y, m - 1, d) / 86_400_000);
};

/** Days since the enquiry was received, counted in calendar days where the user is. */
export const ageInDays = (receivedAt: string, today: string = todayIso()): number =>
  Math.max(0, dayNumber(today) - dayNumber(receivedAt));

/** "Today", "1 day", "12 days". */
export const ageText = (days: number): string =>
  days === 0 ? 'Today' : `${days} ${days === 1 ? 'day' : 'days'}`;

const range = (from: string | null, to: string | null, unit = ''): string | null => {
  if (from && to) return from === to ? `${from}${unit}` : `${from}–${to}${unit}`;
  if (from) return `From ${from}${unit}`;
  if (to) return `Up to ${to}${unit}`;
  return null;
};

const area = (v: number | null): string | null =>
  v === null ? null : v.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** "1,000–2,500 sq ft", "From 1,000 sq ft", "Up to 2,500 sq ft"; null when no size is known. */
export const sizeRangeText = (e: Pick<Enquiry, 'size_from' | 'size_to'>): string | null =>
  range(area(e.size_from), area(e.size_to), ' sq ft');

/** "£20,000.00–£30,000.00" (rents are GBP), "From £20,000.00"; null when no rent is known. */
export const rentRangeText = (e: Pick<Enquiry, 'rent_from' | 'rent_to'>): string | null =>
  range(
    e.rent_from === null ? null : formatMoney(e.rent_from, 'GBP'),
    e.rent_to === null ? null : formatMoney(e.rent_to, 'GBP'),
  );
