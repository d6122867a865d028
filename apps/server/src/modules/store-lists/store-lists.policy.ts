import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** Store-list reconciliation is the research desk's: admins only (spec A §2, /core). */
export const assertCanReconcile = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
