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
