import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** News items are written by admins (the research desk, /core); every user reads What's New. */
export const assertCanManageNews = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
