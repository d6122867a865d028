import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** The verification queue is the research desk's: admins only (spec A §2, /core). */
export const assertCanReviewChanges = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
