import { z } from 'zod';
import { CURRENCY_CHOICES, THEMES, USER_TYPES } from './enums';

export const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core_id: z.string().nullable(),
  domain: z.string().nullable(),
  phone: z.string().nullable(),
  is_verified: z.boolean(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const userSettingsSchema = z.object({
  theme: z.enum(THEMES),
  hidden_videos: z.array(z.string()),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A contact (the application calls them users). Never carries a password or token. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company: companySummarySchema.nullable().optional(),
  direct_dial: z.string().nullable(),
  mobile: z.string().nullable(),
  type: z.enum(USER_TYPES),
  is_temp: z.boolean(),
  /** The user has a password (ADR 0065); the password itself never leaves the server. */
  can_sign_in: z.boolean(),
  currency: z.enum(CURRENCY_CHOICES),
  settings: userSettingsSchema,
  last_activity: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Single-record reads: the version an edit names in If-Match (ADR 0060). */
  version: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A user's account: who is an admin, who is on a temporary password, who can sign in, their
 * preferences and when they were last active. Only the user themselves and admins read them
 * (ADR 0073); everyone else reads a contact's name, e-mail, phones and company.
 */
export const ACCOUNT_FIELDS = [
  'type',
  'is_temp',
  'can_sign_in',
  'currency',
  'settings',
  'last_activity',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/**
 * A contact as /api/users answers it (list, record, create, edit): the user shape, its account
 * fields present only for the user themselves and for admins (ADR 0073). /api/auth/me is always
 * the user themselves: `userSchema`.
 */
export const contactSchema = userSchema.partial({
  type: true,
  is_temp: true,
  can_sign_in: true,
  currency: true,
  settings: true,
  last_activity: true,
});
export type Contact = z.infer<typeof contactSchema>;
