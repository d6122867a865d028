import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Properties, schemes and addresses are shared research data: any signed-in user may read,
 * create and change them (API.md); every change is kept as history. Verifying that history is
 * research work, for admins only.
 */
export const assertCanVerifyHistory = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
