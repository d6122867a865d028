import { sql } from 'drizzle-orm';

/**
 * A new webhook message id (Standard Webhooks' `webhook-id`): `msg_` and 32 hex digits, made by
 * the database, so the outbox's one-row insert and the set-based ones (a merge, a scheme's
 * archive: one row per unit in one statement) make it the same way (ADR 0098).
 */
export const newWebhookMessageId = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;
