/**
 * Webhooks (ADR 0098): endpoints managed by admins, the outbox written in the change's
 * transaction, deliveries signed as Standard Webhooks specifies (checked with the
 * `standardwebhooks` package), the retry schedule, 410, Retry-After, rotation, the 5-day disable,
 * the delivery log with replay (refused while the endpoint is disabled), and the SSRF guard.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES } from '@frontage/shared';
import { queryRows } from '../src/db/client';
import { recordDeal } from '../src/modules/deals/deals.service';
import { WAIT_MS, XHR } from './helpers';
import {
  buildWebhookApp,
  createWebhook,
  deliveriesOf,
  outboxTypes,
  settledDelivery,
  startReceiver,
  type Receiver,
} from './webhooks.fixtures';
import { verify, world, type App } from './webhooks-world';

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

describe('webhooks with the immediate schedule', () => {
  let t: App;
  beforeAll(async () => {
    t = await buildWebhookApp({ WEBHOOKS_RETRY_SCHEDULE: '0' });
  });
  afterAll(() => t.close());

  it('answers the secret once, never again, and validates the endpoint', async () => {
    const w = await world(t, rx);
    const hook = await createWebhook(t, w.cookie, {
      url: rx.url(),
      events: ['deal.created'],
      description: 'Books',
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(read.json().data).toMatchObject({ url: rx.url(), events: ['deal.created'], enabled: true });
    expect(read.body).not.toContain(hook.secret);
    expect(read.json().data.secret).toBeUndefined();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(list.body).not.toContain(hook.secret);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { ...XHR, cookie: w.cookie },
      payload: { url: 'not a url', events: ['deal.lost'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0', 'url']);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: { ...XHR, cookie: w.cookie },
      payload: { url: rx.url(), events: [] },
    });
    expect(none.json().errors).toEqual({ events: [WEBHOOK_MESSAGES.eventsRequired] });

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
      payload: { events: ['deal.created', 'deal.voided'], enabled: false },
    });
    expect(patched.json().data).toMatchObject({ events: ['deal.created', 'deal.voided'], enabled: false });
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(gone.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it('delivers a recorded deal signed as Standard Webhooks specifies, and logs the attempt', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 200, body: 'thanks' });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    const deal = await w.recordLetting();
    await rx.waitFor(1);
    const [r] = rx.received;
    expect(r!.headers['content-type']).toBe('application/json');
    expect(String(r!.headers['webhook-id'])).toMatch(/^msg_/);
    expect(verify(hook.secret, r!)).toEqual({
      type: 'deal.created',
      timestamp: expect.any(String),
      data: { id: deal.id, deal_type: 'new_letting', property_id: w.property.id, scheme_id: null },
    });
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, r!)).toThrow();
    const d = await settledDelivery(t, w.cookie, hook.id);
    expect(d).toMatchObject({
      status: 'succeeded',
      event_type: 'deal.created',
      attempt_count: 1,
      message_id: r!.headers['webhook-id'],
    });
    expect(d.attempts[0]).toMatchObject({ status_code: 200, response_body: 'thanks', error: null });
  });

  it('writes the outbox in the change’s transaction: a rolled-back change sends nothing', async () => {
    const w = await world(t, rx);
    const hook = await createWebhook(t, w.cookie, {
      url: rx.url(),
      events: ['deal.created', 'property.updated'],
    });
    await expect(
      t.db.transaction(async (tx) => {
        await recordDeal(
          tx,
          { id: w.admin.id, type: 'admin', company_id: null, name: 'A' } as never,
          w.letting() as never,
        );
        throw new Error('the change fails after the deal was recorded');
      }),
    ).rejects.toThrow('the change fails');
    expect(await outboxTypes(t)).toEqual([]);
    // A change that commits afterwards arrives, and is the only one.
    const deal = await w.recordLetting();
    await rx.waitFor(2);
    await settledDelivery(t, w.cookie, hook.id);
    const types = rx.received.map((r) => JSON.parse(r.body) as { type: string; data: { id: number } });
    expect(types.map((b) => b.type).sort()).toEqual(['deal.created', 'property.updated']);
    expect(types.find((b) => b.type === 'deal.created')!.data.id).toBe(deal.id);
    expect((await deliveriesOf(t, w.cookie, hook.id)).meta.pagination.total).toBe(2);
  });

  it('counts a redirect as a failure and never follows it; replay sends the same message again', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 302, headers: { location: rx.url('/elsewhere') } }, { status: 200 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    const failed = await settledDelivery(t, w.cookie, hook.id);
    expect(failed).toMatchObject({ status: 'failed', attempt_count: 1 });
    expect(failed.attempts[0]).toMatchObject({ status_code: 302, error: 'redirect (302) not followed' });
    expect(rx.received.map((r) => r.path)).toEqual(['/hook']);

    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/${failed.id}/replay`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(replay.json()).toMatchObject({ status: 'success', msg: WEBHOOK_MESSAGES.replayed });
    await rx.waitFor(2);
    expect(rx.received[1]!.headers['webhook-id']).toBe(rx.received[0]!.headers['webhook-id']);
    verify(hook.secret, rx.received[1]!);
    const done = await settledDelivery(t, w.cookie, hook.id);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(done.attempts.map((a) => a.status_code)).toEqual([200, 302]);
  });

  it('refuses to replay while the endpoint is disabled, and writes nothing', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 }, { status: 200 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    const failed = await settledDelivery(t, w.cookie, hook.id);
    expect(failed.status).toBe('failed');
    const toggle = (enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${hook.id}`,
        headers: { ...XHR, cookie: w.cookie },
        payload: { enabled },
      });
    expect((await toggle(false)).statusCode).toBe(200);
    const rows = () =>
      queryRows(
        t.db,
        sql`select status, step, seq, queued, attempt_count, next_attempt_at from webhook_deliveries`,
      );
    const before = await rows();
    const one = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/webhooks/${hook.id}/deliveries/${failed.id}/replay`,
        headers: { ...XHR, cookie: w.cookie },
      });
    const refused = await one();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: WEBHOOK_MESSAGES.replayDisabled });
    const day = new Date().toISOString().slice(0, 10);
    const range = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/replay`,
      headers: { ...XHR, cookie: w.cookie },
      payload: { from: day, to: day },
    });
    expect(range.statusCode).toBe(409);
    expect(range.json()).toEqual({ msg: WEBHOOK_MESSAGES.replayDisabled });
    expect(await rows()).toEqual(before);
    expect((await deliveriesOf(t, w.cookie, hook.id)).data[0]).toMatchObject({
      status: 'failed',
      attempt_count: 1,
    });
    // Enabled again, the same delivery goes.
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await one()).statusCode).toBe(200);
    await rx.waitFor(2);
    expect(await settledDelivery(t, w.cookie, hook.id)).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
    });
  });

  it('replays every failed delivery of a time range, and filters the log', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 }, { status: 500 }, { status: 200 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    await w.recordLetting();
    await rx.waitFor(2);
    await waitForCount(t, w.cookie, hook.id, '?status=failed', 2);
    const day = new Date().toISOString().slice(0, 10);
    const none = await deliveriesOf(t, w.cookie, hook.id, '?status=failed&to=2020-01-01');
    expect(none.meta.pagination.total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}/deliveries?status=lost&from=yesterday`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'status']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/deliveries/replay`,
      headers: { ...XHR, cookie: w.cookie },
      payload: { from: day, to: day },
    });
    expect(res.json()).toMatchObject({ status: 'success', data: { replayed: 2 } });
    await waitForCount(t, w.cookie, hook.id, '?status=succeeded', 2);
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 410 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await w.recordLetting();
    expect(await settledDelivery(t, w.cookie, hook.id)).toMatchObject({ status: 'failed' });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(read.json().data).toMatchObject({
      enabled: false,
      disabled_reason: WEBHOOK_MESSAGES.disabledGone,
    });
    // Disabled: the next change is not sent to it.
    await w.recordLetting();
    const total = async () => (await deliveriesOf(t, w.cookie, hook.id)).meta.pagination.total;
    expect(await total()).toBe(1);
  });

  it('disables an endpoint failing for 5 days and tells its owner', async () => {
    const w = await world(t, rx);
    rx.answer({ status: 500 });
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    await t.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '6 days'`);
    await w.recordLetting();
    await settledDelivery(t, w.cookie, hook.id);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
    });
    expect(read.json().data).toMatchObject({
      enabled: false,
      disabled_reason: WEBHOOK_MESSAGES.disabledFailing,
    });
    const notes = await queryRows<{ user_id: number; message: string }>(
      t.db,
      sql`select user_id, message from notifications where type = 'webhook_disabled'`,
    );
    expect(notes).toEqual([{ user_id: w.admin.id, message: WEBHOOK_MESSAGES.disabledNotice(rx.url()) }]);
    // Enabled again, its failures are forgotten.
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhooks/${hook.id}`,
      headers: { ...XHR, cookie: w.cookie },
      payload: { enabled: true },
    });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('signs with the old and the new secret for 24 hours after a rotation', async () => {
    const w = await world(t, rx);
    const hook = await createWebhook(t, w.cookie, { url: rx.url(), events: ['deal.created'] });
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/rotate-secret`,
      headers: { ...XHR, cookie: w.cookie },
    });
    const fresh = rotated.json().data as { secret: string; previous_secret_expires_at: string };
    expect(fresh.secret).not.toBe(hook.secret);
    const hours = (Date.parse(fresh.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await w.recordLetting();
    await rx.waitFor(1);
    const signatures = String(rx.received[0]!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    verify(fresh.secret, rx.received[0]!);
    verify(hook.secret, rx.received[0]!);
    // Past the 24 hours only the new secret signs.
    await t.db.execute(
      sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second'`,
    );
    await w.recordLetting();
    await rx.waitFor(2);
    expect(String(rx.received[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    verify(fresh.secret, rx.received[1]!);
    expect(() => verify(hook.secret, rx.received[1]!)).toThrow();
  });

  it('records each kind of change in the outbox', async () => {
    const w = await world(t, rx);
    const deal = await w.recordLetting();
    const send = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...XHR, cookie: w.cookie }, payload });
    expect((await send('DELETE', `/api/deals/${deal.id}`, { reason: 'Wrong unit' })).statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/companies/${w.tenant.id}`, { name: 'Greggs plc', domain: null, phone: null }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('POST', '/api/comments', {
          entity_type: 'property',
          entity_id: w.property.id,
          content: '<p>Seen</p>',
        })
      ).statusCode,
    ).toBe(201);
    const enquiry = await send('POST', '/api/enquiries', {
      property_id: w.property.id,
      company_id: w.tenant.id,
      stage: 'interest',
    });
    expect(enquiry.statusCode, enquiry.body).toBe(201);
    const moved = await send('PUT', `/api/enquiries/${enquiry.json().data.id}`, { stage: 'under_offer' });
    expect(moved.statusCode, moved.body).toBe(200);
    const events = await queryRows<{ type: string; data: Record<string, unknown> }>(
      t.db,
      sql`select type, data from webhook_events order by id`,
    );
    const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
    expect(of('deal.voided')).toEqual([
      {
        id: deal.id,
        deal_type: 'new_letting',
        property_id: w.property.id,
        scheme_id: null,
        reason: 'Wrong unit',
      },
    ]);
    // The letting set the tenant; voiding it cleared it again.
    expect(of('property.tenant_changed')).toEqual([
      { id: w.property.id, from_tenant_id: null, to_tenant_id: w.tenant.id },
      { id: w.property.id, from_tenant_id: w.tenant.id, to_tenant_id: null },
    ]);
    expect(of('company.updated')).toEqual([{ id: w.tenant.id, fields: ['name', 'domain'] }]);
    expect(of('comment.created')).toEqual([
      { id: expect.any(Number), entity_type: 'property', entity_id: w.property.id },
    ]);
    expect(of('enquiry.stage_changed')).toEqual([
      { id: enquiry.json().data.id, from: 'interest', to: 'under_offer' },
    ]);
  });
});

/** Waits until the filtered log counts `n` deliveries. */
const waitForCount = async (t: App, cookie: string, id: number, query: string, n: number) => {
  await vi.waitFor(
    async () => {
      const total = (await deliveriesOf(t, cookie, id, query)).meta.pagination.total;
      if (total < n) throw new Error(`${total} of ${n}`);
    },
    { timeout: WAIT_MS, interval: 100 },
  );
};
