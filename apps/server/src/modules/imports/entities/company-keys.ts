import { normaliseDomain } from '@frontage/shared';
import type { Db } from '../../../db/client';
import * as records from '../import-records.repository';
import { companyMatchKey } from '../import.values';

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

/** A cell that names a company by its web domain ("greggs.co.uk", "https://www.boots.com/"). */
const looksLikeDomain = (text: string) => /^[^\s@]+\.[a-z]{2,63}\/?$/i.test(normaliseDomain(text));

/**
 * A batch's company cells resolved by name, or (for a cell written as a domain that names no
 * company) by domain: cell text → the ids it matches. One read per kind of key.
 */
export const companiesByNameOrDomain = async (
  db: Db,
  cells: string[],
): Promise<(text: string) => number[]> => {
  const named = await companiesNamed(db, cells);
  const domains = [...new Set(cells.filter(looksLikeDomain).map(normaliseDomain))];
  const byDomain = new Map<string, number[]>();
  for (const r of await records.companiesByDomains(db, domains)) addTo(byDomain, r.domain, r.id);
  return (text) => {
    const ids = named.get(companyMatchKey(text));
    if (ids?.length) return ids;
    return looksLikeDomain(text) ? (byDomain.get(normaliseDomain(text)) ?? []) : [];
  };
};
