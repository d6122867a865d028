import {
  DEAL_TYPE_LABELS,
  ENQUIRY_STAGE_LABELS,
  SEARCH_ENTITY_TYPES,
  SEARCH_SCORES,
  type DealType,
  type EnquiryStage,
  type SearchEntityType,
  type SearchHit,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import * as repo from './search.repository';
import { fuzzyTerm } from './word-tables';
import { searchWords } from './words';

/** dd/mm/yyyy from yyyy-mm-dd (en-GB, as every date the web shows). */
const ukDate = (iso: string | null): string | null => (iso ? iso.split('-').reverse().join('/') : null);

const joined = (...parts: Array<string | null | undefined>): string | null =>
  parts.filter((p): p is string => !!p).join(' · ') || null;

const hitOf = (r: repo.SearchRow, fuzzy: boolean): SearchHit => {
  const score = fuzzy ? SEARCH_SCORES.fuzzy : r.exact ? SEARCH_SCORES.exact : SEARCH_SCORES.prefix;
  const base = { entity_type: r.entity_type, entity_id: Number(r.entity_id), score };
  if (r.entity_type === 'deal')
    return {
      ...base,
      label: joined(DEAL_TYPE_LABELS[r.kind as DealType], r.label) ?? 'Deal',
      sublabel: joined(ukDate(r.day), r.sublabel),
    };
  if (r.entity_type === 'enquiry')
    return {
      ...base,
      label: r.label ?? 'Enquiry',
      sublabel: joined(ENQUIRY_STAGE_LABELS[r.kind as EnquiryStage], ukDate(r.day), r.sublabel),
    };
  return { ...base, label: r.label ?? '', sublabel: r.sublabel };
};

/**
 * Groups of hits: each type's hits best first (exact before prefix, then the type's own order),
 * the groups in the order of their best hit, ties in SEARCH_ENTITY_TYPES' order.
 */
const grouped = (hits: Array<SearchHit & { ord: number }>): SearchHit[] => {
  const groups = new Map<SearchEntityType, Array<SearchHit & { ord: number }>>();
  for (const h of hits) groups.set(h.entity_type, [...(groups.get(h.entity_type) ?? []), h]);
  const best = (g: SearchHit[]) => Math.max(...g.map((h) => h.score));
  return [...groups.entries()]
    .map(([type, g]) => ({ type, g: g.sort((a, b) => b.score - a.score || a.ord - b.ord) }))
    .sort(
      (a, b) =>
        best(b.g) - best(a.g) || SEARCH_ENTITY_TYPES.indexOf(a.type) - SEARCH_ENTITY_TYPES.indexOf(b.type),
    )
    .flatMap(({ g }) => g.map(({ ord: _ord, ...h }) => h));
};

/**
 * GET /api/search (ADR 0083): one statement over every kind of record; when nothing matches
 * literally, a second one over similar spellings of names. A query with no letters or digits
 * finds nothing.
 */
export const search = async (
  deps: ServiceDeps,
  q: { q: string; types?: SearchEntityType[] | undefined; limit: number },
): Promise<SearchHit[]> => {
  const words = searchWords(q.q);
  if (!words.length) return [];
  const types = new Set<SearchEntityType>(q.types?.length ? q.types : SEARCH_ENTITY_TYPES);
  const phrase = q.q.trim().toLowerCase();
  const rows = await repo.search(deps.db, repo.searchSql(words, phrase, types, q.limit));
  if (rows.length) return grouped(rows.map((r) => ({ ...hitOf(r, false), ord: r.ord })));
  const term = fuzzyTerm(q.q);
  const fuzzy = term ? repo.fuzzySql(term, types, q.limit) : null;
  if (!fuzzy) return [];
  return grouped((await repo.search(deps.db, fuzzy)).map((r) => ({ ...hitOf(r, true), ord: r.ord })));
};
