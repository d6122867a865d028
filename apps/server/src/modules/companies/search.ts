import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, '\\$&');

/** Below this many characters a similar spelling is not searched: too many names share 3 letters. */
export const FUZZY_MIN_LENGTH = 5;

/**
 * The typeahead match on a trigram-indexed column (ADR 0009). One or two characters cannot form
 * an inner trigram, so they match the start of the text or of a word (both anchored patterns the
 * GIN index can serve); from three characters on, any substring; from five, also a similar
 * spelling (pg_trgm's `%`, so "superdrag" finds Superdrug).
 */
export const trigramMatch = (col: SQLWrapper, q: string): SQL => {
  const term = q.toLowerCase();
  const esc = likeEscape(term);
  const len = [...term].length;
  if (len < 3) return sql`(${col} ilike ${`${esc}%`} or ${col} ilike ${`% ${esc}%`})`;
  if (len < FUZZY_MIN_LENGTH) return sql`(${col} ilike ${`%${esc}%`})`;
  return sql`(${col} ilike ${`%${esc}%`} or ${col} % ${term})`;
};

/** Relevance, best first: the exact text, then a prefix, then trigram similarity. */
export const trigramRank = (cols: SQLWrapper[], q: string): SQL[] => {
  const term = q.toLowerCase();
  const esc = likeEscape(term);
  const any = (f: (c: SQLWrapper) => SQL) => sql.join(cols.map(f), sql` or `);
  const best =
    cols.length === 1
      ? sql`similarity(${cols[0]!}, ${term})`
      : sql`greatest(${sql.join(
          cols.map((c) => sql`similarity(${c}, ${term})`),
          sql`, `,
        )})`;
  return [
    sql`(${any((c) => sql`lower(${c}) = ${term}`)}) desc`,
    sql`(${any((c) => sql`${c} ilike ${`${esc}%`}`)}) desc`,
    sql`${best} desc`,
  ];
};

/** `sort=-name` → the column and direction. */
export const parseSort = <K extends string>(sort: `${'' | '-'}${K}`): { key: K; desc: boolean } =>
  sort.startsWith('-') ? { key: sort.slice(1) as K, desc: true } : { key: sort as K, desc: false };

/** A sort the caller asked for (`?sort=`), as opposed to the schema's default. */
export const hasExplicitSort = (url: string): boolean => {
  const q = url.indexOf('?');
  return q !== -1 && new URLSearchParams(url.slice(q + 1)).has('sort');
};

/**
 * Runs a search's queries with the planner told that index pages are as cheap as they are when
 * cached (random_page_cost 1.1, the usual SSD setting): with the default 4 it prefers a sequential
 * scan of 100,000 names to the trigram index, 5–10 times slower (ADR 0009). `set local` ends
 * with the transaction.
 */
export const withIndexFriendlyPlanner = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local random_page_cost = 1.1`);
    return work(tx);
  });
