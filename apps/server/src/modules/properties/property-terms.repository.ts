import { sql, type SQL } from 'drizzle-orm';
import { addresses, properties } from '../../db/schema';
import { likeEscape } from '../../db/like';
import { PROPERTY_WORDS } from '../search/word-tables';
import { searchWords } from '../search/words';

/**
 * Every word must appear in the unit number or the full address (trigram-indexed). A one- or
 * two-letter word matches the start of a word; longer ones any substring.
 */
const wordMatch = (w: string): SQL => {
  const esc = likeEscape(w);
  if (/^\d+[a-z]?$/.test(w)) {
    // "12" finds unit 12 and "12 High Street", not "112" or "LS12".
    return sql`(lower(${properties.building_num}) = ${w} or ${addresses.full_address} ilike ${`${esc} %`} or ${addresses.full_address} ilike ${`% ${esc} %`} or ${addresses.full_address} ilike ${`%, ${esc} %`})`;
  }
  if ([...w].length < 3)
    return sql`(${addresses.full_address} ilike ${`${esc}%`} or ${addresses.full_address} ilike ${`% ${esc}%`})`;
  return sql`${addresses.full_address} ilike ${`%${esc}%`}`;
};

/**
 * A term also matches the start of a word of the unit's tenant's, legal tenant's, landlords' or
 * scheme's names, or its post code as one token (property_words, ADR 0083): "greggs" finds the
 * units Greggs trades from, "b24ne" the units at B2 4NE.
 */
export const termMatch = (term: string): SQL => {
  const words = searchWords(term);
  const named = words.length ? sql` or ${properties.id} in (${PROPERTY_WORDS.matchingIdsSql(words)})` : sql``;
  return sql`(${wordMatch(term)}${named})`;
};
