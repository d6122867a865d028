import { CONTACT_MESSAGES, canEditMaster, isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError, ValidationError } from '../../lib/errors';

/**
 * Adding a contact to a company (creating it there, or moving one there): the master-entity rule,
 * except that a company none of whose people can sign in has no owner yet, so anyone signed in
 * may record its contacts — as anyone may record the company itself (ADR 0008).
 */
export const assertMayAttach = (actor: Actor, companyId: number | null, companyHasMembers: boolean): void => {
  if (!canEditMaster(actor, companyId) && companyHasMembers) throw new ForbiddenError();
};

/**
 * A user's account fields (`ACCOUNT_FIELDS`: type, temporary password, sign-in, preferences, last
 * activity) are read by the user themselves and by admins only (ADR 0073).
 */
export const mayReadAccount = (actor: Actor, contactId: number): boolean =>
  actor.id === contactId || isAdmin(actor);

/** Changing an existing contact: an admin, someone of the contact's company, or the contact themselves. */
export const assertMayEdit = (actor: Actor, contact: { id: number; company_id: number | null }): void => {
  if (actor.id !== contact.id && !canEditMaster(actor, contact.company_id)) throw new ForbiddenError();
};

/**
 * A user who can sign in carries rights with their company (the master-entity rule) and signs in
 * with their e-mail. Moving such a user to another company would hand them that company — their
 * own record is theirs to edit, so without this a user could join any company nobody owns yet and
 * take it over (ADR 0036) — so only an admin moves them. Their e-mail is changed only by
 * themselves or an admin, never by a colleague: it is their sign-in name.
 */
export const assertMayChangeAccount = (
  actor: Actor,
  contact: { id: number; company_id: number | null; email: string | null; can_sign_in: boolean },
  next: { company_id: number | null; email: string },
): void => {
  if (isAdmin(actor) || !contact.can_sign_in) return;
  const errors: Record<string, string[]> = {};
  if (next.company_id !== contact.company_id) errors.company_id = [CONTACT_MESSAGES.companyLocked];
  if (actor.id !== contact.id && next.email.toLowerCase() !== (contact.email ?? '').toLowerCase()) {
    errors.email = [CONTACT_MESSAGES.emailLocked];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

export const assertMayDelete = (actor: Actor, contactId: number): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
  if (actor.id === contactId) throw new ForbiddenError(CONTACT_MESSAGES.cannotDeleteSelf);
};

/** `type`, a temporary password and `can_sign_in` are admin-only; from anyone else they are ignored. */
export const maySetAccountFields = (actor: Actor): boolean => isAdmin(actor);

/**
 * An admin's account changes, checked before anything is written (ADR 0065): sign-in turned on
 * needs a password (a new one, or the one the user has); turned off, it takes none; and an admin
 * never locks themselves out — neither their own sign-in nor their own admin rights, so the last
 * admin cannot leave the platform without one.
 */
export const assertAccountChange = (
  actor: Actor,
  contact: { id: number | null; can_sign_in: boolean },
  next: { type?: string | undefined; password?: string | undefined; can_sign_in?: boolean | undefined },
): void => {
  const errors: Record<string, string[]> = {};
  if (next.can_sign_in === true && !next.password && !contact.can_sign_in) {
    errors.password = [CONTACT_MESSAGES.passwordNeeded];
  }
  if (next.can_sign_in === false && next.password) errors.password = [CONTACT_MESSAGES.passwordWithoutSignIn];
  if (contact.id === actor.id) {
    if (next.can_sign_in === false) errors.can_sign_in = [CONTACT_MESSAGES.cannotDisableSelf];
    if (next.type !== undefined && next.type !== 'admin') errors.type = [CONTACT_MESSAGES.cannotDemoteSelf];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
};
