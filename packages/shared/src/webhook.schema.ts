import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.schema';

/**
 * Webhooks (ADR 0098): endpoints an admin registers receive signed deliveries of the
 * changes they subscribe to, following the Standard Webhooks specification (standardwebhooks.com):
 * headers `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64 HMAC-SHA256>`), body
 * `{type, timestamp, data}`.
 */
export const WEBHOOK_EVENT_TYPES = [
  'deal.created',
  'deal.voided',
  'property.updated',
  'property.tenant_changed',
  'enquiry.stage_changed',
  'company.updated',
  'comment.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event's `data` holds: ids to read the record by through the API, and what changed. */
export const webhookEventDataSchemas = {
  'deal.created': z.object({
    id: z.number().int(),
    deal_type: z.string(),
    property_id: z.number().int().nullable(),
    scheme_id: z.number().int().nullable(),
  }),
  'deal.voided': z.object({
    id: z.number().int(),
    deal_type: z.string(),
    property_id: z.number().int().nullable(),
    scheme_id: z.number().int().nullable(),
    reason: z.string(),
  }),
  'property.updated': z.object({ id: z.number().int(), fields: z.array(z.string()) }),
  'property.tenant_changed': z.object({
    id: z.number().int(),
    from_tenant_id: z.number().int().nullable(),
    to_tenant_id: z.number().int().nullable(),
  }),
  'enquiry.stage_changed': z.object({
    id: z.number().int(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  'company.updated': z.object({ id: z.number().int(), fields: z.array(z.string()) }),
  'comment.created': z.object({
    id: z.number().int(),
    entity_type: z.string(),
    entity_id: z.number().int(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventDataSchemas)[T]>;

/** The body of every delivery: the specification's envelope. */
export const webhookEnvelopeSchema = <T extends WebhookEventType>(type: T) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data: webhookEventDataSchemas[type] });

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Every attempt (status, duration, the answer's first bytes) is kept this long. */
export const WEBHOOK_LOG_DAYS = 30;
/** The answer's first bytes kept with an attempt. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 4096;
/** An endpoint failing this long (no success in between) is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;
/**
 * Seconds before each attempt: the Standard Webhooks schedule (immediately, 5 s, 5 min, 30 min,
 * 2 h, 5 h, then 10 h) with eight 10-hour retries, so even with -10% jitter the last attempt is
 * more than 72 hours after the first.
 */
export const WEBHOOK_RETRY_SCHEDULE: readonly number[] = [
  0,
  5,
  300,
  1800,
  7200,
  18000,
  ...Array<number>(8).fill(36000),
];
/** Each delay is stretched or shrunk by up to this fraction, so retries of many deliveries spread out. */
export const WEBHOOK_RETRY_JITTER = 0.1;

/** After a rotation the old secret keeps signing beside the new one this long. */
export const WEBHOOK_ROTATION_HOURS = 24;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full URL, such as https://example.com/hooks.',
  urlHttps: 'The URL must start with https://.',
  urlRefused: 'This address is on a private or local network, which webhooks may not reach.',
  urlCredentials: 'The URL must not contain a user name or password.',
  eventsRequired: 'Choose at least one event.',
  replayed: 'The delivery will be sent again.',
  replayedMany: 'The failed deliveries will be sent again.',
  replayDisabled: 'This webhook is disabled. Enable it before sending deliveries again.',
  rotated: 'A new secret was made. The old one keeps signing for 24 hours.',
  deleted: 'The webhook was deleted.',
  disabledGone: 'The endpoint answered 410 Gone.',
  disabledFailing: 'Every delivery failed for 5 days.',
  disabledNotice: (url: string) => `Webhook to ${url} was disabled: every delivery failed for 5 days.`,
  rangeOrder: 'The end must not be before the start.',
} as const;

const urlSchema = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(WEBHOOK_URL_MAX)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), WEBHOOK_MESSAGES.urlInvalid);
const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((v) => [...new Set(v)]);

export const webhookCreateSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  /** false disables deliveries; true enables them again (and forgets the failures). */
  enabled: z.boolean().optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string(),
  enabled: z.boolean(),
  /** Why the server disabled it (410, failing for 5 days); null when enabled or disabled by hand. */
  disabled_reason: z.string().nullable(),
  /** The first failure since the last success; null when the last delivery succeeded. */
  failing_since: z.string().nullable(),
  /** Until when the secret before the last rotation still signs; null when none does. */
  previous_secret_expires_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create and rotate answers: the endpoint with its secret, shown this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  attempted_at: z.string(),
  /** The HTTP status answered; null when none was (refused address, timeout, connection error). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first 4 KB of the answer. */
  response_body: z.string(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and replay. */
  message_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  /** Newest first. */
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** An instant (ISO 8601) or a day (`yyyy-mm-dd`: from its start, to its end, UTC). */
const instantSchema = z
  .string()
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}($|T)/.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a date.');

export const webhookDeliveriesQuerySchema = pageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

/** Replays every failed delivery of the endpoint created in the range. */
export const webhookReplayRangeSchema = z.object({ from: instantSchema, to: instantSchema });
export type WebhookReplayRange = z.infer<typeof webhookReplayRangeSchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idSchema, delivery_id: idSchema });

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'deal.created': 'A deal was recorded',
  'deal.voided': 'A deal was voided',
  'property.updated': 'A property was changed',
  'property.tenant_changed': "A property's tenant changed",
  'enquiry.stage_changed': "An enquiry's stage changed",
  'company.updated': 'A company was changed',
  'comment.created': 'A comment was posted',
};
