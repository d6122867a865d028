/**
 * Word-prefix search helpers (ADR 0023). A query is split exactly as the database splits the
 * indexed text (`regexp_split_to_table(lower(text), '[^[:alnum:]]+')`, see migration 0002), so
 * "Stoke-on-Trent" and "stoke on trent" search the same three words.
 */

/** At most this many words of a query are used. */
export const MAX_SEARCH_WORDS = 6;

/** The words of a query: lower-case runs of letters and digits. */
export const searchWords = (q: string | undefined): string[] =>
  (q ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);

/**
 * The terms of a substring search (an `ilike` per term over an address or a name): lower-case runs
 * between spaces and commas, at most six. Unlike `searchWords`, punctuation stays inside a term.
 */
export const searchTerms = (q: string | undefined): string[] =>
  (q ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);

/** A number (with an optional letter: "12", "12a") matches that whole word only: "12" is not "112" or "LS12". */
export const isWholeWordTerm = (w: string): boolean => /^\d+[a-z]?$/.test(w);

/**
 * The exclusive upper end of the range of words starting with `prefix` in "C" (code point)
 * collation: the prefix with its last character incremented. `word >= prefix and word < end` is
 * a plain btree range, whatever the parameter's value.
 */
export const prefixEnd = (prefix: string): string => {
  const chars = [...prefix];
  const last = chars.pop()!;
  return chars.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
};

/** The `[from, to)` word range a search word covers: itself only for whole-word terms, else its prefix range. */
export const wordRange = (w: string): { from: string; to: string } =>
  isWholeWordTerm(w) ? { from: w, to: `${w}\u0001` } : { from: w, to: prefixEnd(w) };

/**
 * The LIKE pattern of a word inside a `doc` (' word word … '): the start of any word, or the
 * whole word for whole-word terms. Words hold only letters and digits, so nothing needs escaping.
 */
export const docPattern = (w: string): string => (isWholeWordTerm(w) ? `% ${w} %` : `% ${w}%`);

/**
 * The rows the database derives for one property (property_word_rows, db/derived/property-words.ts),
 * for bulk loaders that write property_words themselves: distinct words of the unit number (rank
 * 0xxx), of the full address (first word 1xxx, others 2xxx) and the post code as one token (2xxx),
 * and of the tenant's, legal tenant's, landlords' and scheme's names (3xxx); xxx = address length
 * up to 999.
 */
export const propertyWordRows = (
  buildingNum: string | null,
  fullAddress: string,
  extra: { postCode?: string | null; names?: ReadonlyArray<string | null> } = {},
): Array<{ word: string; rank: number; doc: string }> => {
  const len = Math.min([...fullAddress].length, 999);
  const best = new Map<string, number>();
  const add = (word: string, tier: number) => {
    if (!word) return;
    const rank = tier * 1000 + len;
    const seen = best.get(word);
    if (seen === undefined || rank < seen) best.set(word, rank);
  };
  const split = (text: string | null | undefined) => (text ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  for (const w of split(buildingNum)) add(w, 0);
  split(fullAddress).forEach((w, i) => add(w, i === 0 ? 1 : 2));
  add(split(extra.postCode).join(''), 2);
  for (const name of extra.names ?? []) for (const w of split(name)) add(w, 3);
  const doc = ` ${[...best.keys()].join(' ')} `;
  return [...best].map(([word, rank]) => ({ word, rank, doc }));
};

/**
 * The word that drives a multi-word search, from each word's entry count capped at `cap`: the
 * fewest entries when some word has fewer than the cap (exact); when every word reaches the cap,
 * a number (a whole word: "12") before the longest word, the likeliest to be rare.
 */
export const chooseDriver = (words: string[], counts: number[], cap: number): number => {
  const least = Math.min(...counts);
  if (least < cap) return counts.indexOf(least);
  let best = 0;
  const score = (w: string) => (isWholeWordTerm(w) ? 1000 : 0) + [...w].length;
  words.forEach((w, i) => {
    if (score(w) > score(words[best]!)) best = i;
  });
  return best;
};
