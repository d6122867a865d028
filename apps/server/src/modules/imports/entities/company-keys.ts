import { normaliseDomain } from '@frontage/shared';
import type { Db } from '../../../db/client';
import * as records from '../import-records.repository';
import { companyMatchKey } from '../import.values';
import { looksLikeDomain, type CompanyLookup } from './company-match';

const addTo = (map: Map<string, number[]>, key: string, id: number) => {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
};

/** Companies by the match key of their names (one read for a batch): key → ids, in id order. */
export const companiesNamed = async (db: Db, names: string[]): Promise<Map<string, number[]>> => {
  const keys = [...new Set(names.map(companyMatchKey).filter(Boolean))];
  const out = new Map<string, number[]>();
  for (const r of await records.companiesByNameKeys(db, keys)) addTo(out, r.key, r.id);
  return out;
};

/**
 * A batch's company cells found by name, and (for a cell written as a domain) by domain: one read
 * per kind of key. companyIdsOf (company-match.ts) answers a cell from them.
 */
export const companiesByNameOrDomain = async (db: Db, cells: string[]): Promise<CompanyLookup> => {
  const named = await companiesNamed(db, cells);
  const domains = [...new Set(cells.filter(looksLikeDomain).map(normaliseDomain))];
  const byDomain = new Map<string, number[]>();
  for (const r of await records.companiesByDomains(db, domains)) addTo(byDomain, r.domain, r.id);
  return { named, byDomain };
};
