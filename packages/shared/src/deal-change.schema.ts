import { z } from 'zod';
import { ADMIN_ONLY_DEAL_TYPES, dealLeftFieldSchema, dealSchema } from './deal-read.schema';
import type { DealType } from './enums';
import { isAdmin, type Actor } from './permissions';

/*
 * Correcting and voiding a recorded deal (ADR 0077): PUT /api/deals/{id} takes the same
 * body as POST /api/deals (its type and place cannot change) with If-Match; DELETE /api/deals/{id}
 * takes `{ "reason": "…" }`. Both answer the fields they left because a later change overwrote
 * the deal's value there, in `meta.left_fields`.
 */

/** The longest reason a void keeps. */
export const DEAL_VOID_REASON_MAX = 500;

export const DEAL_CHANGE_MESSAGES = {
  voided: 'The deal has been voided.',
  corrected: 'The deal has been corrected.',
  reasonRequired: 'Give a reason for voiding this deal.',
  reasonTooLong: `The reason may not be longer than ${DEAL_VOID_REASON_MAX} characters.`,
  alreadyVoided: 'This deal has already been voided.',
  voidedCannotCorrect: 'This deal has been voided, so it can no longer be corrected.',
  typeCannotChange: "A deal's type cannot be changed: void it and record the right deal.",
  placeCannotChange: "A deal's property or scheme cannot be changed: void it and record it on the right one.",
  notAllowed: 'Only the person who recorded this deal, someone of their company or an admin may change it.',
  trackedRetailerAdminOnly: 'Only admins may change a tracked retailer deal.',
} as const;

/** DELETE /api/deals/{id}: why the deal is voided (required, trimmed). */
export const dealVoidBodySchema = z.object({
  reason: z
    .string({ error: DEAL_CHANGE_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: DEAL_CHANGE_MESSAGES.reasonRequired, abort: true })
    .max(DEAL_VOID_REASON_MAX, { error: DEAL_CHANGE_MESSAGES.reasonTooLong }),
});
export type DealVoidBody = z.input<typeof dealVoidBodySchema>;

const leftMeta = z.object({ left_fields: z.array(dealLeftFieldSchema) });

/** PUT /api/deals/{id}: the corrected deal, and the fields the correction left. */
export const dealCorrectAnswerSchema = z.object({ data: dealSchema, meta: leftMeta });
export type DealCorrectAnswer = z.infer<typeof dealCorrectAnswerSchema>;

/** DELETE /api/deals/{id}: the voided deal as GET now reads it, and the fields the void left. */
export const dealVoidAnswerSchema = z.object({
  status: z.literal('success'),
  msg: z.string(),
  data: dealSchema,
  meta: leftMeta,
});
export type DealVoidAnswer = z.infer<typeof dealVoidAnswerSchema>;

/** What the rule needs to know of a deal. */
export interface DealOwnership {
  deal_type: DealType;
  created_by: { id: number } | null;
  created_by_company_id?: number | null | undefined;
}

/**
 * Who may correct or void a deal: an admin; for any other user, never a tracked
 * retailer deal (admins record those), else the user who recorded it or anyone of that user's
 * company. The server's policy and the deal view's buttons both ask this.
 */
export const canChangeDeal = (actor: Actor | null | undefined, deal: DealOwnership): boolean => {
  if (!actor) return false;
  if (isAdmin(actor)) return true;
  if ((ADMIN_ONLY_DEAL_TYPES as readonly string[]).includes(deal.deal_type)) return false;
  if (deal.created_by === null) return false;
  if (deal.created_by.id === actor.id) return true;
  const company = deal.created_by_company_id ?? null;
  return actor.company_id !== null && company !== null && actor.company_id === company;
};
