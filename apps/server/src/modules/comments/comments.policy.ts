import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Comments are shared research data: any signed-in user may comment (API.md). Editing or
 * deleting a comment is for its author and for admins.
 */
export const canModifyComment = (actor: Actor, comment: { user_id: number | null }): boolean =>
  isAdmin(actor) || (comment.user_id !== null && comment.user_id === actor.id);

export const assertCanModifyComment = (actor: Actor, comment: { user_id: number | null }): void => {
  if (!canModifyComment(actor, comment)) throw new ForbiddenError();
};
