import type { Db } from '../../../db/client';
import * as records from '../import-records.repository';
import { companyMatchKey } from '../import.values';

/** Companies by the match key of their names (one read for a batch): key → ids, in id order. */
export const companiesNamed = async (db: Db, names: string[]): Promise<Map<string, number[]>> => {
  const keys = [...new Set(names.map(companyMatchKey).filter(Boolean))];
  const out = new Map<string, number[]>();
  for (const r of await records.companiesByNameKeys(db, keys)) {
    const list = out.get(r.key);
    if (list) list.push(r.id);
    else out.set(r.key, [r.id]);
  }
  return out;
};
