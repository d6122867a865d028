import { canArchivePlace, isAdmin, type Actor, type ArchivedFilter } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** Archiving and restoring a property or scheme: an admin, or a member of its owner company (ADR 0078). */
export const assertCanArchive = (actor: Actor, ownerCompanyId: number | null): void => {
  if (!canArchivePlace(actor, ownerCompanyId)) throw new ForbiddenError();
};

/** The lists' Archived filter is an admin's: anyone else sending it is refused (ADR 0078). */
export const assertCanFilterArchived = (actor: Actor, archived: ArchivedFilter | undefined): void => {
  if (archived !== undefined && !isAdmin(actor)) throw new ForbiddenError();
};
