import { normaliseDomain } from '@frontage/shared';
import { companyMatchKey } from '../import.values';

/**
 * A batch's company cells as found (company-keys.ts reads them): ids by the match key of a name,
 * and by web domain. Plain maps, since the rows are checked on a worker thread (ADR 0115).
 */
export interface CompanyLookup {
  named: Map<string, number[]>;
  byDomain: Map<string, number[]>;
}

/** A cell that names a company by its web domain ("greggs.co.uk", "https://www.boots.com/"). */
export const looksLikeDomain = (text: string) => /^[^\s@]+\.[a-z]{2,63}\/?$/i.test(normaliseDomain(text));

/** The companies a cell names: by name, or (a cell written as a domain that names none) by domain. */
export const companyIdsOf = (found: CompanyLookup, text: string): number[] => {
  const ids = found.named.get(companyMatchKey(text));
  if (ids?.length) return ids;
  return looksLikeDomain(text) ? (found.byDomain.get(normaliseDomain(text)) ?? []) : [];
};
