/**
 * The notifications stream over a real listening server (fetch reads the event stream), on PGlite
 * and on PostgreSQL; on PostgreSQL also across two app instances with their own pools.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/client';
import { SUPERSEDED_RETRY_MS } from '../src/modules/notifications/notifications.stream';
import {
  WAIT_MS,
  XHR,
  buildNotification,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  testConfig,
  type TestApp,
} from './helpers';
import { buildProperty, mention } from './fixtures/comment-world';

const PASSWORD = 'stream-password-1';
let t: TestApp;
let base: string;

const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return `http://127.0.0.1:${addr.port}`;
};

beforeAll(async () => {
  t = await buildTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  const closing = t.close();
  // After an aborted fetch, undici may open a spare connection that never sends a request; Node's
  // server.close() leaves such a socket until headersTimeout, so drop it here.
  t.app.server.closeAllConnections();
  await closing;
});
beforeEach(() => resetData());

interface SseEvent {
  event: string;
  data: string;
}

/** Opens the stream with fetch and hands out parsed events (comments such as heartbeats skipped). */
const openStream = async (url: string, cookie: string) => {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: ctrl.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: SseEvent[] = [];
  let ended = false;
  const pump = async (): Promise<void> => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += value;
    let i: number;
    while ((i = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const lines = block.split('\n').filter((l) => !l.startsWith(':'));
      if (!lines.length) continue;
      const field = (name: string) =>
        lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      queue.push({ event: field('event'), data: field('data') });
    }
  };
  const next = async (timeoutMs = WAIT_MS): Promise<SseEvent> => {
    const until = Date.now() + timeoutMs;
    while (!queue.length) {
      if (ended) throw new Error('stream ended');
      if (Date.now() > until) throw new Error('no event in time');
      await Promise.race([pump(), new Promise((r) => setTimeout(r, 100))]);
    }
    return queue.shift()!;
  };
  const waitEnd = async (timeoutMs = WAIT_MS): Promise<boolean> => {
    const until = Date.now() + timeoutMs;
    while (!ended && Date.now() < until) await Promise.race([pump(), new Promise((r) => setTimeout(r, 100))]);
    return ended;
  };
  const close = () => {
    void reader.cancel().catch(() => undefined);
    ctrl.abort();
  };
  return { res, next, waitEnd, close };
};

const users = async () => {
  const admin = await buildUser({
    name: 'Alex Morgan',
    email: 'alex@example.com',
    password: PASSWORD,
    type: 'admin',
  });
  const agent = await buildUser({ name: 'Jamie Patel', email: 'jamie@example.com', password: PASSWORD });
  return { admin, agent };
};

const mentionUser = (
  app: FastifyInstance,
  cookie: string,
  userId: number,
  name: string,
  propertyId: number,
) =>
  app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: { ...XHR, cookie },
    payload: {
      entity_type: 'property',
      entity_id: propertyId,
      content: `<p>${mention('user', userId, name)}</p>`,
    },
  });
const mentionAdmin = (app: FastifyInstance, cookie: string, adminId: number, propertyId: number) =>
  mentionUser(app, cookie, adminId, 'Alex', propertyId);

describe('GET /api/notifications/stream', () => {
  it('needs a session (401) but no X-Requested-With', async () => {
    const res = await fetch(`${base}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ msg: 'Unauthenticated.' });
  });

  it('sends the unread count on connect and after a mention, a read and read-all', async () => {
    const { admin, agent } = await users();
    const property = await buildProperty();
    const adminCookie = await sessionCookie(t.app, admin);
    const agentCookie = await sessionCookie(t.app, agent);
    const stream = await openStream(`${base}/api/notifications/stream`, adminCookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":0}' });

    expect((await mentionAdmin(t.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":1}' });
    expect((await mentionAdmin(t.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":2}' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...XHR, cookie: adminCookie },
    });
    const first = list.json().data[0].id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${first}/read`,
      headers: { ...XHR, cookie: adminCookie },
    });
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":1}' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/read-all',
      headers: { ...XHR, cookie: adminCookie },
    });
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":0}' });
    stream.close();
  });

  it("does not tell one user about another user's notifications", async () => {
    const { admin, agent } = await users();
    const property = await buildProperty();
    const agentCookie = await sessionCookie(t.app, agent);
    const adminCookie = await sessionCookie(t.app, admin);
    // Three unread of the agent's own, so no count of the admin's (1) can pass for the agent's.
    for (let i = 0; i < 3; i++) await buildNotification({ user_id: agent.id });
    const stream = await openStream(`${base}/api/notifications/stream`, agentCookie);
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":3}' });
    expect((await mentionAdmin(t.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
    // Then a notification of the agent's own: the agent's next event is about it, so nothing was
    // sent for the admin's before it (events of one stream arrive in the order they are sent).
    expect((await mentionUser(t.app, adminCookie, agent.id, 'Jamie', property.id)).statusCode).toBe(201);
    expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":4}' });
    stream.close();
  });

  it('ends open streams on shutdown, so closing does not wait for them', async () => {
    const { admin } = await users();
    const { handle } = t;
    const app = await buildApp({ config: testConfig(), db: handle });
    const url = await listen(app);
    const cookie = await sessionCookie(app, admin);
    const stream = await openStream(`${url}/api/notifications/stream`, cookie);
    expect((await stream.next()).event).toBe('unread');
    // The client never closes its stream: the close completes only because the server ends it.
    app.beginShutdown();
    await app.close();
    expect(await stream.waitEnd()).toBe(true);
  });
});

describe('the per-user cap on open streams (LIVE_STREAMS_PER_USER)', () => {
  it('defaults to 10', () => {
    expect(testConfig().notificationStreamsPerUser).toBe(10);
  });

  it("closes the user's oldest stream with a last event when one more opens; others are untouched", async () => {
    const { admin, agent } = await users();
    const property = await buildProperty();
    const capped = await buildTestApp({ env: { LIVE_STREAMS_PER_USER: '2' } });
    const url = await listen(capped.app);
    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    try {
      const adminCookie = await sessionCookie(capped.app, admin);
      const agentCookie = await sessionCookie(capped.app, agent);
      const open = async (cookie: string, unread = 0) => {
        const s = await openStream(`${url}/api/notifications/stream`, cookie);
        streams.push(s);
        expect(await s.next()).toEqual({ event: 'unread', data: JSON.stringify({ unread_count: unread }) });
        return s;
      };
      const oldest = await open(adminCookie);
      // A stream that ends by itself (app.inject's snapshot) frees its place at once ...
      const snapshot = await capped.app.inject({
        method: 'GET',
        url: '/api/notifications/stream',
        headers: { cookie: adminCookie },
      });
      expect(snapshot.statusCode).toBe(200);
      const older = await open(adminCookie);
      const agentStream = await open(agentCookie);
      // ... so the second real stream closed nothing: both hear the next change.
      expect((await mentionAdmin(capped.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
      for (const s of [oldest, older])
        expect(await s.next()).toEqual({ event: 'unread', data: '{"unread_count":1}' });

      // A third tab of the admin's: it works, and the first is told why it ends, then ended.
      const newest = await open(adminCookie, 1);
      expect(await oldest.next()).toEqual({
        event: 'superseded',
        data: JSON.stringify({ limit: 2, retry_ms: SUPERSEDED_RETRY_MS }),
      });
      expect(await oldest.waitEnd()).toBe(true);
      // The admin's two newest streams still hear their changes; the agent's stream is untouched.
      expect((await mentionAdmin(capped.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
      for (const s of [older, newest])
        expect(await s.next()).toEqual({ event: 'unread', data: '{"unread_count":2}' });
      const toAgent = await capped.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: { ...XHR, cookie: adminCookie },
        payload: {
          entity_type: 'property',
          entity_id: property.id,
          content: `<p>${mention('user', agent.id, 'Jamie')}</p>`,
        },
      });
      expect(toAgent.statusCode).toBe(201);
      expect(await agentStream.next()).toEqual({ event: 'unread', data: '{"unread_count":1}' });
    } finally {
      for (const s of streams) s.close();
      const closing = capped.close();
      capped.app.server.closeAllConnections();
      await closing;
    }
  });
});

describe.runIf(!!process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  it('delivers a mention made through one app to a stream held by another app', async () => {
    const { admin, agent } = await users();
    const property = await buildProperty();
    // A second app with its own pool and listener: what a second server process would have.
    const handle = await createDb({ databaseUrl: process.env.TEST_DATABASE_URL, poolMax: 2 });
    const other = await buildApp({ config: testConfig(), db: handle });
    try {
      const otherUrl = await listen(other);
      const adminCookie = await sessionCookie(other, admin);
      const agentCookie = await sessionCookie(t.app, agent);
      const stream = await openStream(`${otherUrl}/api/notifications/stream`, adminCookie);
      expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":0}' });
      expect((await mentionAdmin(t.app, agentCookie, admin.id, property.id)).statusCode).toBe(201);
      expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":1}' });
      // And back: marking read on the first app reaches the second app's stream.
      await t.app.inject({
        method: 'PUT',
        url: '/api/notifications/read-all',
        headers: { ...XHR, cookie: adminCookie },
      });
      expect(await stream.next()).toEqual({ event: 'unread', data: '{"unread_count":0}' });
      stream.close();
    } finally {
      await other.close();
      await handle.close();
    }
  });
});
