import { canEditMaster, isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** The master-entity rule for a company: an admin, or a member of that very company. */
export const assertCanEditCompany = (actor: Actor, companyId: number): void => {
  if (!canEditMaster(actor, companyId)) throw new ForbiddenError();
};

/** Deleting, merging, verifying and categorising companies are admin work (API.md). */
export const assertAdmin = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};

/** Categories sent by anyone but an admin are ignored, silently (API.md). */
export const mayCategorise = (actor: Actor): boolean => isAdmin(actor);
