import {
  ADMIN_ONLY_DEAL_TYPES,
  DEAL_READ_MESSAGES,
  isAdmin,
  type Actor,
  type DealType,
} from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Deals are shared research data: any signed-in user may record them (API.md). A tracked retailer
 * deal — an occupier change observed without knowing the deal — is for admins only (spec B §6).
 */
export const canRecordDeal = (actor: Actor, dealType: DealType): boolean =>
  isAdmin(actor) || !(ADMIN_ONLY_DEAL_TYPES as readonly string[]).includes(dealType);

export const assertCanRecordDeal = (actor: Actor, dealType: DealType): void => {
  if (!canRecordDeal(actor, dealType)) throw new ForbiddenError(DEAL_READ_MESSAGES.trackedRetailerAdminOnly);
};
