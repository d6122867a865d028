import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** The verification queue is the research desk's (admins only, issue 16 §2). */
export const assertCanReviewChanges = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
