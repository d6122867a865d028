import { z } from 'zod';

/**
 * Screens whose interface state (filters, sort, page size …) is saved per user (spec A §3: map,
 * companies, properties and schemes filters, enquiries per property; contacts, deals, comparables and the pipelines board and the lease-events work list added by us).
 */
export const UI_STATE_SCREENS = [
  'map',
  'companies',
  'contacts',
  'properties',
  'schemes',
  'enquiries',
  'deals',
  'comparables',
  'pipelines',
  'enquiry_list',
  'tracked_retailers',
  'core_retailers',
  'verification_queue',
  'gap_analysis',
  'lease_events',
] as const;
export type UiStateScreen = (typeof UI_STATE_SCREENS)[number];

/** Saved state is a small JSON object; bigger is refused (422). */
export const UI_STATE_MAX_BYTES = 8 * 1024;

export const uiStateSchema = z.object({
  screen: z.enum(UI_STATE_SCREENS),
  state: z.record(z.string(), z.unknown()),
  updated_at: z.string().nullable(),
});
export type UiState = z.infer<typeof uiStateSchema>;

export const UI_STATE_MESSAGES = { tooLarge: 'The saved state is too large.' } as const;

/** PUT /api/ui-state/{screen} */
export const uiStateBodySchema = z.object({
  state: z
    .record(z.string(), z.unknown())
    .refine((s) => JSON.stringify(s).length <= UI_STATE_MAX_BYTES, UI_STATE_MESSAGES.tooLarge),
});
