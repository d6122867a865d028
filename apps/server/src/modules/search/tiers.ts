import { and, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { FUZZY_MIN_LENGTH, likeEscape } from '../companies/search';

/**
 * Relevance tiers for the company and contact typeaheads (ADR 0025). A tier is a match rule and
 * an order the database can read from an index already sorted (a btree prefix range), except the
 * last, catch-all tier (substring / similar spelling by trigram, ordered by similarity). Tiers are
 * read in turn, each only as far as the page needs, so a search whose first tiers fill the page
 * never collects, scores and sorts every match.
 */
export interface Tier {
  match: SQL;
  order: SQL[];
  /**
   * Counted with a LIMIT (a btree range stops early). Trigram tiers are counted in full: their
   * bitmap is built whole anyway, and with a LIMIT the planner bets on a sequential scan.
   */
  bounded?: boolean;
  /**
   * Left out of a broad search's total (similar spellings: scoring every row that shares a
   * trigram costs more than the rest of the search). They still follow the other matches on the
   * pages, and a search whose matches were all read counts them.
   */
  uncounted?: boolean;
}

/**
 * ADR 0009's trigram match without the similar spelling: one or two characters match the start of
 * the text or of a word, three and more any substring.
 */
export const substringMatch = (col: SQLWrapper, q: string): SQL => {
  const esc = likeEscape(q.toLowerCase());
  return [...q].length < 3
    ? sql`(${col} ilike ${`${esc}%`} or ${col} ilike ${`% ${esc}%`})`
    : sql`${col} ilike ${`%${esc}%`}`;
};

/** A similar spelling (pg_trgm `%`) from FUZZY_MIN_LENGTH characters; null below. */
export const fuzzyMatch = (col: SQLWrapper, q: string): SQL | null =>
  [...q].length < FUZZY_MIN_LENGTH ? null : sql`${col} % ${q.toLowerCase()}`;

/** Counting a search's matches stops here: the total of a broad search is "at least this many". */
export const SEARCH_TOTAL_CAP = 1000;

/** A btree-friendly "starts with" on an expression collated "C" (exact text sorts first). */
export const startsWith = (expr: SQL, q: string): SQL => sql`${expr} like ${`${likeEscape(q.toLowerCase())}%`}`;

/** `lower(col) collate "C"`: the key of the *_prefix_idx indexes (migration 0004). */
export const cKey = (col: SQLWrapper | SQL): SQL => sql`lower(${col}) collate "C"`;

/** NULL-safe "matched": a tier excludes rows of the tiers before it even when a column is null. */
const matched = (m: SQL): SQL => sql`coalesce((${m}), false)`;

/**
 * Reads tiers in order until `offset + limit + 1` rows are known (the page and whether another
 * follows). `run(where, order, limit)` runs one tier's query. `complete` says every match was read,
 * so their number is the exact total.
 */
export const readTiers = async <T>(
  tiers: Tier[],
  filters: SQL | undefined,
  offset: number,
  limit: number,
  run: (where: SQL, order: SQL[], limit: number) => Promise<T[]>,
): Promise<{ rows: T[]; more: boolean; complete: boolean; seen: number }> => {
  const need = offset + limit + 1;
  const out: T[] = [];
  const before: SQL[] = [];
  for (const tier of tiers) {
    const where = and(filters, tier.match, before.length ? not(matched(or(...before)!)) : undefined)!;
    out.push(...(await run(where, tier.order, need - out.length)));
    before.push(tier.match);
    if (out.length >= need) break;
  }
  return { rows: out.slice(offset, offset + limit), more: out.length > offset + limit, complete: out.length < need, seen: out.length };
};

/**
 * The total to report: exact when every match was read; else the tiers are counted in turn (each
 * without the rows of the ones before), the btree tiers only up to SEARCH_TOTAL_CAP, and counting
 * stops once the cap is reached — never below what the page itself shows.
 */
export const boundedTotal = async (
  read: { rows: unknown[]; more: boolean; complete: boolean; seen: number },
  tiers: Tier[],
  filters: SQL | undefined,
  offset: number,
  count: (where: SQL, cap: number | null) => Promise<number>,
): Promise<number> => {
  if (read.complete) return read.seen;
  let total = 0;
  const before: SQL[] = [];
  for (const tier of tiers) {
    if (tier.uncounted) continue;
    const where = and(filters, tier.match, before.length ? not(matched(or(...before)!)) : undefined)!;
    total += await count(where, tier.bounded ? SEARCH_TOTAL_CAP - total : null);
    before.push(tier.match);
    if (total >= SEARCH_TOTAL_CAP) break;
  }
  return Math.max(total, offset + read.rows.length + (read.more ? 1 : 0));
};
