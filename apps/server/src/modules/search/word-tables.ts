import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows, shapedStatement, type ValueOf } from '../../db/prepared';
import { chooseDriver, docPattern, searchWords, wordRange } from './words';

/**
 * The one search seam (docs/search.md): every typeahead reads a word table — one row per distinct
 * word of an entity, `(word, [tier,] …, <id>, doc)`, its words collated "C" so a prefix is a btree
 * range — kept by triggers (migrations 0002, 0006) and declared in db/schema/search-words.ts. The
 * property typeahead (ADR 0023) and the company and contact typeaheads (ADR 0030, with tiers) are
 * defined here with defineWordSearch and share how the driving word is chosen.
 */
export interface WordTable {
  /** property_words / company_words / contact_words. */
  table: string;
  /** The entity's id column in it. */
  id: string;
  /**
   * The last tier, or null for a table without tiers (property_words ranks inside one tier).
   * Tiers 0 … last-1 hold words of the name (few distinct words, each shared by many entities);
   * the last tier holds domain / e-mail words (mostly unique: "smith1234", "oxfordbakery12").
   */
  last: number | null;
}

/** A word table with the queries every search on it shares. */
export interface WordSearch extends WordTable {
  /** The count that picks the driving word (driverCountSql); null for a one-word query. */
  driverCountSql: (words: string[]) => SQL | null;
  /** The driving word of a query: the one with the fewest entries (one round trip, 2+ words). */
  pickDriver: (db: Db, words: string[]) => Promise<number>;
  /** The ids every word matches, for `id in (…)` filters (matchingIdsSql). */
  matchingIdsSql: (words: string[]) => SQL;
}

/** A word table with tiers: the company and contact relevance search reads it tier by tier. */
export interface TieredWordTable extends WordTable {
  last: number;
}

/** Declares a searchable entity's word table (docs/search.md, step 4). */
export const defineWordSearch = <T extends WordTable>(t: T): WordSearch & T => ({
  ...t,
  driverCountSql: (words) => driverCountSql(t, words),
  pickDriver: (db, words) => pickDriver(db, t, words),
  matchingIdsSql: (words) => matchingIdsSql(t, words),
});

/** Entries a word's count stops at when choosing the word that drives a search (chooseDriver). */
export const DRIVER_COUNT_CAP = 1000;

export const PROPERTY_WORDS = defineWordSearch({ table: 'property_words', id: 'property_id', last: null });
export const COMPANY_WORDS = defineWordSearch({ table: 'company_words', id: 'company_id', last: 2 });
export const CONTACT_WORDS = defineWordSearch({ table: 'contact_words', id: 'user_id', last: 3 });

/**
 * The last tier's range is read whole and sorted below this many entries; from here on, its
 * distinct words are walked instead (a shared word such as "gmail" or "bench": one completion of
 * 300,000 entries). Measured on the bench data: a range of 2,100 entries sorts in ~1 ms, while
 * walking its 660 distinct words costs ~5 ms (~8 µs a word).
 */
export const RANGE_SORT_CAP = 5000;

const ident = (name: string): SQL => sql`${sql.identifier(name)}`;
/** `(0, 1, …)`: a word's entries in every tier are that many ranges of the (tier, word, …) index. */
const allTiers = (last: number): SQL =>
  sql.raw(`(${Array.from({ length: last + 1 }, (_, i) => i).join(', ')})`);
/** `<alias.>tier in (0, 1, …) and ` — nothing for a table without tiers. */
const tierFilter = (t: WordTable, alias = ''): SQL =>
  t.last === null ? sql`` : sql`${sql.raw(alias)}tier in ${allTiers(t.last)} and `;
/** `and <alias>.doc like doc0 and …` for `count` other words, their patterns by name. */
const docFilters = (count: number, value: ValueOf, alias: string): SQL =>
  sql.join(
    Array.from({ length: count }, (_, i) => sql` and ${sql.raw(alias)}.doc like ${value(`doc${i}`)}`),
    sql``,
  );

/**
 * The named values of a search's page statement (topHitsCtes): the driving word's range
 * (`from`, `to`), the other words' doc patterns (`doc0` …) and `k`. The statement's shape is the
 * number of other words (`words.length - 1`).
 */
export const searchValues = (words: string[], driver: number, k: number): Record<string, unknown> => {
  const r = wordRange(words[driver]!);
  const values: Record<string, unknown> = { from: r.from, to: r.to, k };
  words.filter((_, i) => i !== driver).forEach((w, i) => (values[`doc${i}`] = docPattern(w)));
  return values;
};

/**
 * The named values of a search's page statement: searchValues for the `limit + 1` rows from
 * `offset`, and the page's own `limit` (+1) and `offset`.
 */
export const searchPageValues = (
  words: string[],
  driver: number,
  limit: number,
  offset: number,
): Record<string, unknown> => ({
  ...searchValues(words, driver, offset + limit + 1),
  limit: limit + 1,
  offset,
});

const others = (words: string[], driver: number, alias: string): SQL => {
  const values = searchValues(words, driver, 0);
  return docFilters(words.length - 1, (name) => values[name], alias);
};

/**
 * Counts each word's entries up to DRIVER_COUNT_CAP (one row `{ n: number[] }`), so chooseDriver
 * can pick the word that drives the search; the others only filter its candidates. Null for a
 * one-word query.
 */
export const driverCountSql = (t: WordTable, words: string[]): SQL | null => {
  if (words.length < 2) return null;
  const counts = words.map((w) => {
    const r = wordRange(w);
    return sql`(select count(*) from (select 1 from ${ident(t.table)} where ${tierFilter(t)}word >= ${r.from} and word < ${r.to} limit ${DRIVER_COUNT_CAP}) x)::int`;
  });
  return sql`select array[${sql.join(counts, sql`, `)}] as n`;
};

/**
 * The driving word without counting (the sorted list path, which counts every match anyway): a
 * number, else the longest word — chooseDriver's choice when every word is common.
 */
export const staticDriver = (words: string[]): number =>
  chooseDriver(
    words,
    words.map(() => DRIVER_COUNT_CAP),
    DRIVER_COUNT_CAP,
  );

/**
 * The ids of the entities every word matches (each must start one of their words; a number must
 * be one), for `id in (…)` filters: the driving word's range, the others checked in `doc`.
 */
export const matchingIdsSql = (t: WordTable, words: string[]): SQL => {
  if (!words.length) return sql`select null::int where false`;
  const driver = staticDriver(words);
  const r = wordRange(words[driver]!);
  return sql`select w.${ident(t.id)} from ${ident(t.table)} w
    where ${tierFilter(t, 'w.')}w.word >= ${r.from} and w.word < ${r.to}${others(words, driver, 'w')}`;
};

/**
 * CTEs (for `with recursive`) ending in `hits(tier, sort_key, id)`: the first `k` matching
 * entities in relevance order — the tier of their best matching word, then sort_key (the
 * lower-cased name: the exact name first), then id. Each tier is a CTE `h<tier>` of at most `k`
 * rows, and `hits` is their UNION ALL under one LIMIT: a CTE is only computed when first read,
 * and a (non-parallel) Append reads its branches in order, so a later tier is never read once
 * the earlier ones fill `k`. In a tier:
 * - a name tier walks its distinct completions of the driving word (a skip scan) and takes the
 *   first `k` entries of each, in index order, merging them — as ADR 0023;
 * - the last tier (domain / e-mail words, mostly unique) sorts its whole range when it holds fewer
 *   than RANGE_SORT_CAP entries, else walks it like a name tier (two branches, one-time gated).
 * An entity is reported once, at its best tier: a tier skips the ids of the earlier tiers' CTEs
 * (a hashed `not in`, < k rows). That is exact because a tier is only read when the earlier ones
 * hold fewer than `k` rows, i.e. all of their matches.
 */
export const topHitsCtes = (
  t: TieredWordTable,
  otherWords: number,
  value: ValueOf,
  /** Prefixes the CTEs' names, so that two searches share one statement (GET /api/search). */
  prefix = '',
): SQL => {
  const r = { from: value('from'), to: value('to') };
  const k = value('k');
  const table = ident(t.table);
  const id = ident(t.id);
  const docs = docFilters(otherWords, value, 'w');
  const notEarlier = (tier: number): SQL =>
    tier === 0
      ? sql``
      : sql` and w.${id} not in (${sql.raw(
          Array.from({ length: tier }, (_, i) => `select id from ${prefix}h${i}`).join(' union all '),
        )})`;
  const walk = (tier: number): SQL => {
    const v = sql.raw(`${prefix}v${tier}`);
    const n = sql.raw(String(tier));
    return sql`${v}(word) as (
      select (select word from ${table} where tier = ${n} and word >= ${r.from} and word < ${r.to} order by word limit 1)
      union all
      select (select x.word from ${table} x where x.tier = ${n} and x.word > ${v}.word and x.word < ${r.to} order by x.word limit 1)
        from ${v} where ${v}.word is not null
    )`;
  };
  const walked = (tier: number, gate: SQL = sql``): SQL => {
    const v = sql.raw(`${prefix}v${tier}`);
    const n = sql.raw(String(tier));
    return sql`(select distinct ${n}::int as tier, m.sort_key, m.id
        from ${v} cross join lateral (
          select w.sort_key, w.${id} as id from ${table} w
           where w.tier = ${n} and w.word = ${v}.word${docs}${notEarlier(tier)}
           order by w.sort_key, w.${id} limit ${k}
        ) m
       where ${v}.word is not null${gate}
       order by 2, 3 limit ${k})`;
  };
  const last = t.last;
  const lastN = sql.raw(String(last));
  const nameTiers = Array.from({ length: last }, (_, i) => i);
  const hn = (tier: number) => sql.raw(`${prefix}h${tier}`);
  const lastRange = sql.raw(`${prefix}last_range`);
  const ctes = [
    ...nameTiers.map(walk),
    walk(last),
    sql`${lastRange}(n) as (
      select count(*) from (select 1 from ${table} where tier = ${lastN} and word >= ${r.from} and word < ${r.to} limit ${sql.raw(String(RANGE_SORT_CAP))}) x
    )`,
    ...nameTiers.map((tier) => sql`${hn(tier)} as ${walked(tier)}`),
    // The range branch is lateral to last_range: its count gates the scan (a one-time filter), and
    // a scan with an outer reference is never planned parallel — the generic plan's guess for an
    // unknown range chose a Gather Merge, whose workers cost ~4 ms to start for a handful of rows.
    sql`${hn(last)} as (
      (select distinct ${lastN}::int as tier, m.sort_key, m.id
        from ${lastRange} g cross join lateral (
          select w.sort_key, w.${id} as id from ${table} w
           where g.n < ${sql.raw(String(RANGE_SORT_CAP))} and w.tier = ${lastN} and w.word >= ${r.from} and w.word < ${r.to}${docs}${notEarlier(last)}
        ) m
       order by 2, 3 limit ${k})
      union all
      ${walked(last, sql` and (select n from ${lastRange}) >= ${sql.raw(String(RANGE_SORT_CAP))}`)}
    )`,
  ];
  const all = Array.from({ length: last + 1 }, (_, i) => sql`select * from ${hn(i)}`);
  return sql`${sql.join(ctes, sql`, `)}, ${sql.raw(`${prefix}hits`)} as (
    ${sql.join(all, sql` union all `)}
    limit ${k}
  )`;
};

/**
 * `hits(tier, sort_key, id)` for a search with other filters (rare): every entry of the driving
 * word's range joined to its entity (`join`, which the `filters` refer to), best tier per entity,
 * the first `k` in relevance order. No per-word LIMIT here: it would drop rows the filters keep.
 */
export const filteredHitsCte = (
  t: WordTable,
  words: string[],
  driver: number,
  join: SQL,
  filters: SQL,
  k: number,
): SQL => {
  const r = wordRange(words[driver]!);
  const id = ident(t.id);
  return sql`hits as (
    select min(w.tier)::int as tier, w.sort_key, w.${id} as id
      from ${ident(t.table)} w ${join}
     where ${tierFilter(t, 'w.')}w.word >= ${r.from} and w.word < ${r.to}${others(words, driver, 'w')} and ${filters}
     group by w.${id}, w.sort_key
     order by 1, 2, 3 limit ${k}
  )`;
};

/**
 * An entity's relevance page on its word table (ADR 0030, 0032): `pageOf(ctes, value)` reads the
 * page from `hits`, `entityJoin` joins the entity for filtered searches. `sql` is the statement
 * with its values (filtered searches, the bench's raw-SQL twin); `run` reads a page, the
 * unfiltered statement (every picker's) rendered once per number of words.
 */
export const relevancePages = (
  t: TieredWordTable,
  pageOf: (ctes: SQL, value: ValueOf) => SQL,
  entityJoin: SQL,
) => {
  const statement = (
    filters: SQL | undefined,
    words: string[],
    driver: number,
    limit: number,
    offset: number,
  ): SQL => {
    const values = searchPageValues(words, driver, limit, offset);
    const value: ValueOf = (name) => values[name];
    const ctes = filters
      ? filteredHitsCte(t, words, driver, entityJoin, filters, offset + limit + 1)
      : topHitsCtes(t, words.length - 1, value);
    return pageOf(ctes, value);
  };
  const top = shapedStatement((otherWords: number, value) =>
    pageOf(topHitsCtes(t, otherWords, value), value),
  );
  const run = <R>(
    db: Db,
    filters: SQL | undefined,
    words: string[],
    driver: number,
    limit: number,
    offset: number,
  ) =>
    filters
      ? preparedRows<R>(db, statement(filters, words, driver, limit, offset))
      : top<R>(db, words.length - 1, searchPageValues(words, driver, limit, offset));
  return { sql: statement, run };
};

/** Below this many characters a similar spelling is not searched: too many names share 3 letters. */
export const FUZZY_MIN_LENGTH = 5;

/** The similar-spelling fallback's term, or null when the query is too short for one. */
export const fuzzyTerm = (q: string | undefined): string | null => {
  const term = (q ?? '').trim().toLowerCase();
  return searchWords(term).length && [...term].length >= FUZZY_MIN_LENGTH ? term : null;
};

/** The driving word of a query: the one with the fewest entries (one round trip, 2+ words only). */
export const pickDriver = async (db: Db, t: WordTable, words: string[]): Promise<number> => {
  const counting = driverCountSql(t, words);
  if (!counting) return 0;
  const n = (await preparedRows<{ n: Array<number | string> }>(db, counting))[0]!.n.map(Number);
  return chooseDriver(words, n, DRIVER_COUNT_CAP);
};

/**
 * A relevance search (no exact count, as ADR 0023): the page statement reads one row more than
 * the page; when it finds nothing on the first page, the similar-spelling statement is tried
 * (did-you-mean: "superdrag" → Superdrug) — so the common path never scores trigrams. The total is
 * `offset + rows (+ 1 when another page exists)`: pickers only need "is there more".
 */
export const relevanceSearch = async <R>(
  db: Db,
  t: WordTable,
  q: string | undefined,
  limit: number,
  offset: number,
  page: (words: string[], driver: number) => Promise<R[]>,
  fuzzy: (term: string) => SQL,
): Promise<{ rows: R[]; total: number }> => {
  const words = searchWords(q);
  if (!words.length) return { rows: [], total: offset };
  let rows = await page(words, await pickDriver(db, t, words));
  const term = fuzzyTerm(q);
  if (!rows.length && offset === 0 && term) rows = await preparedRows<R>(db, fuzzy(term));
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return { rows: shown, total: offset + shown.length + (more ? 1 : 0) };
};
