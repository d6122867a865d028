import { z } from 'zod';
import { pageQuerySchema } from './api.schema';
import { DEAL_TYPES } from './enums';

/** 'company' and 'user': edits of a company or contact record (ADR 0091), read by their Activity timelines. */
export const HISTORY_ENTITY_TYPES = ['property', 'scheme', 'address', 'enquiry', 'company', 'user'] as const;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];

/**
 * Where a change came from. Deal wizards record 'deal' with their deal_id; correcting or voiding
 * that deal records 'deal_correction' / 'deal_void' with the same deal_id (ADR 0077).
 */
export const HISTORY_SOURCES = [
  'create',
  'update',
  'areas',
  'address',
  'deal',
  'set_me_as_contact',
  'seed',
  'delete',
  'reject',
  'reconcile',
  'archive',
  'restore',
  'deal_correction',
  'deal_void',
] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];
/** Where a change came from, as the History panel names it (a deal shows its deal type). */
export const HISTORY_SOURCE_LABELS: Readonly<Record<HistorySource, string>> = {
  create: 'Created',
  update: 'Edited',
  areas: 'Areas edited',
  address: 'Address edited',
  deal: 'Deal',
  set_me_as_contact: 'Set me as contact',
  seed: 'Seed data',
  delete: 'Deleted',
  reject: 'Rejected',
  reconcile: 'Store list',
  archive: 'Archived',
  restore: 'Restored',
  deal_correction: 'Deal corrected',
  deal_void: 'Deal voided',
};

/**
 * One recorded change of a field (docs/architecture.md §3): old and new values are JSON — a scalar,
 * or a list of ids for a party list. Changes by admins are verified at once; others wait for an
 * admin. For an address of a property, `entity_type` is 'address'.
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(HISTORY_ENTITY_TYPES),
  entity_id: z.number().int(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  /**
   * old_value / new_value as a user reads them (names, dd/mm/yyyy, £45,000.50, "1,250 sq ft",
   * Yes/No, labels); null when there is no value. Optional: an older server does not send them.
   */
  old_display: z.string().nullable().optional(),
  new_display: z.string().nullable().optional(),
  source: z.string(),
  deal_id: z.number().int().nullable(),
  /** The type of the deal that made the change, when the server knows it (with the deals table). */
  deal_type: z.enum(DEAL_TYPES).nullable().optional(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  verified: z.boolean(),
  verified_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  verified_at: z.string().nullable(),
  /** An admin rejected the change (its previous value was restored, itself a 'reject' entry). */
  rejected: z.boolean().optional(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/properties/{id}/history and /api/schemes/{id}/history: newest first. */
export const historyListQuerySchema = pageQuerySchema.extend({
  /** Only unverified changes. */
  unverified: z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type HistoryListQuery = z.input<typeof historyListQuerySchema>;

/**
 * PUT /api/properties/{id}/history/verify (admin): verifies every unverified change of the
 * property (its address included), or only those of `fields` when given. PUT /api/history/{id}/verify
 * takes no body.
 */
export const historyVerifyBodySchema = z
  .object({ fields: z.array(z.string().trim().min(1).max(64)).max(100).optional() })
  .optional()
  .default({});
export type HistoryVerifyBody = z.input<typeof historyVerifyBodySchema>;

export const historyVerifyResultSchema = z.object({ verified: z.number().int() });

export const HISTORY_MESSAGES = {
  verified: 'The changes have been verified.',
  contactAdded: 'You have been added as a contact.',
  alreadyContact: 'You are already a contact of this property.',
} as const;
