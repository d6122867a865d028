/**
 * Demo comments: one to four comments on ~300 properties and ~100 schemes, written by seeded
 * contacts and the two demo accounts, mentioning users, companies, schemes and properties; plus
 * the notifications the demo accounts would have received for them (mentions, and comments on
 * places they commented on before). Skips cleanly when there are no places.
 */
import { entityPath, type CommentableType, type MentionableType } from '@frontage/shared';
import { asc, inArray } from 'drizzle-orm';
import { mentionKey, type MentionRef } from '../../modules/comments/comment-html';
import { labelsOf } from '../../modules/comments/comments.repository';
import { NOTIFICATION_TYPES } from '../../events/comment-notifications';
import { commentLinks, comments, notifications, properties, schemes, users } from '../schema';
import type { SeedStep } from './steps';

const PROPERTY_TARGET = 300;
const SCHEME_TARGET = 100;
const CHUNK = 500;

type Part = string | MentionRef;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const seedComments: SeedStep = async (ctx): Promise<Record<string, number>> => {
  const { tx, rand, now } = ctx;
  const propertyIds = (
    await tx.select({ id: properties.id }).from(properties).orderBy(asc(properties.id))
  ).map((r) => r.id);
  const schemeIds = (await tx.select({ id: schemes.id }).from(schemes).orderBy(asc(schemes.id))).map(
    (r) => r.id,
  );
  if (!propertyIds.length && !schemeIds.length) {
    ctx.log('comments: skipped (no properties or schemes)');
    return { comments: 0 };
  }

  const sample = (ids: number[], n: number): number[] => {
    const pool = [...ids];
    const out: number[] = [];
    // The first property always has comments, so a demo of the panel finds some at once.
    if (pool.length) out.push(pool.shift()!);
    while (out.length < n && pool.length) out.push(pool.splice(rand.int(0, pool.length - 1), 1)[0]!);
    return out;
  };
  const targets: Array<{ type: CommentableType; id: number }> = [
    ...sample(propertyIds, PROPERTY_TARGET).map((id) => ({ type: 'property' as const, id })),
    ...sample(schemeIds, SCHEME_TARGET).map((id) => ({ type: 'scheme' as const, id })),
  ];

  const demo = [ctx.adminId, ctx.agentId];
  const writers = [...ctx.contactIds.slice(0, 120), ...demo];
  const companyIds = ctx.companies.filter((c) => c.kind !== 'platform').map((c) => c.id);
  const pickUser = (): MentionRef => ({
    entity_type: 'user',
    // Demo accounts are mentioned now and then, so they have notifications to open.
    entity_id: rand.next() < 0.22 ? rand.pick(demo) : rand.pick(ctx.contactIds),
  });
  const ref = (entity_type: MentionableType, ids: readonly number[]): MentionRef => ({
    entity_type,
    entity_id: rand.pick(ids),
  });
  const pickCompany = () => ref('company', companyIds);
  const pickScheme = () => ref('scheme', schemeIds.length ? schemeIds : propertyIds);
  const pickProperty = () => ref('property', propertyIds.length ? propertyIds : schemeIds);

  const templates: Array<() => Part[]> = [
    () => ['Spoke to ', pickUser(), ' about the lease; ', pickCompany(), ' are interested.'],
    () => [pickCompany(), ' have viewed twice this month. Compare with ', pickProperty(), '.'],
    () => ['Rent review due in the spring. ', pickUser(), ' to follow up with the landlord.'],
    () => ['Footfall similar to ', pickScheme(), '. Worth a call to ', pickUser(), '.'],
    () => ['Heads of terms agreed in principle, subject to board approval.'],
    () => ['Tenant trading well according to ', pickUser(), '. No break expected.'],
    () => ['Vacant since January; good interest from food and beverage operators.'],
    () => [pickCompany(), ' considering a relocation from ', pickProperty(), '.'],
  ];

  // Resolve every label once: mentions show names, notifications show where.
  const drafts = targets.flatMap((target) => {
    const n = target.id === propertyIds[0] ? 3 : rand.int(1, 4);
    const start = now.getTime() - rand.int(20, 160) * 86_400_000;
    return Array.from({ length: n }, (_, i) => ({
      target,
      author: rand.pick(writers),
      parts: rand.pick(templates)(),
      at: new Date(start + i * rand.int(1, 9) * 86_400_000 + rand.int(0, 36_000_000)),
    }));
  });
  const refs = drafts.flatMap((d) => d.parts.filter((p): p is MentionRef => typeof p !== 'string'));
  const labels = await labelsOf(tx, [
    ...refs,
    ...targets.map((t) => ({ entity_type: t.type, entity_id: t.id })),
  ]);
  const names = new Map(
    (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, writers))).map(
      (u) => [u.id, u.name],
    ),
  );

  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
  const rows = drafts.map((d) => {
    const mentions = new Map<string, MentionRef>();
    const html = d.parts
      .map((p) => {
        if (typeof p === 'string') return escapeHtml(p);
        const label = labels.get(mentionKey(p));
        if (label === undefined) return '';
        mentions.set(mentionKey(p), p);
        return `<span data-type="mention" data-entity-type="${p.entity_type}" data-entity-id="${p.entity_id}">@${escapeHtml(label)}</span>`;
      })
      .join('');
    return { draft: d, content: `<p>${html}</p>`, mentions: [...mentions.values()] };
  });

  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const inserted = await tx
      .insert(comments)
      .values(
        chunk.map((r) => ({
          entity_type: r.draft.target.type,
          entity_id: r.draft.target.id,
          user_id: r.draft.author,
          content: r.content,
          created_at: r.draft.at,
          updated_at: r.draft.at,
        })),
      )
      .returning({ id: comments.id });
    ids.push(...inserted.map((x) => x.id));
  }
  const links = rows.flatMap((r, i) => r.mentions.map((m) => ({ comment_id: ids[i]!, ...m })));
  for (let i = 0; i < links.length; i += CHUNK)
    await tx.insert(commentLinks).values(links.slice(i, i + CHUNK));

  // What the comment.created handler would have told the demo accounts, replayed in time order.
  const commented = new Map<string, Set<number>>();
  const notes: Array<typeof notifications.$inferInsert> = [];
  rows.forEach((r, i) => {
    const { target, author, at } = r.draft;
    const key = `${target.type}:${target.id}`;
    const before = commented.get(key) ?? new Set<number>();
    const where = labels.get(key) ?? key;
    const who = names.get(author) ?? 'Someone';
    for (const userId of demo) {
      if (userId === author) continue;
      const mentioned = r.mentions.some((m) => m.entity_type === 'user' && m.entity_id === userId);
      if (!mentioned && !before.has(userId)) continue;
      notes.push({
        user_id: userId,
        type: mentioned ? NOTIFICATION_TYPES.mention : NOTIFICATION_TYPES.comment,
        message: mentioned ? `${who} mentioned you on ${where}` : `${who} commented on ${where}`,
        entity_type: target.type,
        entity_id: target.id,
        url: entityPath(target.type, target.id),
        data: { comment_id: ids[i]! },
        created_at: at,
        // Older ones have been read; the last fortnight is still unread.
        read_at: now.getTime() - at.getTime() > 14 * 86_400_000 ? at : null,
      });
    }
    commented.set(key, before.add(author));
  });
  for (let i = 0; i < notes.length; i += CHUNK)
    await tx.insert(notifications).values(notes.slice(i, i + CHUNK));

  ctx.log(`comments: ${rows.length} (${links.length} mentions, ${notes.length} demo notifications)`);
  return { comments: rows.length, comment_links: links.length, comment_notifications: notes.length };
};
