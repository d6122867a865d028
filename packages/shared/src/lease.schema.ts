import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.schema';
import { placeText } from './address.schema';
import { isoDateSchema } from './dates';

/* ─────────────────────────── lease terms ─────────────────────────── */

/**
 * The lease terms a unit and a deal carry beside the spec's dates and clauses: the
 * facts the lease events are worked out from. All optional; the spec's fields are unchanged.
 */
/** Landlord and Tenant Act 1954 Part II: inside it (security of tenure) or contracted out. */
export const SECURITY_OF_TENURE = ['inside_act', 'contracted_out'] as const;
export type SecurityOfTenure = (typeof SECURITY_OF_TENURE)[number];
/** Who may exercise the break. */
export const BREAK_PARTIES = ['tenant', 'landlord', 'mutual'] as const;
export type BreakParty = (typeof BREAK_PARTIES)[number];
/** A fixed break is exercisable on the break date; a rolling break on any date from it on. */
export const BREAK_KINDS = ['fixed', 'rolling'] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];
/** The basis of the rent reviews. */
export const REVIEW_BASES = [
  'open_market_upward_only',
  'open_market',
  'index_linked',
  'index_linked_collared',
  'fixed',
  'turnover',
  'other',
] as const;
export type ReviewBasis = (typeof REVIEW_BASES)[number];

export const LEASE_TERM_LABELS = {
  security_of_tenure: 'Security of Tenure',
  break_party: 'Break Exercisable By',
  break_kind: 'Break Type',
  break_notice_months: 'Break Notice (months)',
  review_interval_years: 'Review Every (years)',
  review_basis: 'Review Basis',
  lease_notes: 'Lease Notes',
} as const;

export const SECURITY_OF_TENURE_LABELS: Record<SecurityOfTenure, string> = {
  inside_act: 'Inside the 1954 Act',
  contracted_out: 'Contracted out',
};
export const BREAK_PARTY_LABELS: Record<BreakParty, string> = {
  tenant: 'Tenant',
  landlord: 'Landlord',
  mutual: 'Mutual',
};
export const BREAK_KIND_LABELS: Record<BreakKind, string> = {
  fixed: 'Fixed date',
  rolling: 'Rolling',
};
export const REVIEW_BASIS_LABELS: Record<ReviewBasis, string> = {
  open_market_upward_only: 'Open market, upward only',
  open_market: 'Open market, upward or downward',
  index_linked: 'Index-linked (RPI/CPI)',
  index_linked_collared: 'Index-linked, collared and capped',
  fixed: 'Fixed increases',
  turnover: 'Turnover',
  other: 'Other',
};

/** Bounds of the numeric terms (a typo like 600 months is refused, not stored). */
export const BREAK_NOTICE_MONTHS_MAX = 60;
export const REVIEW_INTERVAL_YEARS_MAX = 25;

export const LEASE_TERM_MESSAGES = {
  breakNoticeMonths: `The break notice must be a whole number of months from 0 to ${BREAK_NOTICE_MONTHS_MAX}.`,
  reviewIntervalYears: `Reviews must be every 1 to ${REVIEW_INTERVAL_YEARS_MAX} years.`,
} as const;

const blankToNull = (v: unknown) => (v === '' ? null : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToNull, z.enum(values).nullable().optional());
const optionalWhole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .nullable()
      .optional(),
  );

/** The lease-term fields of a property or deal payload (create, update, every deal type). */
export const leaseTermsInputShape = {
  security_of_tenure: optionalEnum(SECURITY_OF_TENURE),
  break_party: optionalEnum(BREAK_PARTIES),
  break_kind: optionalEnum(BREAK_KINDS),
  break_notice_months: optionalWhole(0, BREAK_NOTICE_MONTHS_MAX, LEASE_TERM_MESSAGES.breakNoticeMonths),
  review_interval_years: optionalWhole(1, REVIEW_INTERVAL_YEARS_MAX, LEASE_TERM_MESSAGES.reviewIntervalYears),
  review_basis: optionalEnum(REVIEW_BASES),
  lease_notes: placeText(4000),
};

/** The same fields as a property or deal read answers them (null when not recorded). */
export const leaseTermsReadShape = {
  security_of_tenure: z.enum(SECURITY_OF_TENURE).nullable(),
  break_party: z.enum(BREAK_PARTIES).nullable(),
  break_kind: z.enum(BREAK_KINDS).nullable(),
  break_notice_months: z.number().int().nullable(),
  review_interval_years: z.number().int().nullable(),
  review_basis: z.enum(REVIEW_BASES).nullable(),
  lease_notes: z.string().nullable(),
};

export type LeaseTermKey = keyof typeof leaseTermsReadShape;
export const LEASE_TERM_KEYS = Object.keys(leaseTermsReadShape) as LeaseTermKey[];

/* ─────────────────────────── lease events ─────────────────────────── */

export const LEASE_EVENT_TYPES = [
  'lease_expiry',
  'break_date',
  'break_notice_deadline',
  's25_window_opens',
  's25_window_closes',
  's26_window_opens',
  's26_window_closes',
  's27_deadline',
  'rent_review',
  'regear_prompt',
  'holding_over',
] as const;
export type LeaseEventType = (typeof LEASE_EVENT_TYPES)[number];

/**
 * Hard events are those where time is of the essence (a break, its notice, the statutory
 * deadlines, the contractual expiry): missed by a day, the right is lost. Soft ones are business
 * prompts (reviews, the re-gear prompt, holding over).
 */
export const HARD_LEASE_EVENTS: readonly LeaseEventType[] = [
  'lease_expiry',
  'break_date',
  'break_notice_deadline',
  's25_window_opens',
  's25_window_closes',
  's26_window_opens',
  's26_window_closes',
  's27_deadline',
];
export const isHardLeaseEvent = (t: LeaseEventType): boolean => HARD_LEASE_EVENTS.includes(t);

export const LEASE_EVENT_LABELS: Record<LeaseEventType, string> = {
  lease_expiry: 'Lease expiry',
  break_date: 'Break date',
  break_notice_deadline: 'Break notice deadline',
  s25_window_opens: 's25 notice window opens',
  s25_window_closes: 's25 notice window closes',
  s26_window_opens: 's26 request window opens',
  s26_window_closes: 's26 request window closes',
  s27_deadline: 's27 notice deadline',
  rent_review: 'Rent review',
  regear_prompt: 'Re-gear prompt',
  holding_over: 'Holding over',
};

/** Months before expiry the re-gear prompt falls, unless configured (REGEAR_PROMPT_MONTHS). */
export const REGEAR_PROMPT_MONTHS_DEFAULT = 24;
/** The work list's default range: today to this many days ahead. */
export const LEASE_EVENTS_DEFAULT_DAYS = 90;
/**
 * The most rows an Excel export holds: the XLSX writer builds the whole workbook in memory (it
 * does not stream rows), so it is bounded; CSV streams any number.
 */
export const LEASE_EVENTS_XLSX_MAX_ROWS = 20_000;
/** The widest range one request may ask for. */
export const LEASE_EVENTS_MAX_RANGE_DAYS = 366 * 30;

export const LEASE_EVENT_STATUSES = ['open', 'done', 'dismissed'] as const;
export type LeaseEventStatus = (typeof LEASE_EVENT_STATUSES)[number];

/**
 * An event's id: `<property_id>-<type>-<n>` (n counts the reviews; 0 for the others). Stable
 * while the lease keeps the event, whatever its date becomes: a calendar's UID and a reminder's
 * key.
 */
export const LEASE_EVENT_ID_PATTERN = /^([1-9]\d{0,9})-([a-z0-9_]+)-(\d{1,3})$/;
export const leaseEventIdSchema = z
  .string()
  .regex(LEASE_EVENT_ID_PATTERN)
  .refine((s) => (LEASE_EVENT_TYPES as readonly string[]).includes(LEASE_EVENT_ID_PATTERN.exec(s)![2]!), {
    message: 'Unknown lease event.',
  });

export const leaseEventSchema = z.object({
  id: z.string(),
  property_id: z.number().int(),
  type: z.enum(LEASE_EVENT_TYPES),
  /** yyyy-mm-dd */
  date: z.string(),
  hard: z.boolean(),
  status: z.enum(LEASE_EVENT_STATUSES),
  /** Why it was marked done or dismissed; who and when. */
  status_reason: z.string().nullable(),
  status_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status_at: z.string().nullable(),
  /** The unit, as the lists label it. */
  property: z.object({
    id: z.number().int(),
    label: z.string(),
    building_num: z.string().nullable(),
    full_address: z.string(),
    city: z.string().nullable(),
    post_code: z.string().nullable(),
    scheme: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  tenant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  landlords: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lease_end_date: z.string().nullable(),
  break_party: z.enum(BREAK_PARTIES).nullable(),
  security_of_tenure: z.enum(SECURITY_OF_TENURE).nullable(),
});
export type LeaseEvent = z.infer<typeof leaseEventSchema>;

const csvIds = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? undefined : v.split(',')) : v),
  z.array(idSchema).max(50).optional(),
);
const csvTypes = z.preprocess(
  (v) => (typeof v === 'string' ? (v === '' ? undefined : v.split(',')) : v),
  z.array(z.enum(LEASE_EVENT_TYPES)).max(LEASE_EVENT_TYPES.length).optional(),
);
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean().optional(),
);

/**
 * GET /api/lease-events: events from `from` to `to` inclusive (default today … today + 90 days),
 * sorted by date. `status` defaults to open.
 */
export const leaseEventsQuerySchema = pageQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  type: csvTypes,
  hard: flag,
  property_id: idSchema.optional(),
  scheme_id: csvIds,
  town: z.string().trim().max(100).optional(),
  tenant_id: csvIds,
  landlord_id: csvIds,
  /** Units where my company is tenant, legal tenant, landlord or agent. */
  my_company: flag,
  /** Units I recorded (created, or a deal I recorded on it). */
  mine: flag,
  status: z.enum([...LEASE_EVENT_STATUSES, 'all']).optional(),
});
export type LeaseEventsQuery = z.infer<typeof leaseEventsQuerySchema>;

/** POST /api/lease-events/{id}/done and /dismiss. A hard event needs a reason. */
export const leaseEventActionSchema = z.object({
  reason: placeText(1000),
});
export type LeaseEventAction = z.infer<typeof leaseEventActionSchema>;

export const LEASE_EVENT_MESSAGES = {
  reasonRequired: 'A hard event needs a reason to be marked done or dismissed.',
  notFound: 'This lease event no longer exists: the lease was changed.',
  rangeTooWide: `The date range may span at most ${LEASE_EVENTS_MAX_RANGE_DAYS} days.`,
  rangeReversed: 'The range must end on or after its start.',
  xlsxTooMany: `An Excel export holds at most ${LEASE_EVENTS_XLSX_MAX_ROWS.toLocaleString('en-GB')} events: narrow the filters, or export CSV.`,
} as const;

/* ─────────────────────────── calendar feed ─────────────────────────── */

/**
 * A user's calendar feed (ADR 0090): a secret URL a calendar subscribes to. The token is
 * `frf_` + 32 random bytes in base64url; the prefix makes a leaked one recognisable (secret
 * scanners, logs).
 */
export const CALENDAR_FEED_TOKEN_PREFIX = 'frf_';
export const CALENDAR_FEED_TOKEN_PATTERN = /^frf_[A-Za-z0-9_-]{43}$/;
/** The feed holds events from this many days back … */
export const CALENDAR_FEED_DAYS_BACK = 30;
/** … to this many months ahead. */
export const CALENDAR_FEED_MONTHS_AHEAD = 24;
/** A removed event stays in the feed, cancelled, this many days. */
export const CALENDAR_FEED_CANCELLED_DAYS = 30;
/** At most this many events, the earliest first. */
export const CALENDAR_FEED_MAX_EVENTS = 10_000;

/** POST /api/settings/calendar-feed: the new URL, shown once. */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;
/** GET /api/settings/calendar-feed: whether a feed exists and since when; never the secret. */
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const CALENDAR_FEED_TEXT = {
  title: 'Calendar feed',
  intro:
    'Subscribe to your lease events (breaks, notice deadlines, reviews, expiries) in Google Calendar, Outlook or Apple Calendar with this private address. Anyone who has it can read the events, so keep it to yourself.',
  refresh:
    'Google may take up to a day to refresh a subscription. Frontage’s own reminders do not depend on the feed.',
  none: 'You have no calendar feed.',
  active: 'Your calendar feed is active.',
  shownOnce: 'Copy the address now: for your security it is shown only once. Regenerate it to get a new one.',
  create: 'Create Feed URL',
  copy: 'Copy',
  copied: 'Feed URL copied.',
  regenerate: 'Regenerate',
  revoke: 'Revoke',
  regenerateConfirm: 'Regenerate the feed URL? Calendars subscribed to the current one stop updating.',
  revokeConfirm: 'Revoke the feed URL? Calendars subscribed to it stop updating.',
  revoked: 'Calendar feed revoked.',
  calendarName: 'Frontage lease events',
} as const;
/* ─────────────────────────── the work list's export ─────────────────────────── */

export const LEASE_EVENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type LeaseEventExportFormat = (typeof LEASE_EVENT_EXPORT_FORMATS)[number];

/** GET /api/lease-events/export: the list's filters (every matching event, not a page) and the format. */
export const leaseEventsExportQuerySchema = leaseEventsQuerySchema
  .omit({ page: true, per_page: true })
  .extend({
    format: z.enum(LEASE_EVENT_EXPORT_FORMATS).default('csv'),
  });
export type LeaseEventsExportQuery = z.infer<typeof leaseEventsExportQuerySchema>;

/** The export's columns, in order (dates dd/mm/yyyy). */
export const LEASE_EVENT_EXPORT_COLUMNS = [
  'Date',
  'Event',
  'Hard',
  'Status',
  'Unit',
  'Address',
  'Town',
  'Post Code',
  'Scheme',
  'Tenant',
  'Landlords',
  'Lease End',
  'Break Exercisable By',
  'Security of Tenure',
  'Status Reason',
  'Status By',
  'Status Date',
  'Event Id',
] as const;
