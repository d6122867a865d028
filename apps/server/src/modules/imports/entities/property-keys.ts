import type { Db } from '../../../db/client';
import * as records from '../import-records.repository';
import { streetKey, unitKey } from '../import.values';

/** Existing units by natural key (key → ids, in id order): one read for a batch, by post code. */
export const propertiesByKeys = async (db: Db, keys: string[]): Promise<Map<string, number[]>> => {
  const wanted = new Set(keys);
  const postCodes = [...new Set(keys.map((k) => k.split('|')[2] ?? ''))].filter(Boolean);
  const out = new Map<string, number[]>();
  for (const p of await records.propertiesAtPostCodes(db, postCodes)) {
    const key = `address:${unitKey(p.building_num ?? '')}|${streetKey(p.street ?? '')}|${p.post_code_key}`;
    if (!wanted.has(key)) continue;
    const list = out.get(key);
    if (list) list.push(p.id);
    else out.set(key, [p.id]);
  }
  return out;
};
