import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.schema';
import { historyEntrySchema } from './history.schema';

/**
 * The verification queue (/core): every unverified field change of properties,
 * schemes and addresses, grouped by the record it changed, oldest waiting first. Admins verify or
 * reject one change or many; rejecting restores the previous value and records that in history.
 *
 * GET  /api/core/verification-queue          → Page<VerificationQueueGroup> (pages of records)
 * POST /api/core/verification-queue/verify   { ids } → { verified }
 * POST /api/core/verification-queue/reject   { ids } → { rejected }
 */

export const VERIFICATION_QUEUE_ENTITY_TYPES = ['property', 'scheme', 'address'] as const;

export const verificationQueueQuerySchema = pageQuerySchema.extend({
  /** Only changes made by this user. */
  user_id: idSchema.optional(),
  /** Only changes made on or after / on or before these dates (yyyy-mm-dd, inclusive). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  entity_type: z.enum(VERIFICATION_QUEUE_ENTITY_TYPES).optional(),
});
export type VerificationQueueQuery = z.input<typeof verificationQueueQuerySchema>;

/** The changes waiting on one record, oldest first. */
export const verificationQueueGroupSchema = z.object({
  entity_type: z.enum(VERIFICATION_QUEUE_ENTITY_TYPES),
  entity_id: z.number().int(),
  /** The address of a property or address, the name of a scheme. */
  label: z.string(),
  /** Where the record opens: the property (for a property or its address) or the scheme. */
  link: z.object({ kind: z.enum(['property', 'scheme']), id: z.number().int() }).nullable(),
  changes: z.array(historyEntrySchema),
  /** Every unverified change of the record under the filters (changes holds at most 50). */
  total_changes: z.number().int(),
  oldest_at: z.string(),
});
export type VerificationQueueGroup = z.infer<typeof verificationQueueGroupSchema>;

export const VERIFICATION_QUEUE_MAX_IDS = 500;

export const verificationQueueIdsSchema = z.object({
  ids: z.array(idSchema).min(1).max(VERIFICATION_QUEUE_MAX_IDS),
});
export type VerificationQueueIds = z.input<typeof verificationQueueIdsSchema>;

export const VERIFICATION_QUEUE_MESSAGES = {
  verified: 'The changes have been verified.',
  rejected: 'The changes have been rejected and the previous values restored.',
  notFound: 'One of the changes no longer exists or has already been verified.',
  laterChange: 'A later change of this field is waiting: reject it first, or verify this one.',
  cannotReject: 'This change cannot be rejected here; edit the record instead.',
} as const;
