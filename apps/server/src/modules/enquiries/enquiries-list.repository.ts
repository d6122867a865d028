/**
 * GET /api/enquiries and its CSV export (ADR 0050): the filters, the sorts and their
 * indexes (migration 0014), a page's ids and total, its rows with every relation in one statement,
 * its comments in one more, and the export's keyset batches. The SQL builders are exported for the
 * bench's twins (bench-twins.ts).
 */
import type { EnquirySort } from '@frontage/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lookupJoin, orderedIdsSql, sortedIds, walkIds } from '../../db/keyset';
import { fixedStatement, preparedRows } from '../../db/prepared';
import { comments, users } from '../../db/schema';
import { COMPANY_WORDS, CONTACT_WORDS, matchingIdsSql } from '../search/word-tables';
import { docPattern } from '../search/words';
import type { CommentWithUser } from '../comments/comments.repository';
import { isoUtcSql } from '../../db/iso-sql';
import { likeEscape } from '../../db/like';

export interface EnquiryFilters {
  property_id?: number | undefined;
  /** The scheme's enquiries and its units'. */
  scheme_id?: number | undefined;
  stage?: string[] | undefined;
  reason?: string[] | undefined;
  company_id?: number | undefined;
  /** The contact who made it (enquiries_user_idx). */
  user_id?: number | undefined;
  town?: string | undefined;
  /**
   * The words of `q` (searchWords; none: `q` was only punctuation): each must start a word of the
   * company's or the contact's name, or of the enquiry's town (townKeysSql).
   */
  words?: string[] | undefined;
  /** `q` as typed (trimmed): a town whose name it starts matches too. */
  text?: string | undefined;
  received_from?: string | undefined;
  received_to?: string | undefined;
  /** `mine`: recorded by this user. */
  created_by?: number | undefined;
  /** `my_company`: recorded by anyone of this company. */
  creator_company_id?: number | undefined;
}

const inList = (column: SQL, values: string[]): SQL =>
  values.length === 1
    ? sql`${column} = ${values[0]}`
    : sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`;

/**
 * The towns (enquiries.town_key, lower(city)) `q` names (ADR 0085): every word starts one of the
 * town's words (a number: is one), or the whole text starts the town's name ("king's l"). The
 * distinct towns are walked on the town index (a skip scan: one probe per town, not per enquiry),
 * so the enquiries are then found through it.
 */
export const townKeysSql = (words: string[], text: string | undefined): SQL => {
  const doc = sql`(' ' || array_to_string(regexp_split_to_array(t.k, '[^[:alnum:]]+'), ' ') || ' ')`;
  const everyWord = sql.join(
    words.map((w) => sql`${doc} like ${docPattern(w)}`),
    sql` and `,
  );
  const whole = text ? sql` or t.k like ${`${likeEscape(text.toLowerCase())}%`}` : sql``;
  return sql`with recursive t(k) as (
      select min(town_key) from enquiries
      union all
      select (select min(x.town_key) from enquiries x where x.town_key > t.k) from t where t.k is not null
    )
    select t.k from t where t.k is not null and (${everyWord}${whole})`;
};

/** The filters as conditions on `e` (enquiries), each answered by an index (migration 0014). */
export const enquiryFilterSql = (f: EnquiryFilters): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.stage?.length) conds.push(inList(sql`e.stage`, [...new Set(f.stage)]));
  if (f.reason?.length) conds.push(inList(sql`e.reason`, [...new Set(f.reason)]));
  if (f.property_id) conds.push(sql`e.property_id = ${f.property_id}`);
  if (f.company_id) conds.push(sql`e.company_id = ${f.company_id}`);
  if (f.user_id) conds.push(sql`e.user_id = ${f.user_id}`);
  // enquiries.town_key: lower(city) of the property's address, else the scheme's (migration 0014).
  if (f.town) conds.push(sql`e.town_key = ${f.town.toLowerCase()}`);
  if (f.received_from) conds.push(sql`e.received_at >= ${f.received_from}::date`);
  if (f.received_to) conds.push(sql`e.received_at <= ${f.received_to}::date`);
  if (f.created_by) conds.push(sql`e.created_by = ${f.created_by}`);
  if (f.creator_company_id)
    conds.push(sql`e.created_by in (select u.id from users u where u.company_id = ${f.creator_company_id})`);
  if (f.scheme_id) {
    // A unit's enquiry stores its scheme (ADR 0050); the units' own are found too, for an enquiry
    // recorded before its property joined the scheme.
    conds.push(sql`e.id in (
      select x.id from enquiries x where x.scheme_id = ${f.scheme_id}
      union
      select x.id from properties p join enquiries x on x.property_id = p.id where p.scheme_id = ${f.scheme_id})`);
  }
  // A `q` with no word in it (only punctuation) finds nothing.
  if (f.words && !f.words.length) conds.push(sql`false`);
  if (f.words?.length) {
    conds.push(sql`(e.company_id in (${matchingIdsSql(COMPANY_WORDS, f.words)})
      or e.user_id in (${matchingIdsSql(CONTACT_WORDS, f.words)})
      or e.town_key in (${townKeysSql(f.words, f.text)}))`);
  }
  return conds.length ? sql.join(conds, sql` and `) : undefined;
};

/** The pipeline's order of the stages, for the stage sort. */
const STAGE_RANK = sql`array_position(array['interest', 'under_offer', 'completed', 'withdrawn']::text[], e.stage)`;

const SORT_KEYS = {
  id: { expr: sql`e.id`, nullable: false },
  received_at: { expr: sql`e.received_at`, nullable: false },
  created_at: { expr: sql`e.created_at`, nullable: false },
  updated_at: { expr: sql`e.updated_at`, nullable: false },
  stage: { expr: STAGE_RANK, nullable: false },
  reason: { expr: sql`e.reason`, nullable: false },
  company: { expr: sql`lower(c.name)`, nullable: true },
} as const;
type SortKey = keyof typeof SORT_KEYS;

const keyOf = (sort: EnquirySort) => SORT_KEYS[sort.replace(/^-/, '') as SortKey];

/** The company's name sorts need the company joined; the other sorts read enquiries alone. */
const sortJoin = (sort: EnquirySort): SQL =>
  sort.replace(/^-/, '') === 'company' ? sql`left join companies c on c.id = e.company_id` : sql``;

/**
 * The sort's order, id breaking ties in the same direction. Not-null keys are spelled exactly as
 * their indexes (desc nulls last) read forwards or backwards — the board's `-updated_at` walks
 * (stage, updated_at desc, id desc) —; the company's name sorts nulls last either way, as the
 * export's keyset does.
 */
export const enquiryOrderSql = (sort: EnquirySort): SQL => {
  const k = keyOf(sort);
  const descending = sort.startsWith('-');
  if (sort.replace(/^-/, '') === 'id') return sql.raw(`e.id ${descending ? 'desc' : 'asc'}`);
  if (k.nullable) {
    const dir = sql.raw(descending ? 'desc' : 'asc');
    return sql`${k.expr} ${dir} nulls last, e.id ${dir}`;
  }
  const dir = sql.raw(descending ? 'desc nulls last' : 'asc nulls first');
  return sql`${k.expr} ${dir}, e.id ${dir}`;
};

/** One page of enquiry ids matching `where`, in the sort's order. */
export const enquiryPageSql = (
  where: SQL | undefined,
  sort: EnquirySort,
  limit: number,
  offset: number,
): SQL =>
  sql`select e.id from enquiries e ${sortJoin(sort)} ${where ? sql`where ${where}` : sql``}
      order by ${enquiryOrderSql(sort)} limit ${limit} offset ${offset}`;

/** How many enquiries match `where`. */
export const enquiryCountSql = (where: SQL | undefined): SQL =>
  sql`select count(*)::bigint as n from enquiries e ${where ? sql`where ${where}` : sql``}`;

/** The enquiries at these stages (every stage when none), kept by triggers (migration 0014). */
export const enquiryStageCountSql = (stages: string[] | undefined): SQL =>
  stages?.length
    ? sql`select coalesce(sum(n), 0)::bigint as n from enquiry_stage_counts where stage in (${sql.join(
        [...new Set(stages)].map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`select coalesce(sum(n), 0)::bigint as n from enquiry_stage_counts`;

/** The total: read from the stage counts when only stages filter the list, else counted. */
export const countEnquiries = async (db: Db, f: EnquiryFilters): Promise<number> => {
  const onlyStages = Object.entries(f).every(([k, v]) => k === 'stage' || v === undefined);
  const query = onlyStages ? enquiryStageCountSql(f.stage) : enquiryCountSql(enquiryFilterSql(f));
  return Number((await preparedRows<{ n: string | number }>(db, query))[0]?.n ?? 0);
};

/** A page of ids in the sort's order and the exact total. */
export const listEnquiryIds = async (
  db: Db,
  f: EnquiryFilters,
  sort: EnquirySort,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> => {
  const where = enquiryFilterSql(f);
  const [total, rows] = await Promise.all([
    countEnquiries(db, f),
    preparedRows<{ id: number }>(db, enquiryPageSql(where, sort, limit, offset)),
  ]);
  return { ids: rows.map((r) => Number(r.id)), total };
};

const ts = isoUtcSql;

/**
 * An enquiry's columns with every relation (money and areas as text, dates and stamps as ISO
 * text: the same on both drivers), the author's company for `can_edit`, and the town.
 */
const rowColumns = sql`e.id, e.property_id, e.scheme_id, e.company_id, e.user_id,
  to_char(e.received_at, 'YYYY-MM-DD') as received_at,
  e.size_from::text as size_from, e.size_to::text as size_to,
  e.rent_from::text as rent_from, e.rent_to::text as rent_to, e.stage, e.reason,
  e.created_by, cb.name as creator_name, cb.company_id as creator_company_id,
  ${ts('e.created_at')} as created_at, ${ts('e.updated_at')} as updated_at,
  coalesce(pa.city, sa.city) as town,
  c.name as company_name, c.is_verified as company_is_verified, ${ts('c.verified_at')} as company_verified_at,
  u.name as contact_name, u.email as contact_email, s.name as scheme_name,
  p.building_num, pa.full_address`;
const rowJoins = sql`left join properties p on p.id = e.property_id
  left join addresses pa on pa.id = p.address_id
  left join schemes s on s.id = e.scheme_id
  left join addresses sa on sa.id = s.address_id
  left join companies c on c.id = e.company_id
  left join users u on u.id = e.user_id
  left join users cb on cb.id = e.created_by`;

export interface EnquiryRow {
  id: number;
  property_id: number | null;
  scheme_id: number | null;
  company_id: number | null;
  user_id: number | null;
  received_at: string;
  size_from: string | null;
  size_to: string | null;
  rent_from: string | null;
  rent_to: string | null;
  stage: string;
  reason: string;
  created_by: number | null;
  creator_name: string | null;
  creator_company_id: number | null;
  created_at: string;
  updated_at: string;
  town: string | null;
  company_name: string | null;
  company_is_verified: boolean | null;
  company_verified_at: string | null;
  contact_name: string | null;
  contact_email: string | null;
  scheme_name: string | null;
  building_num: string | null;
  full_address: string | null;
}

/** A page's rows with their relations, in one statement (the ids as one array parameter). */
export const enquiryRowsSql = (ids: string): SQL =>
  sql`select ${rowColumns} from enquiries e ${rowJoins} where e.id = any(${ids}::int[])`;

/** Rendered once (ADR 0031): the select list and its joins cost more to render than to run. */
const enquiryRowsStatement = fixedStatement(enquiryRowsSql);

export const enquiryRows = async (db: Db, ids: number[]): Promise<EnquiryRow[]> =>
  ids.length ? enquiryRowsStatement<EnquiryRow>(db, `{${ids.join(',')}}`) : [];

/** The comments of a page of enquiries (newest first), with their authors, in one query. */
export const commentsOf = async (db: Db, ids: number[]): Promise<CommentWithUser[]> => {
  if (!ids.length) return [];
  const rows = await db
    .select({ comment: comments, user_name: users.name })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.user_id))
    .where(and(eq(comments.entity_type, 'enquiry'), inArray(comments.entity_id, ids)))
    .orderBy(desc(comments.created_at), desc(comments.id));
  return rows.map((r) => ({ ...r.comment, user_name: r.user_name }));
};

/* ───────────────────────────── export ───────────────────────────── */

/**
 * The unfiltered export's walks: the id (its primary key, ascending: `desc nulls first` read
 * backwards) and the not-null keys with a `desc nulls last` index (migration 0014).
 */
const WALKS: Partial<Record<string, { key: SQL; cast: SQL; nullsWhenDescending: 'first' | 'last' }>> = {
  id: { key: sql`e.id`, cast: sql`integer`, nullsWhenDescending: 'first' },
  received_at: { key: sql`e.received_at`, cast: sql`date`, nullsWhenDescending: 'last' },
  updated_at: { key: sql`e.updated_at`, cast: sql`timestamptz`, nullsWhenDescending: 'last' },
};

/**
 * The export's enquiry ids in the list's order, `size` at a time (ADR 0069): the unfiltered list
 * by id, received or updated date walks its index one short range per batch; anything else sorts
 * its matches once, as one page of the list does.
 */
export const exportEnquiryIds = (
  db: Db,
  f: EnquiryFilters,
  sort: EnquirySort,
  size: number,
): AsyncGenerator<number[]> => {
  const where = enquiryFilterSql(f);
  const walk = WALKS[sort.replace(/^-/, '')];
  const descending = sort.startsWith('-');
  if (!where && walk) {
    return walkIds(
      db,
      {
        from: sql`from enquiries e`,
        id: sql`e.id`,
        key: walk.key,
        cast: walk.cast,
        descending,
        nulls: descending === (walk.nullsWhenDescending === 'last') ? 'last' : 'first',
      },
      size,
    );
  }
  return sortedIds(
    db,
    orderedIdsSql(sql`e.id`, sql`from enquiries e ${sortJoin(sort)}`, where, [enquiryOrderSql(sort)]),
    size,
  );
};

/** The export's columns of these enquiries (any order), each related row one index lookup. */
export const exportEnquiryRowsSql = (ids: string): SQL =>
  sql`select ${rowColumns} from enquiries e
    ${lookupJoin('p', sql`properties`, 'x.building_num, x.address_id', sql`e.property_id`)}
    ${lookupJoin('pa', sql`addresses`, 'x.full_address, x.city', sql`p.address_id`)}
    ${lookupJoin('s', sql`schemes`, 'x.name, x.address_id', sql`e.scheme_id`)}
    ${lookupJoin('sa', sql`addresses`, 'x.city', sql`s.address_id`)}
    ${lookupJoin('c', sql`companies`, 'x.name, x.is_verified, x.verified_at', sql`e.company_id`)}
    ${lookupJoin('u', sql`users`, 'x.name, x.email', sql`e.user_id`)}
    ${lookupJoin('cb', sql`users`, 'x.name, x.company_id', sql`e.created_by`)}
   where e.id = any(${ids}::int[])`;

export const exportEnquiryRows = (db: Db, ids: number[]): Promise<EnquiryRow[]> =>
  ids.length ? preparedRows<EnquiryRow>(db, exportEnquiryRowsSql(`{${ids.join(',')}}`)) : Promise.resolve([]);
