import type { Webhook, WebhookDelivery, WebhookDeliveryStatus, WebhookEventType } from '@frontage/shared';
import type { AttemptRow, DeliveryRow, EndpointRow } from './webhooks.repository';

/** An endpoint as the API shows it: never its secrets. */
export const presentEndpoint = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events as WebhookEventType[],
  description: r.description,
  enabled: r.enabled,
  disabled_reason: r.disabled_reason,
  failing_since: r.failing_since?.toISOString() ?? null,
  previous_secret_expires_at: r.previous_secret_expires_at?.toISOString() ?? null,
  created_by: r.created_by,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const presentDelivery = (
  r: { delivery: DeliveryRow; message_id: string; type: string },
  attempts: readonly AttemptRow[],
): WebhookDelivery => ({
  id: r.delivery.id,
  message_id: r.message_id,
  event_type: r.type as WebhookEventType,
  status: r.delivery.status as WebhookDeliveryStatus,
  attempt_count: r.delivery.attempt_count,
  next_attempt_at: r.delivery.next_attempt_at?.toISOString() ?? null,
  created_at: r.delivery.created_at.toISOString(),
  attempts: attempts
    .filter((a) => a.delivery_id === r.delivery.id)
    .map((a) => ({
      attempted_at: a.attempted_at.toISOString(),
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      response_body: a.response_body,
      error: a.error,
    })),
});
