import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { XHR, buildCompany, buildUser, resetData, sessionCookie } from './helpers';
import type { buildWebhookApp } from './webhooks.fixtures';
import { dropWebhookJobs, type Receiver } from './webhooks.fixtures';

export type App = Awaited<ReturnType<typeof buildWebhookApp>>;

/** An admin (signed in), a property and a tenant company to record a letting with. */
export const world = async (t: App, rx: Receiver) => {
  await resetData();
  await dropWebhookJobs();
  rx.reset();
  const admin = await buildUser({ type: 'admin' });
  const cookie = await sessionCookie(t.app, admin);
  const tenant = await buildCompany({ name: 'Greggs' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { ...XHR, cookie },
    payload: { building_num: '4', address: { street: 'Briggate', city: 'Leeds', post_code: 'LS1 6HD' } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const property = res.json().data as { id: number };
  const letting = () => ({
    deal_type: 'new_letting',
    property_id: property.id,
    effective_date: '2026-04-01',
    tenant_id: tenant.id,
    rent_pa: '50000',
    lease_start_date: '2026-04-01',
    lease_end_date: '2036-03-31',
  });
  const recordLetting = async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/deals',
      headers: { ...XHR, cookie },
      payload: letting(),
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data as { id: number };
  };
  return { admin, cookie, tenant, property, letting, recordLetting };
};

export const verify = (secret: string, r: { headers: Record<string, unknown>; body: string }) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
