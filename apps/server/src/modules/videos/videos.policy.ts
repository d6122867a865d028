import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** Watching a page's videos is for every signed-in user (the session guard checks that). */

/** Adding, changing and removing help videos is the product team's: admins only (spec A §2, /core). */
export const assertCanManageVideos = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
