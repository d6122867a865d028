import { CONTACT_MESSAGES, canEditMaster, isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Adding a contact to a company (creating it there, or moving one there): the master-entity rule,
 * except that a company none of whose people can sign in has no owner yet, so anyone signed in
 * may record its contacts — as anyone may record the company itself (ADR 0008).
 */
export const assertMayAttach = (actor: Actor, companyId: number | null, companyHasMembers: boolean): void => {
  if (!canEditMaster(actor, companyId) && companyHasMembers) throw new ForbiddenError();
};

/** Changing an existing contact: an admin, someone of the contact's company, or the contact themselves. */
export const assertMayEdit = (actor: Actor, contact: { id: number; company_id: number | null }): void => {
  if (actor.id !== contact.id && !canEditMaster(actor, contact.company_id)) throw new ForbiddenError();
};

export const assertMayDelete = (actor: Actor, contactId: number): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
  if (actor.id === contactId) throw new ForbiddenError(CONTACT_MESSAGES.cannotDeleteSelf);
};

/** `type` and a temporary password are admin-only; from anyone else they are ignored. */
export const maySetAccountFields = (actor: Actor): boolean => isAdmin(actor);
