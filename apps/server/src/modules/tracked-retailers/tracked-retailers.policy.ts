import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** Reading tracked retailers is for every signed-in user (the session guard checks that). */

/** Starting or stopping tracking is research-desk work: admins only (spec A §2, /core). */
export const assertCanTrack = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
