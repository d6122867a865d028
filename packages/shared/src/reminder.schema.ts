import { z } from 'zod';
import { LEASE_EVENT_LABELS, type LeaseEventType } from './lease.schema';
import { formatDate } from './dates';

/**
 * Lease-event reminders (ADR 0089): which units' events a user is reminded of, which kinds, how
 * many days before, and whether by e-mail as well as in the app.
 *
 * - `mine`: units the user created or recorded a deal on;
 * - `my_company`: units where the user's company is tenant, legal tenant, landlord or an agent;
 * - `watched`: units the user watches, the units of schemes they watch, and the units of companies
 *   they watch (as tenant, legal tenant, landlord or agent) — watch.schema.ts.
 */
export const REMINDER_SCOPES = ['mine', 'my_company', 'watched'] as const;
export type ReminderScope = (typeof REMINDER_SCOPES)[number];

export const REMINDER_SCOPE_LABELS: Record<ReminderScope, string> = {
  mine: 'Units I created or recorded a deal on',
  my_company: "My company's units (tenant, landlord or agent)",
  watched: 'Units, schemes and companies I watch',
};

export const REMINDER_OFFSET_MAX_DAYS = 730;
/** More offsets than anyone needs, few enough that a sweep stays small. */
export const REMINDER_OFFSETS_MAX = 12;
export const REMINDER_HARD_OFFSETS_DEFAULT = [180, 90, 30, 7] as const;
export const REMINDER_SOFT_OFFSETS_DEFAULT = [90] as const;

/** The notification type of a lease reminder (the bell renders it with its own icon). */
export const LEASE_REMINDER_NOTIFICATION_TYPE = 'lease_reminder';

export const REMINDER_MESSAGES = {
  offsetRange: `Enter a whole number of days from 0 to ${REMINDER_OFFSET_MAX_DAYS}`,
  offsetsMax: `At most ${REMINDER_OFFSETS_MAX} reminder days`,
  offsetsDuplicate: 'Each reminder day once',
} as const;

const offsetsSchema = z
  .array(
    z
      .number({ error: REMINDER_MESSAGES.offsetRange })
      .int({ error: REMINDER_MESSAGES.offsetRange })
      .min(0, { error: REMINDER_MESSAGES.offsetRange })
      .max(REMINDER_OFFSET_MAX_DAYS, { error: REMINDER_MESSAGES.offsetRange }),
  )
  .max(REMINDER_OFFSETS_MAX, { error: REMINDER_MESSAGES.offsetsMax })
  .refine((a) => new Set(a).size === a.length, { error: REMINDER_MESSAGES.offsetsDuplicate });

/** PUT /api/settings/reminders: the whole preference (a form sends all of it). */
export const reminderPreferencesBodySchema = z.strictObject({
  scopes: z.array(z.enum(REMINDER_SCOPES)).max(REMINDER_SCOPES.length),
  hard: z.boolean(),
  soft: z.boolean(),
  hard_offsets: offsetsSchema,
  soft_offsets: offsetsSchema,
  email: z.boolean(),
});
export type ReminderPreferencesBody = z.infer<typeof reminderPreferencesBodySchema>;

/** GET/PUT /api/settings/reminders' answer. */
export const reminderPreferencesSchema = reminderPreferencesBodySchema.extend({
  /** E-mail was turned off by the unsubscribe link in a reminder (the profile offers to undo it). */
  email_unsubscribed_at: z.string().nullable(),
  /** E-mail reminders can be sent at all (SMTP is configured and the user has an address). */
  email_available: z.boolean(),
});
export type ReminderPreferences = z.infer<typeof reminderPreferencesSchema>;

export const REMINDER_PREFERENCES_DEFAULT: ReminderPreferencesBody = {
  scopes: ['mine', 'my_company', 'watched'],
  hard: true,
  soft: true,
  hard_offsets: [...REMINDER_HARD_OFFSETS_DEFAULT],
  soft_offsets: [...REMINDER_SOFT_OFFSETS_DEFAULT],
  email: true,
};

/** Offsets in descending order, as the profile shows them and the server stores them. */
export const sortOffsets = (offsets: readonly number[]): number[] =>
  [...new Set(offsets)].sort((a, b) => b - a);

/** "in 30 days", "tomorrow", "today". */
export const daysAhead = (days: number): string =>
  days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;

/** The one line of a reminder, in the bell and as the e-mail's subject. */
export const leaseReminderMessage = (
  type: LeaseEventType,
  unit: string,
  date: string,
  days: number,
): string => `${LEASE_EVENT_LABELS[type]}: ${unit}, ${formatDate(date)} (${daysAhead(days)})`;
