import { ENQUIRY_MESSAGES, isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/** Who recorded an enquiry: its author and the author's current company (ADR 0050). */
export interface EnquiryAuthorship {
  created_by: number | null;
  creator_company_id: number | null;
}

/**
 * Reading and recording enquiries is open to any signed-in user (shared research data, API.md).
 * Editing and deleting one is for its author, anyone of the author's current company, or an admin
 * (ADR 0050). An enquiry whose author was deleted is left to admins.
 */
export const canEditEnquiry = (actor: Actor, e: EnquiryAuthorship): boolean =>
  isAdmin(actor) ||
  (e.created_by !== null &&
    (e.created_by === actor.id || (actor.company_id !== null && e.creator_company_id === actor.company_id)));

export const assertCanEditEnquiry = (actor: Actor, e: EnquiryAuthorship): void => {
  if (!canEditEnquiry(actor, e)) throw new ForbiddenError(ENQUIRY_MESSAGES.forbidden);
};
