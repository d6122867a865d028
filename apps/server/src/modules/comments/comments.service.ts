import {
  COMMENT_MESSAGES,
  MENTION_SEARCH_LIMIT,
  parseInclude,
  type Actor,
  type Comment,
  type CommentCreate,
  type CommentListQuery,
  type CommentUpdate,
  type CommentableType,
  type MentionResult,
  type Page,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { Db } from '../../db/client';
import { domainEvents, newEventContext, publishNotificationChanges } from '../../events';
import { NotFoundError, ValidationError } from '../../lib/errors';
import {
  isBlankComment,
  mentionKey,
  sanitizeComment,
  type MentionRef,
  type SanitizedComment,
} from './comment-html';
import { assertCanModifyComment } from './comments.policy';
import { presentComment } from './comments.presenter';
import * as repo from './comments.repository';
import { offsetOf, toPage } from '../../lib/page';
import { recordWebhookEvent } from '../webhooks/outbox.service';

/** Every response of a write carries the author, the entity and the links. */
const FULL_INCLUDE = new Set(['user', 'entity', 'links']);

/**
 * Sanitizes the submitted HTML, then unwraps mentions of entities that do not exist, so the
 * stored content and its links always agree. Blank content is refused.
 */
const cleanContent = async (db: Db, content: string): Promise<SanitizedComment> => {
  const first = sanitizeComment(content);
  const existing = await repo.existingMentions(db, first.mentions);
  const clean = first.mentions.every((m) => existing.has(mentionKey(m)))
    ? first
    : sanitizeComment(first.html, (m) => existing.has(mentionKey(m)));
  if (isBlankComment(clean.html)) throw ValidationError.field('content', COMMENT_MESSAGES.contentRequired);
  return clean;
};

const present = async (db: Db, rows: repo.CommentWithUser[], include: Set<string>): Promise<Comment[]> => {
  const links = include.has('links')
    ? await repo.linksOf(
        db,
        rows.map((r) => r.id),
      )
    : new Map<number, MentionRef[]>();
  const refs: MentionRef[] = [...links.values()].flat();
  if (include.has('entity')) {
    for (const r of rows)
      refs.push({ entity_type: r.entity_type as CommentableType, entity_id: r.entity_id });
  }
  const labels = refs.length ? await repo.labelsOf(db, refs) : new Map<string, string>();
  return rows.map((r) => presentComment(r, { include, links, labels }));
};

export const list = async (deps: ServiceDeps, query: CommentListQuery): Promise<Page<Comment>> => {
  if ((await repo.labelOf(deps.db, query.entity_type, query.entity_id)) === undefined)
    throw new NotFoundError();
  const { page, per_page: perPage } = query;
  const { rows, total } = await repo.listForEntity(
    deps.db,
    query.entity_type,
    query.entity_id,
    perPage,
    offsetOf(page, perPage),
  );
  return toPage(await present(deps.db, rows, parseInclude(query.include)), {
    total,
    page: page,
    perPage: perPage,
  });
};

export const create = async (deps: ServiceDeps, actor: Actor, input: CommentCreate): Promise<Comment> => {
  const now = deps.now();
  const ctx = newEventContext(deps.db, now);
  const row = await deps.db.transaction(async (tx) => {
    if ((await repo.labelOf(tx, input.entity_type, input.entity_id)) === undefined) {
      throw ValidationError.field('entity_id', COMMENT_MESSAGES.entityMissing);
    }
    const clean = await cleanContent(tx, input.content);
    const saved = await repo.insertComment(tx, {
      entity_type: input.entity_type,
      entity_id: input.entity_id,
      user_id: actor.id,
      content: clean.html,
      now,
    });
    await repo.replaceLinks(tx, saved.id, clean.mentions);
    await recordWebhookEvent(
      tx,
      'comment.created',
      { id: saved.id, entity_type: input.entity_type, entity_id: input.entity_id },
      now,
    );
    await domainEvents.emit(
      'comment.created',
      {
        commentId: saved.id,
        authorId: actor.id,
        entityType: input.entity_type,
        entityId: input.entity_id,
        mentions: clean.mentions,
      },
      { ...ctx, db: tx },
    );
    return repo.withUser(tx, saved);
  });
  await publishNotificationChanges(deps.db, ctx.notifiedUserIds);
  return (await present(deps.db, [row], FULL_INCLUDE))[0]!;
};

export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: CommentUpdate,
): Promise<Comment> => {
  const now = deps.now();
  const ctx = newEventContext(deps.db, now);
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.findComment(tx, id);
    if (!current) throw new NotFoundError();
    assertCanModifyComment(actor, current);
    const previous = (await repo.linksOf(tx, [id])).get(id) ?? [];
    const clean = await cleanContent(tx, input.content);
    const saved = await repo.updateContent(tx, id, clean.html, now);
    await repo.replaceLinks(tx, id, clean.mentions);
    await domainEvents.emit(
      'comment.updated',
      {
        commentId: id,
        authorId: current.user_id ?? actor.id,
        editorId: actor.id,
        entityType: current.entity_type as CommentableType,
        entityId: current.entity_id,
        mentions: clean.mentions,
        previousMentions: previous,
      },
      { ...ctx, db: tx },
    );
    return repo.withUser(tx, saved);
  });
  await publishNotificationChanges(deps.db, ctx.notifiedUserIds);
  return (await present(deps.db, [row], FULL_INCLUDE))[0]!;
};

export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  await deps.db.transaction(async (tx) => {
    const current = await repo.findComment(tx, id);
    if (!current) throw new NotFoundError();
    assertCanModifyComment(actor, current);
    await repo.deleteComment(tx, id);
  });
};

export const searchEntities = async (deps: ServiceDeps, q: string): Promise<MentionResult[]> => {
  const text = q.trim();
  if (!text) return [];
  return repo.searchEntities(deps.db, text, MENTION_SEARCH_LIMIT);
};
