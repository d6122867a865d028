import { formatMoney } from '@frontage/shared';

/** "£27.50 per sq ft"; an en dash when there is no figure. */
export const perSqft = (value: string | number | null | undefined, currency: string): string =>
  value === null || value === undefined || value === '' ? '–' : `${formatMoney(value, currency)} per sq ft`;

/** "1,076.39 sq ft"; '' when unknown. */
export const sqft = (value: number | null | undefined): string =>
  value === null || value === undefined
    ? ''
    : `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} sq ft`;
