/**
 * The Activity timeline of a company or a contact (ADR 0091): one statement, a UNION ALL of one
 * LIMIT-ed branch per source, each read newest first from its own index and cut at the cursor, so
 * a page costs the same however long the history is. Items are ordered by (at desc, branch desc,
 * row id desc): `branch` numbers the sources, so the key is unique across them and the cursor is
 * the last item's key. The SQL builder is exported for the bench's twin.
 */
import type { ActivityKind } from '@frontage/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shapedStatement, type ValueOf } from '../../db/prepared';

/** Where the previous page stopped: its last item's key (`at` to the microsecond). */
export interface ActivityKey {
  at: string;
  branch: number;
  rid: number;
}

export type ActivitySubject = { type: 'company' | 'contact'; id: number };

/** The sources, numbered: the second part of the order key. */
export const BRANCH = { deal: 1, store: 2, enquiry: 3, stage: 4, comment: 5, mention: 6, edit: 7 } as const;

/** A date as the instant of its midnight UTC (a deal's or a store change's effective date). */
const midnight = (d: string): SQL => sql.raw(`(${d}::timestamp at time zone 'UTC')`);

/**
 * The branch's rows strictly after the cursor in the timeline's order. `at <= cursor` comes first
 * so the branch's index range starts at the cursor; the rest settles ties on the same instant.
 */
const after = (shape: Shape, v: ValueOf, branch: number, at: SQL, rid: SQL): SQL => {
  if (!shape.after) return sql`true`;
  const c = sql`${v('at')}::timestamptz`;
  if (branch < shape.after) return sql`${at} <= ${c}`;
  if (branch > shape.after) return sql`${at} < ${c}`;
  return sql`${at} <= ${c} and (${at} < ${c} or ${rid} < ${v('rid')})`;
};

/** One branch: its columns in the union's order, cut at the cursor, newest first, `limit` rows. */
interface Branch {
  branch: number;
  /** The item kinds the branch answers (the `kind=` filter keeps a branch answering any asked). */
  kinds: readonly ActivityKind[];
  kind: SQL;
  at: SQL;
  rid: SQL;
  actor: SQL;
  deal: SQL;
  property: SQL;
  scheme: SQL;
  enquiry: SQL;
  comment: SQL;
  /** The comment's subject (for a comment or a mention): entity_type, entity_id. */
  subjectType: SQL;
  subjectId: SQL;
  details: SQL;
  from: SQL;
}

const NONE = sql`null::int`;
const NO_TEXT = sql`null::text`;
const NO_DETAILS = sql`'{}'::text[]`;

const branchSql = (b: Branch, shape: Shape, v: ValueOf): SQL =>
  sql`(select ${b.branch}::int as branch, ${b.rid}::bigint as rid, ${b.at} as at, ${b.kind}::text as kind,
      ${b.actor}::int as actor_id, ${b.deal}::int as deal_id, ${b.property}::int as property_id,
      ${b.scheme}::int as scheme_id, ${b.enquiry}::int as enquiry_id, ${b.comment}::int as comment_id,
      ${b.subjectType}::text as subject_type, ${b.subjectId}::int as subject_id, ${b.details}::text[] as details
    ${b.from} and ${after(shape, v, b.branch, b.at, b.rid)}
    order by 3 desc, 2 desc limit ${v('limit')})`;

/** A deal the subject is a party to (any role): its roles as details. */
const dealBranch = (party: SQL): Branch => ({
  branch: BRANCH.deal,
  kinds: ['deal'],
  kind: sql`'deal'`,
  at: sql`coalesce(${midnight('d.effective_date')}, d.created_at)`,
  rid: sql`d.id`,
  actor: sql`d.created_by`,
  deal: sql`d.id`,
  property: sql`d.property_id`,
  scheme: sql`d.scheme_id`,
  enquiry: NONE,
  comment: NONE,
  subjectType: NO_TEXT,
  subjectId: NONE,
  details: sql`x.roles`,
  from: sql`from (select dp.deal_id, array_agg(distinct dp.role) as roles from deal_parties dp
      where ${party} group by dp.deal_id) x join deals d on d.id = x.deal_id where true`,
});

/** Enquiries, from `where` over `e` (enquiries). */
const enquiryBranch = (where: SQL): Branch => ({
  branch: BRANCH.enquiry,
  kinds: ['enquiry'],
  kind: sql`'enquiry'`,
  at: sql`e.created_at`,
  rid: sql`e.id`,
  actor: sql`e.created_by`,
  deal: NONE,
  property: sql`e.property_id`,
  scheme: sql`e.scheme_id`,
  enquiry: sql`e.id`,
  comment: NONE,
  subjectType: NO_TEXT,
  subjectId: NONE,
  details: NO_DETAILS,
  from: sql`from enquiries e where ${where}`,
});

/** Stage moves of those enquiries: their field history (field 'stage', an edit), [from, to]. */
const stageBranch = (where: SQL): Branch => ({
  branch: BRANCH.stage,
  kinds: ['enquiry_stage'],
  kind: sql`'enquiry_stage'`,
  at: sql`h.created_at`,
  rid: sql`h.id`,
  actor: sql`h.user_id`,
  deal: NONE,
  property: sql`e.property_id`,
  scheme: sql`e.scheme_id`,
  enquiry: sql`e.id`,
  comment: NONE,
  subjectType: NO_TEXT,
  subjectId: NONE,
  details: sql`array[h.old_value #>> '{}', h.new_value #>> '{}']`,
  from: sql`from enquiries e join field_history h on h.entity_type = 'enquiry' and h.entity_id = e.id
      and h.field = 'stage' and h.source = 'update'
    where ${where}`,
});

/** Comments, from `where` over `c` (comments). */
const commentBranch = (where: SQL): Branch => ({
  branch: BRANCH.comment,
  kinds: ['comment'],
  kind: sql`'comment'`,
  at: sql`c.created_at`,
  rid: sql`c.id`,
  actor: sql`c.user_id`,
  deal: NONE,
  property: sql`case when c.entity_type = 'property' then c.entity_id end`,
  scheme: sql`case when c.entity_type = 'scheme' then c.entity_id end`,
  enquiry: sql`case when c.entity_type = 'enquiry' then c.entity_id end`,
  comment: sql`c.id`,
  subjectType: sql`c.entity_type`,
  subjectId: sql`c.entity_id`,
  details: NO_DETAILS,
  from: sql`from comments c where ${where}`,
});

/** Comments mentioning the subject (comment_links_entity_idx), but a comment on the subject itself. */
const mentionBranch = (type: string, id: unknown): Branch => ({
  ...commentBranch(sql`true`),
  branch: BRANCH.mention,
  kinds: ['mention'],
  kind: sql`'mention'`,
  from: sql`from comment_links l join comments c on c.id = l.comment_id
    where l.entity_type = ${type} and l.entity_id = ${id} and not (c.entity_type = ${type} and c.entity_id = ${id})`,
});

/**
 * Edits of the record (field_history, entity_type 'company' | 'user'): the fields one save
 * changed are rows of the same instant by the same user, read as one item naming them.
 */
const editBranch = (type: string, id: unknown): Branch => ({
  branch: BRANCH.edit,
  kinds: ['edit'],
  kind: sql`'edit'`,
  at: sql`g.at`,
  rid: sql`g.rid`,
  actor: sql`g.user_id`,
  deal: NONE,
  property: NONE,
  scheme: NONE,
  enquiry: NONE,
  comment: NONE,
  subjectType: NO_TEXT,
  subjectId: NONE,
  details: sql`g.fields`,
  from: sql`from (select h.created_at as at, max(h.id) as rid, h.user_id, array_agg(h.field order by h.field) as fields
      from field_history h where h.entity_type = ${type} and h.entity_id = ${id}
      group by h.created_at, h.user_id) g where true`,
});

/** A tracked retailer's openings and closures (store_events_company_date_idx); the deal's author acts. */
const storeBranch = (companyId: unknown, kinds: readonly ActivityKind[] | undefined): Branch => {
  // One of the two kinds asked: the other's rows are left out in the branch itself.
  const opened = !kinds || kinds.includes('store_opened');
  const closed = !kinds || kinds.includes('store_closed');
  const only = opened && closed ? sql`` : sql` and se.kind = ${opened ? 'opening' : 'closure'}`;
  return {
    branch: BRANCH.store,
    kinds: ['store_opened', 'store_closed'],
    kind: sql`case se.kind when 'opening' then 'store_opened' else 'store_closed' end`,
    at: midnight('se.on_date'),
    rid: sql`se.id`,
    actor: sql`sd.created_by`,
    deal: sql`sd.id`,
    property: sql`se.property_id`,
    scheme: NONE,
    enquiry: NONE,
    comment: NONE,
    subjectType: NO_TEXT,
    subjectId: NONE,
    details: NO_DETAILS,
    from: sql`from store_events se left join deals sd on sd.id = se.deal_id where se.company_id = ${companyId}${only}`,
  };
};

/** The subject's sources, those answering one of `kinds` (absent: all of them); `id` its id. */
const branchesOf = (type: ActivitySubject['type'], id: unknown, kinds?: readonly ActivityKind[]): Branch[] =>
  (type === 'company'
    ? [
        dealBranch(sql`dp.company_id = ${id}`),
        storeBranch(id, kinds),
        enquiryBranch(sql`e.company_id = ${id}`),
        stageBranch(sql`e.company_id = ${id}`),
        commentBranch(sql`c.entity_type = 'company' and c.entity_id = ${id}`),
        mentionBranch('company', id),
        editBranch('company', id),
      ]
    : [
        dealBranch(sql`dp.user_id = ${id}`),
        enquiryBranch(sql`e.user_id = ${id}`),
        stageBranch(sql`e.user_id = ${id}`),
        commentBranch(sql`c.user_id = ${id}`),
        mentionBranch('user', id),
        editBranch('user', id),
      ]
  ).filter((b) => !kinds || b.kinds.some((k) => kinds.includes(k)));

/**
 * What makes two pages' statements differ in text, not only in values: the subject's type, the
 * cursor's branch (0: the first page) and the kinds asked. The subject's id, the cursor's instant
 * and row id and the limit are values (`v('id')`, `v('at')`, `v('rid')`, `v('limit')`).
 */
interface Shape {
  type: ActivitySubject['type'];
  after: number;
  kinds?: readonly ActivityKind[] | undefined;
}

/** A shape as the statement's key: at most 2 × 8 × 2^8 of them (a repeated kind counts once). */
const shapeKey = (shape: Shape): string =>
  `${shape.type}|${shape.after}|${shape.kinds ? [...new Set(shape.kinds)].sort().join(',') : '*'}`;

const shapeOf = (key: string): Shape => {
  const [type, after, kinds] = key.split('|') as [ActivitySubject['type'], string, string];
  return {
    type,
    after: Number(after),
    kinds: kinds === '*' ? undefined : (kinds.split(',') as ActivityKind[]),
  };
};

/** The table of each subject type: its timeline reads rows only while the record is there. */
const SUBJECT_TABLE = { company: sql.raw('companies'), contact: sql.raw('users') } as const;

/** A comment's text for a summary: its HTML's text, the first 120 characters. */
const EXCERPT = sql`left(btrim(regexp_replace(regexp_replace(cm.content, '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g')), 120)`;

/**
 * The page: `limit` items after the cursor (the caller asks one more to know whether there is a
 * next page), with what a summary names — the actor, the unit (its number and address), the
 * scheme, the deal's type, the comment's subject and text.
 */
const pageSql = (shape: Shape, v: ValueOf): SQL => {
  const branches = branchesOf(shape.type, v('id'), shape.kinds).map((b) => branchSql(b, shape, v));
  // Rows only while the subject exists (one index probe, run once): a page with rows then proves
  // it, and only an empty page needs the service's own check for a 404 (one round trip a page).
  return sql`with b as (${sql.join(branches, sql` union all `)}),
    top as (select * from b where exists (select 1 from ${SUBJECT_TABLE[shape.type]} x where x.id = ${v('id')})
      order by at desc, branch desc, rid desc limit ${v('limit')})
    select top.branch, top.rid, top.kind, top.details, top.deal_id, top.enquiry_id, top.comment_id,
      to_char(top.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
      top.actor_id, au.name as actor_name,
      d.deal_type, p.id as property_id, p.building_num, pa.full_address,
      coalesce(s.name, ps.name) as scheme_name, top.scheme_id,
      top.subject_type, top.subject_id,
      case top.subject_type
        when 'company' then (select x.name from companies x where x.id = top.subject_id)
        when 'scheme' then (select x.name from schemes x where x.id = top.subject_id)
        when 'property' then (select concat_ws(' ', x.building_num, xa.full_address)
          from properties x join addresses xa on xa.id = x.address_id where x.id = top.subject_id)
      end as subject_label,
      ${EXCERPT} as excerpt
    from top
      left join users au on au.id = top.actor_id
      left join deals d on d.id = top.deal_id
      left join properties p on p.id = top.property_id
      left join addresses pa on pa.id = p.address_id
      left join schemes s on s.id = top.scheme_id
      left join schemes ps on ps.id = p.scheme_id
      left join comments cm on cm.id = top.comment_id
    order by top.at desc, top.branch desc, top.rid desc`;
};

const valuesOf = (s: ActivitySubject, key: ActivityKey | undefined, limit: number) => ({
  id: s.id,
  at: key?.at,
  rid: key?.rid,
  limit,
});

/** The page's statement with its values in it (the bench's raw-SQL twin). */
export const activitySql = (
  s: ActivitySubject,
  key: ActivityKey | undefined,
  limit: number,
  kinds?: readonly ActivityKind[],
): SQL => {
  const values: Record<string, unknown> = valuesOf(s, key, limit);
  return pageSql({ type: s.type, after: key?.branch ?? 0, kinds }, (name) => values[name]);
};

/**
 * The page's statement as a prepared statement per shape (ADR 0032): the union of seven branches
 * took about 0.1–0.2 ms of the server's CPU to build and render for every page, as much as the
 * rest of the request's own work.
 */
const pageStatement = shapedStatement<string>((key, v) => pageSql(shapeOf(key), v));

/** Whether any source of a shape answers its kinds: worked out once per shape, not per request. */
const answered = new Map<string, boolean>();
const hasSources = (key: string): boolean => {
  let any = answered.get(key);
  if (any === undefined) {
    const shape = shapeOf(key);
    answered.set(key, (any = branchesOf(shape.type, null, shape.kinds).length > 0));
  }
  return any;
};

export interface ActivityRow {
  branch: number;
  rid: number | string;
  kind: string;
  details: string[] | string | null;
  deal_id: number | null;
  enquiry_id: number | null;
  comment_id: number | null;
  at_key: string;
  actor_id: number | null;
  actor_name: string | null;
  deal_type: string | null;
  property_id: number | null;
  building_num: string | null;
  full_address: string | null;
  scheme_name: string | null;
  scheme_id: number | null;
  subject_type: string | null;
  subject_id: number | null;
  subject_label: string | null;
  excerpt: string | null;
}

export const activityRows = (
  db: Db,
  s: ActivitySubject,
  key: ActivityKey | undefined,
  limit: number,
  kinds?: readonly ActivityKind[],
): Promise<ActivityRow[]> => {
  const shape = shapeKey({ type: s.type, after: key?.branch ?? 0, kinds });
  // No source answers the kinds asked (a store change of a contact): nothing to read.
  return hasSources(shape)
    ? pageStatement<ActivityRow>(db, shape, valuesOf(s, key, limit))
    : Promise.resolve([]);
};
