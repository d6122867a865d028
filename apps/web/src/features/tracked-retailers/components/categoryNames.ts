import type { CompanyCategory } from '@frontage/shared';

/** A retailer's categories as one line, alphabetical. */
export const categoryNames = (categories: readonly CompanyCategory[]): string =>
  categories
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b, 'en-GB'))
    .join(', ');
