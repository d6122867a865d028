import type { Comment, CommentLink, CommentableType } from '@frontage/shared';
import { isoRequired } from '../../lib/dates';
import { mentionKey, sanitizeComment, type MentionRef } from './comment-html';
import type { CommentWithUser } from './comments.repository';

export interface CommentExtras {
  include: Set<string>;
  /** Stored mentions per comment id. */
  links: Map<number, MentionRef[]>;
  /** Labels keyed `type:id` (mentions and the comments' entities). */
  labels: Map<string, string>;
}

/** Stored links, in the order they appear in the content. */
const orderedLinks = (
  row: CommentWithUser,
  stored: MentionRef[],
  labels: Map<string, string>,
): CommentLink[] => {
  const order = sanitizeComment(row.content).mentions.map(mentionKey);
  const rank = (m: MentionRef) => {
    const i = order.indexOf(mentionKey(m));
    return i === -1 ? order.length : i;
  };
  return [...stored]
    .sort((a, b) => rank(a) - rank(b))
    .flatMap((m) => {
      const name = labels.get(mentionKey(m));
      // A mentioned entity deleted since the comment was saved is no longer a link.
      return name === undefined ? [] : [{ entity_id: m.entity_id, entity_type: m.entity_type, name }];
    });
};

export const presentComment = (row: CommentWithUser, extras: CommentExtras): Comment => {
  const entityType = row.entity_type as CommentableType;
  const out: Comment = {
    id: row.id,
    content: row.content,
    entity_id: row.entity_id,
    entity_type: entityType,
    user_id: row.user_id,
    created_at: isoRequired(row.created_at),
    updated_at: isoRequired(row.updated_at),
  };
  if (extras.include.has('user')) {
    out.user =
      row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null;
  }
  if (extras.include.has('entity')) {
    const name = extras.labels.get(mentionKey({ entity_type: entityType, entity_id: row.entity_id }));
    out.entity = name === undefined ? null : { id: row.entity_id, entity_type: entityType, name };
  }
  if (extras.include.has('links'))
    out.links = orderedLinks(row, extras.links.get(row.id) ?? [], extras.labels);
  return out;
};
