import type { CommentableType, MentionableType } from '@frontage/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { likeEscape } from '../../db/like';
import { commentLinks, comments, users } from '../../db/schema';
import { mentionKey, type MentionRef } from './comment-html';

export type CommentRow = typeof comments.$inferSelect;
export interface CommentWithUser extends CommentRow {
  user_name: string | null;
}

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** A property's label: "12 High Street, Leeds, LS1 1AA" (building number, then the address). */
const PROPERTY_LABEL = sql.raw(
  `nullif(concat_ws(' ', nullif(btrim(p.building_num), ''), pa.full_address), '')`,
);

/**
 * One label query per entity type; each selects `id` and `name` for the ids in `${ids}`.
 * An enquiry reads "Boots – 12 High Street, Leeds" (its company or contact, then its subject).
 */
const LABEL_QUERIES: Record<MentionableType, (ids: SQL) => SQL> = {
  company: (ids) => sql`select c.id, c.name from companies c where c.id in (${ids})`,
  user: (ids) => sql`select u.id, u.name from users u where u.id in (${ids})`,
  scheme: (ids) => sql`select s.id, s.name from schemes s where s.id in (${ids})`,
  property: (ids) => sql`
    select p.id, coalesce(${PROPERTY_LABEL}, 'Property ' || p.id) as name
    from properties p left join addresses pa on pa.id = p.address_id
    where p.id in (${ids})`,
  enquiry: (ids) => sql`
    select e.id,
      coalesce(nullif(concat_ws(' – ', coalesce(ec.name, eu.name), coalesce(${PROPERTY_LABEL}, s.name)), ''), 'Enquiry ' || e.id) as name
    from enquiries e
      left join companies ec on ec.id = e.company_id
      left join users eu on eu.id = e.user_id
      left join properties p on p.id = e.property_id
      left join addresses pa on pa.id = p.address_id
      left join schemes s on s.id = e.scheme_id
    where e.id in (${ids})`,
};

/** Labels of the entities that exist, keyed `type:id`; missing entities are simply absent. */
export const labelsOf = async (db: Db, refs: readonly MentionRef[]): Promise<Map<string, string>> => {
  const byType = new Map<MentionableType, Set<number>>();
  for (const r of refs) byType.set(r.entity_type, (byType.get(r.entity_type) ?? new Set()).add(r.entity_id));
  const out = new Map<string, string>();
  // One type after another: comment writes call this inside their transaction (one connection).
  for (const [type, ids] of byType) {
    const rows = await queryRows<{ id: number; name: string }>(db, LABEL_QUERIES[type](idList([...ids])));
    for (const row of rows) out.set(mentionKey({ entity_type: type, entity_id: Number(row.id) }), row.name);
  }
  return out;
};

export const labelOf = async (db: Db, type: MentionableType, id: number): Promise<string | undefined> =>
  (await labelsOf(db, [{ entity_type: type, entity_id: id }])).get(
    mentionKey({ entity_type: type, entity_id: id }),
  );

export const findComment = async (db: Db, id: number): Promise<CommentRow | undefined> =>
  (await db.select().from(comments).where(eq(comments.id, id)).limit(1))[0];

export const listForEntity = async (
  db: Db,
  type: CommentableType,
  entityId: number,
  limit: number,
  offset: number,
): Promise<{ rows: CommentWithUser[]; total: number }> => {
  const where = and(eq(comments.entity_type, type), eq(comments.entity_id, entityId));
  const [rows, totals] = await Promise.all([
    db
      .select({ comment: comments, user_name: users.name })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.user_id))
      .where(where)
      .orderBy(desc(comments.created_at), desc(comments.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.comment, user_name: r.user_name })),
    total: Number(totals[0]?.n ?? 0),
  };
};

export const withUser = async (db: Db, row: CommentRow): Promise<CommentWithUser> => {
  if (row.user_id === null) return { ...row, user_name: null };
  const u = await db.select({ name: users.name }).from(users).where(eq(users.id, row.user_id)).limit(1);
  return { ...row, user_name: u[0]?.name ?? null };
};

/** The stored mentions of the given comments (the presenter orders them as they appear). */
export const linksOf = async (db: Db, commentIds: readonly number[]): Promise<Map<number, MentionRef[]>> => {
  const out = new Map<number, MentionRef[]>();
  if (!commentIds.length) return out;
  const rows = await queryRows<{ comment_id: number; entity_type: MentionableType; entity_id: number }>(
    db,
    sql`select comment_id, entity_type, entity_id from comment_links where comment_id in (${idList(commentIds)}) order by comment_id, entity_type, entity_id`,
  );
  for (const r of rows) {
    const list = out.get(Number(r.comment_id)) ?? [];
    list.push({ entity_type: r.entity_type, entity_id: Number(r.entity_id) });
    out.set(Number(r.comment_id), list);
  }
  return out;
};

export const insertComment = async (
  db: Db,
  values: { entity_type: CommentableType; entity_id: number; user_id: number; content: string; now: Date },
): Promise<CommentRow> => {
  const rows = await db
    .insert(comments)
    .values({
      entity_type: values.entity_type,
      entity_id: values.entity_id,
      user_id: values.user_id,
      content: values.content,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning();
  return rows[0]!;
};

export const updateContent = async (db: Db, id: number, content: string, now: Date): Promise<CommentRow> => {
  const rows = await db
    .update(comments)
    .set({ content, updated_at: now })
    .where(eq(comments.id, id))
    .returning();
  return rows[0]!;
};

export const deleteComment = async (db: Db, id: number): Promise<void> => {
  await db.delete(comments).where(eq(comments.id, id));
};

export const replaceLinks = async (
  db: Db,
  commentId: number,
  mentions: readonly MentionRef[],
): Promise<void> => {
  await db.delete(commentLinks).where(eq(commentLinks.comment_id, commentId));
  if (mentions.length) {
    await db.insert(commentLinks).values(mentions.map((m) => ({ comment_id: commentId, ...m })));
  }
};

/** Which of the given mentions point at entities that exist. */
export const existingMentions = async (db: Db, refs: readonly MentionRef[]): Promise<Set<string>> =>
  new Set((await labelsOf(db, refs)).keys());

/** Users who commented on the entity before, other than `exceptUserId`. */
export const earlierCommenters = async (
  db: Db,
  type: CommentableType,
  entityId: number,
  beforeCommentId: number,
  exceptUserId: number,
): Promise<number[]> => {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select distinct user_id from comments
        where entity_type = ${type} and entity_id = ${entityId} and id < ${beforeCommentId}
          and user_id is not null and user_id <> ${exceptUserId}
        order by user_id`,
  );
  return rows.map((r) => Number(r.user_id));
};

export const userName = async (db: Db, id: number): Promise<string | undefined> =>
  (await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1))[0]?.name;

/**
 * Mention search across companies, schemes, properties, enquiries and users: trigram word
 * similarity plus a bonus for prefix and substring matches, mixed types ranked together.
 * Each branch is limited first so one large table cannot crowd out the others' best matches.
 */
export const searchEntities = async (
  db: Db,
  q: string,
  limit: number,
): Promise<Array<{ name: string; entity_type: MentionableType; entity_id: number }>> => {
  const prefix = `${likeEscape(q)}%`;
  const contains = `%${likeEscape(q)}%`;
  const qt = sql`${q}::text`;
  const score = (expr: SQL) =>
    sql`(word_similarity(${qt}, ${expr}) + case when ${expr} ilike ${prefix} then 1 when ${expr} ilike ${contains} then 0.5 else 0 end)`;
  const matches = (expr: SQL) => sql`(${expr} ilike ${contains} or ${qt} <% ${expr})`;
  const c = sql.raw('c.name');
  const s = sql.raw('s.name');
  const u = sql.raw('u.name');
  const ue = sql.raw(`coalesce(u.email, '')`);
  const pl = sql.raw(`concat_ws(' ', nullif(btrim(p.building_num), ''), pa.full_address)`);
  const tn = sql.raw(`coalesce(t.name, '')`);
  const el = sql.raw(
    `concat_ws(' – ', coalesce(ec.name, eu.name), coalesce(nullif(concat_ws(' ', nullif(btrim(p.building_num), ''), pa.full_address), ''), es.name))`,
  );
  const rows = await queryRows<{
    name: string;
    entity_type: MentionableType;
    entity_id: number;
    score: number;
  }>(
    db,
    sql`select name, entity_type, entity_id, score from (
      (select c.name as name, 'company' as entity_type, c.id as entity_id, ${score(c)} as score
        from companies c where ${matches(c)} order by score desc, c.id limit ${limit})
      union all
      (select s.name, 'scheme', s.id, ${score(s)} as score
        from schemes s where ${matches(s)} order by score desc, s.id limit ${limit})
      union all
      (select coalesce(nullif(${pl}, ''), 'Property ' || p.id), 'property', p.id,
          greatest(${score(pl)}, ${score(tn)} - 0.25) as score
        from properties p
          left join addresses pa on pa.id = p.address_id
          left join companies t on t.id = p.tenant_id
        where ${matches(pl)} or ${matches(tn)} order by score desc, p.id limit ${limit})
      union all
      (select ${el}, 'enquiry', e.id, ${score(el)} as score
        from enquiries e
          left join companies ec on ec.id = e.company_id
          left join users eu on eu.id = e.user_id
          left join properties p on p.id = e.property_id
          left join addresses pa on pa.id = p.address_id
          left join schemes es on es.id = e.scheme_id
        where ${matches(el)} order by score desc, e.id limit ${limit})
      union all
      (select u.name, 'user', u.id, greatest(${score(u)}, ${score(ue)} - 0.25) as score
        from users u where ${matches(u)} or ${matches(ue)} order by score desc, u.id limit ${limit})
    ) found
    order by score desc, name, entity_type, entity_id
    limit ${limit}`,
  );
  return rows.map((r) => ({ name: r.name, entity_type: r.entity_type, entity_id: Number(r.entity_id) }));
};
