import { sql, type SQL } from 'drizzle-orm';
import type { SearchEntityType } from '@frontage/shared';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { COMPANY_WORDS, CONTACT_WORDS, searchValues, staticDriver, topHitsCtes } from './word-tables';
import { docPattern, isWholeWordTerm, prefixEnd, wordRange } from './words';

/**
 * GET /api/search (ADR 0083): every kind of record in one statement. Each kind is a top-k of at
 * most `k` rows read from an index, never a ranking of every match:
 * - properties: property_words (unit, address, post code as one token, tenant, legal tenant,
 *   landlords, scheme), walked like the property typeahead (ADR 0023): the driving word's
 *   distinct completions, the first `k` entries of each, an exact word first;
 * - companies and contacts: their tiered word tables (ADR 0030), the pickers' own top-k;
 * - schemes: the name (trigram-indexed), each word starting a word of it;
 * - deals: those on the properties and schemes found, or with a company or contact found as a
 *   party, newest first; enquiries: those of a company or contact found, on a property or scheme
 *   found, or in a town starting with what was typed, newest first.
 * Archived properties and schemes are not in property_words and are filtered here; voided deals
 * are not in `deals`.
 */
export interface SearchRow {
  entity_type: SearchEntityType;
  entity_id: number;
  /** 1 … k within its type, best first. */
  ord: number;
  /** Every typed word is a whole word of the record (a prefix match otherwise). */
  exact: boolean;
  label: string | null;
  sublabel: string | null;
  /** A deal's type. */
  kind: string | null;
  /** A deal's effective date, yyyy-mm-dd. */
  day: string | null;
}

/** `(' ' || the text's words || ' ') like '% w %'` for every word: each is a whole word of it. */
const wholeWords = (text: SQL, words: string[]): SQL => {
  const spaced = sql`(' ' || regexp_replace(lower(coalesce(${text}, '')), '[^[:alnum:]]+', ' ', 'g') || ' ')`;
  return sql.join(
    words.map((w) => sql`${spaced} like ${`% ${w} %`}`),
    sql` and `,
  );
};

/** A regular expression matching `w` at the start of a word (`w` holds letters and digits only). */
const wordStart = (w: string): string =>
  `(^|[^[:alnum:]])${w}${isWholeWordTerm(w) ? '([^[:alnum:]]|$)' : ''}`;

/**
 * The word that drives the company and contact top-k: the first typed word of three or more
 * letters (people type names in order: "priya wright" walks the first names "priya…", so the
 * Priya Wrights come first, not every Wright with "priya" somewhere in an e-mail address), else
 * the units' choice (a number, else the longest word).
 */
export const nameDriver = (words: string[]): number => {
  const first = words.findIndex((w) => [...w].length >= 3 && !isWholeWordTerm(w));
  return first >= 0 ? first : staticDriver(words);
};

const typed = (types: ReadonlySet<SearchEntityType>, ...wanted: SearchEntityType[]) =>
  wanted.some((t) => types.has(t));

/**
 * The statement: `words` are searchWords(q) (1 … 6), `phrase` the trimmed lower-case query (a
 * town's prefix), `k` the hits per type.
 */
export const searchSql = (
  words: string[],
  phrase: string,
  types: ReadonlySet<SearchEntityType>,
  k: number,
): SQL => {
  const driver = staticDriver(words);
  const r = wordRange(words[driver]!);
  const others = words.filter((_, i) => i !== driver);
  const nd = nameDriver(words);
  const names = searchValues(words, nd, k);
  const value = (name: string) => names[name];
  // The same values for whole words only: the driving word itself, the others as whole words.
  const whole = searchValues(words, nd, k);
  whole.to = `${words[nd]!}\u0001`;
  words.filter((_, i) => i !== nd).forEach((w, i) => (whole[`doc${i}`] = `% ${w} %`));
  const wholeValue = (name: string) => whole[name];
  /**
   * A tiered table's hits: whole-word matches first ("priya wright" is Priya Wright before Priya
   * Baker of wrightmoore.example), then the prefix matches, `k` in all.
   */
  const tieredHits = (t: typeof COMPANY_WORDS | typeof CONTACT_WORDS, p: string): SQL =>
    sql`${topHitsCtes(t, others.length, wholeValue, `${p}x_`)}, ${topHitsCtes(t, others.length, value, `${p}p_`)},
    ${sql.raw(`${p}_hits`)} as (
      select * from (
        select 0 as pri, tier, sort_key, id from ${sql.raw(`${p}x_hits`)}
        union all
        select 1, tier, sort_key, id from ${sql.raw(`${p}p_hits`)} where id not in (select id from ${sql.raw(`${p}x_hits`)})
      ) x order by pri, tier, sort_key, id limit ${k}
    )`;
  const needCompanies = typed(types, 'company', 'deal', 'enquiry');
  const needContacts = typed(types, 'contact', 'deal', 'enquiry');
  const needProperties = typed(types, 'property', 'deal', 'enquiry');
  const needSchemes = typed(types, 'scheme', 'deal', 'enquiry');
  const ctes: SQL[] = [];
  if (needCompanies) ctes.push(tieredHits(COMPANY_WORDS, 'c'));
  if (needContacts) ctes.push(tieredHits(CONTACT_WORDS, 'u'));
  if (needProperties) {
    const docs = sql.join(
      others.map((w) => sql` and w.doc like ${docPattern(w)}`),
      sql``,
    );
    ctes.push(sql`p_v(word) as (
      select (select word from property_words where word >= ${r.from} and word < ${r.to} order by word limit 1)
      union all
      select (select x.word from property_words x where x.word > p_v.word and x.word < ${r.to} order by x.word limit 1)
        from p_v where p_v.word is not null
    ), p_hits as (
      select m.property_id as id, min(m.rank) as rank, bool_or(p_v.word = ${words[driver]!}) as exact_word, min(m.doc) as doc
        from p_v cross join lateral (
          select w.rank, w.property_id, w.doc from property_words w
           where w.word = p_v.word${docs}
           order by w.rank, w.property_id limit ${k}
        ) m
       where p_v.word is not null
       group by m.property_id
       order by bool_or(p_v.word = ${words[driver]!}) desc, min(m.rank), m.property_id limit ${k}
    )`);
  }
  if (needSchemes) {
    const conds = words.map((w) =>
      [...w].length >= 3
        ? sql` and s.name ilike ${`%${w}%`} and lower(s.name) ~ ${wordStart(w)}`
        : sql` and lower(s.name) ~ ${wordStart(w)}`,
    );
    ctes.push(sql`s_hits as (
      select s.id, ${wholeWords(sql`s.name`, words)} as exact_word from schemes s
       where s.archived_at is null${sql.join(conds, sql``)}
       order by 2 desc, length(s.name), s.name, s.id limit ${k}
    )`);
  }
  const some = (cte: string, need: boolean) =>
    need ? sql.raw(`select id from ${cte}`) : sql`select null::int where false`;
  if (types.has('deal')) {
    ctes.push(sql`d_ids as (
      select d.id from deals d where d.property_id in (${some('p_hits', needProperties)})
      union select d.id from deals d where d.scheme_id in (${some('s_hits', needSchemes)})
      union select dp.deal_id from deal_parties dp where dp.company_id in (${some('c_hits', needCompanies)})
      union select dp.deal_id from deal_parties dp where dp.user_id in (${some('u_hits', needContacts)})
    ), d_hits as (
      select d.id from deals d where d.id in (select id from d_ids)
       order by coalesce(d.effective_date, '-infinity'::date) desc, d.id desc limit ${k}
    )`);
  }
  if (types.has('enquiry')) {
    const town = phrase ? sql`e.town_key >= ${phrase} and e.town_key < ${prefixEnd(phrase)}` : sql`false`;
    ctes.push(sql`e_ids as (
      select e.id from enquiries e where e.company_id in (${some('c_hits', needCompanies)})
      union select e.id from enquiries e where e.user_id in (${some('u_hits', needContacts)})
      union select e.id from enquiries e where e.property_id in (${some('p_hits', needProperties)})
      union select e.id from enquiries e where e.scheme_id in (${some('s_hits', needSchemes)})
      union (select e.id from enquiries e where ${town} order by e.received_at desc, e.id desc limit ${k})
    ), e_hits as (
      select e.id from enquiries e where e.id in (select id from e_ids)
       order by e.received_at desc, e.id desc limit ${k}
    )`);
  }
  const parts: SQL[] = [];
  if (types.has('property'))
    parts.push(sql`select 'property' as entity_type, p.id as entity_id,
        row_number() over (order by h.exact_word desc, h.rank, h.id)::int as ord,
        (${sql.join(
          words.map((w) => sql`h.doc like ${`% ${w} %`}`),
          sql` and `,
        )}) as exact,
        concat_ws(', ', nullif(p.building_num, ''), a.full_address) as label,
        nullif(concat_ws(' · ', t.name, s.name), '') as sublabel, null as kind, null as day
      from p_hits h join properties p on p.id = h.id and p.archived_at is null
      join addresses a on a.id = p.address_id
      left join companies t on t.id = p.tenant_id
      left join schemes s on s.id = p.scheme_id`);
  if (types.has('scheme'))
    parts.push(sql`select 'scheme' as entity_type, s.id as entity_id,
        row_number() over (order by h.exact_word desc, length(s.name), s.name, s.id)::int as ord,
        h.exact_word as exact, s.name as label, nullif(concat_ws(', ', s.type, a.city), '') as sublabel, null as kind, null as day
      from s_hits h join schemes s on s.id = h.id left join addresses a on a.id = s.address_id`);
  if (types.has('company'))
    parts.push(sql`select 'company' as entity_type, c.id as entity_id, row_number() over (order by h.pri, h.tier, h.sort_key, h.id)::int as ord,
        ${wholeWords(sql`c.name || ' ' || coalesce(c.domain, '')`, words)} as exact, c.name as label, c.domain as sublabel, null as kind, null as day
      from c_hits h join companies c on c.id = h.id`);
  if (types.has('contact'))
    parts.push(sql`select 'contact' as entity_type, u.id as entity_id, row_number() over (order by h.pri, h.tier, h.sort_key, h.id)::int as ord,
        ${wholeWords(sql`u.name`, words)} as exact, u.name as label, c.name as sublabel, null as kind, null as day
      from u_hits h join users u on u.id = h.id left join companies c on c.id = u.company_id`);
  if (types.has('deal'))
    parts.push(sql`select 'deal' as entity_type, d.id as entity_id,
        row_number() over (order by coalesce(d.effective_date, '-infinity'::date) desc, d.id desc)::int as ord,
        false as exact, coalesce(nullif(concat_ws(', ', nullif(p.building_num, ''), pa.full_address), ''), s.name) as label,
        (select string_agg(c.name, ', ' order by dp.position) from deal_parties dp join companies c on c.id = dp.company_id
          where dp.deal_id = d.id and dp.role = 'tenant') as sublabel,
        d.deal_type as kind, d.effective_date::text as day
      from d_hits h join deals d on d.id = h.id
      left join properties p on p.id = d.property_id left join addresses pa on pa.id = p.address_id
      left join schemes s on s.id = d.scheme_id`);
  if (types.has('enquiry'))
    parts.push(sql`select 'enquiry' as entity_type, e.id as entity_id, row_number() over (order by e.received_at desc, e.id desc)::int as ord,
        false as exact, coalesce(c.name, u.name, 'Enquiry') as label,
        nullif(concat_ws(' · ', coalesce(s.name, nullif(concat_ws(', ', nullif(p.building_num, ''), pa.full_address), '')), initcap(e.town_key)), '') as sublabel,
        e.stage as kind, e.received_at::text as day
      from e_hits h join enquiries e on e.id = h.id
      left join companies c on c.id = e.company_id left join users u on u.id = e.user_id
      left join properties p on p.id = e.property_id left join addresses pa on pa.id = p.address_id
      left join schemes s on s.id = e.scheme_id`);
  return sql`with recursive ${sql.join(ctes, sql`, `)}
    ${sql.join(parts, sql` union all `)}`;
};

/** The one-typo fallback: similar spellings of company, contact and scheme names (pg_trgm `%`). */
export const fuzzySql = (term: string, types: ReadonlySet<SearchEntityType>, k: number): SQL | null => {
  const parts: SQL[] = [];
  if (types.has('company'))
    parts.push(sql`(select 'company' as entity_type, c.id as entity_id,
        row_number() over (order by similarity(c.name, ${term}) desc, c.name, c.id)::int as ord, false as exact,
        c.name as label, c.domain as sublabel, null as kind, null as day
      from companies c where c.name % ${term} order by similarity(c.name, ${term}) desc, c.name, c.id limit ${k})`);
  if (types.has('contact'))
    parts.push(sql`(select 'contact' as entity_type, u.id as entity_id, row_number() over (order by similarity(u.name, ${term}) desc, u.name, u.id)::int as ord,
        false as exact, u.name as label, c.name as sublabel, null as kind, null as day
      from users u left join companies c on c.id = u.company_id
      where u.name % ${term} order by similarity(u.name, ${term}) desc, u.name, u.id limit ${k})`);
  if (types.has('scheme'))
    parts.push(sql`(select 'scheme' as entity_type, s.id as entity_id, row_number() over (order by similarity(s.name, ${term}) desc, s.name, s.id)::int as ord,
        false as exact, s.name as label, nullif(concat_ws(', ', s.type, a.city), '') as sublabel, null as kind, null as day
      from schemes s left join addresses a on a.id = s.address_id
      where s.archived_at is null and s.name % ${term} order by similarity(s.name, ${term}) desc, s.name, s.id limit ${k})`);
  return parts.length ? sql.join(parts, sql` union all `) : null;
};

export const search = (db: Db, statement: SQL): Promise<SearchRow[]> =>
  preparedRows<SearchRow>(db, statement);
