import {
  ADMIN_ONLY_DEAL_TYPES,
  DEAL_CHANGE_MESSAGES,
  DEAL_READ_MESSAGES,
  canChangeDeal,
  isAdmin,
  type Actor,
  type DealOwnership,
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

/**
 * Correcting or voiding a deal (ADR 0077): canChangeDeal (packages/shared, also the deal
 * view's buttons) — its recorder, anyone of the recorder's company, or an admin; a tracked
 * retailer deal only an admin.
 */
export const assertCanChangeDeal = (actor: Actor, deal: DealOwnership): void => {
  if (canChangeDeal(actor, deal)) return;
  throw new ForbiddenError(
    (ADMIN_ONLY_DEAL_TYPES as readonly string[]).includes(deal.deal_type)
      ? DEAL_CHANGE_MESSAGES.trackedRetailerAdminOnly
      : DEAL_CHANGE_MESSAGES.notAllowed,
  );
};
