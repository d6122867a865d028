/**
 * The OpenAPI 3.1 `webhooks` section (ADR 0098): one entry per event type, the envelope its
 * deliveries carry and the Standard Webhooks headers that sign it.
 */
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, webhookEnvelopeSchema } from '@frontage/shared';
import { z } from 'zod';

const header = (description: string) => ({
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

export const webhookEventsDocument = (): Record<string, unknown> =>
  Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: WEBHOOK_EVENT_LABELS[type],
          description:
            'Sent to every enabled endpoint subscribed to this event, signed as Standard Webhooks specifies ' +
            '(verify with the `standardwebhooks` package and the endpoint secret). Answer 2xx within 15 s; any ' +
            'other answer is retried over more than 72 hours, 410 disables the endpoint.',
          parameters: [
            { name: 'webhook-id', ...header('The message id: the same on every retry and replay') },
            { name: 'webhook-timestamp', ...header('Seconds since the epoch when this attempt was signed') },
            {
              name: 'webhook-signature',
              ...header(
                '`v1,<base64 HMAC-SHA256>`; two, space-separated, for 24 hours after a secret rotation',
              ),
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookEnvelopeSchema(type), { target: 'draft-2020-12' }),
              },
            },
          },
          responses: { '200': { description: 'Received (any 2xx)' } },
        },
      },
    ]),
  );
