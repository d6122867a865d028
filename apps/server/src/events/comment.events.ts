import type { CommentableType } from '@frontage/shared';
import type { MentionRef } from '../modules/comments/comment-html';

/** What the comment events carry: the saved comment and who wrote it. */
export interface CommentEvent {
  commentId: number;
  authorId: number;
  entityType: CommentableType;
  entityId: number;
  /** The mentions present in the saved content. */
  mentions: MentionRef[];
}

export interface CommentUpdatedEvent extends CommentEvent {
  /** Who made the edit: the author or an admin. */
  editorId: number;
  /** The mentions the comment had before this edit. */
  previousMentions: MentionRef[];
}
