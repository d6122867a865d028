import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { testDb } from '../helpers';
import type { MatrixRows } from './types';

/** Webhooks are admins' (ADR 0098). */
const adminOnly = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: 403,
  other_company: 403,
});

/** An endpoint with one failed delivery of one change. */
const endpoint = async () => {
  const db = await testDb();
  const [hook] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_endpoints (url, events, secret) values ('https://hooks.example.com/frontage', '{deal.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') returning id`,
  );
  const [event] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_events (message_id, type, data, dispatched_at) values ('msg_matrix', 'deal.created', '{"id": 1}', now()) returning id`,
  );
  const [delivery] = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_deliveries (endpoint_id, event_id, status, queued, attempt_count) values (${hook!.id}, ${event!.id}, 'failed', false, 1) returning id`,
  );
  return { id: hook!.id, delivery: delivery!.id };
};
const body = {
  url: 'https://hooks.example.com/frontage',
  events: ['deal.created', 'deal.voided'],
  description: 'Books',
};

export const rows: MatrixRows = {
  'GET /api/webhooks': { setup: endpoint, url: () => '/api/webhooks', expect: adminOnly(200) },
  'POST /api/webhooks': { url: () => '/api/webhooks', body, expect: adminOnly(201) },
  'GET /api/webhooks/{id}': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}`,
    expect: adminOnly(200),
  },
  'PATCH /api/webhooks/{id}': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}`,
    body: { enabled: false },
    expect: adminOnly(200),
  },
  'DELETE /api/webhooks/{id}': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}`,
    expect: adminOnly(200),
  },
  'POST /api/webhooks/{id}/rotate-secret': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}/rotate-secret`,
    expect: adminOnly(200),
  },
  'GET /api/webhooks/{id}/deliveries': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}/deliveries?status=failed`,
    expect: adminOnly(200),
  },
  'POST /api/webhooks/{id}/deliveries/{delivery_id}/replay': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}/deliveries/${m.delivery}/replay`,
    expect: adminOnly(200),
  },
  'POST /api/webhooks/{id}/deliveries/replay': {
    setup: endpoint,
    url: (_w, m) => `/api/webhooks/${m.id}/deliveries/replay`,
    body: { from: '2020-01-01', to: '2100-01-01' },
    expect: adminOnly(200),
  },
};
