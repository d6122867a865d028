/**
 * Notifications caused by comments:
 * - a mentioned user hears "<who> mentioned you on <entity>" (on edit: only newly added mentions);
 * - on a new comment on a property or scheme, the other users who commented there before hear
 *   "<who> commented on <entity>".
 * Never the person who wrote; one notification per user per comment (a mention wins).
 */
import { entityPath } from '@frontage/shared';
import { mentionKey, type MentionRef } from '../modules/comments/comment-html';
import * as comments from '../modules/comments/comments.repository';
import { insertNotifications, type NewNotification } from '../modules/notifications/notifications.repository';
import type { EventBus, EventContext } from './bus';
import type { CommentEvent } from './comment.events';

export const NOTIFICATION_TYPES = { mention: 'comment_mention', comment: 'comment' } as const;

/**
 * Entities whose earlier commenters follow new comments (enquiries are not followed). A company's
 * comments (a tracked retailer's page) are the research desk's thread: followed too.
 */
const FOLLOWED = new Set(['property', 'scheme', 'company']);

const mentionedUsers = (mentions: readonly MentionRef[]): number[] =>
  mentions.filter((m) => m.entity_type === 'user').map((m) => m.entity_id);

const notify = async (
  ctx: EventContext,
  event: CommentEvent,
  actorId: number,
  mentioned: readonly number[],
  followers: readonly number[],
): Promise<void> => {
  const skip = new Set([event.authorId, actorId]);
  const targets = new Map<number, 'mention' | 'comment'>();
  for (const id of mentioned) if (!skip.has(id)) targets.set(id, 'mention');
  for (const id of followers) if (!skip.has(id) && !targets.has(id)) targets.set(id, 'comment');
  if (!targets.size) return;

  const who = (await comments.userName(ctx.db, actorId)) ?? 'Someone';
  const where =
    (await comments.labelOf(ctx.db, event.entityType, event.entityId)) ??
    `${event.entityType} ${event.entityId}`;
  const url = entityPath(event.entityType, event.entityId);
  const rows: NewNotification[] = [...targets].map(([userId, kind]) => ({
    user_id: userId,
    type: NOTIFICATION_TYPES[kind],
    message: kind === 'mention' ? `${who} mentioned you on ${where}` : `${who} commented on ${where}`,
    entity_type: event.entityType,
    entity_id: event.entityId,
    url,
    data: { comment_id: event.commentId },
    created_at: ctx.now,
  }));
  await insertNotifications(ctx.db, rows);
  for (const userId of targets.keys()) ctx.notifiedUserIds.add(userId);
};

export const registerCommentNotifications = (bus: EventBus): void => {
  bus.on('comment.created', async (event, ctx) => {
    const followers = FOLLOWED.has(event.entityType)
      ? await comments.earlierCommenters(
          ctx.db,
          event.entityType,
          event.entityId,
          event.commentId,
          event.authorId,
        )
      : [];
    await notify(ctx, event, event.authorId, mentionedUsers(event.mentions), followers);
  });

  bus.on('comment.updated', async (event, ctx) => {
    const before = new Set(event.previousMentions.map(mentionKey));
    const added = event.mentions.filter((m) => !before.has(mentionKey(m)));
    await notify(ctx, event, event.editorId, mentionedUsers(added), []);
  });
};
