/**
 * GET /api/notifications/stream — Server-Sent Events telling the signed-in user's browser when
 * their notifications change (ADR 0021). Events:
 *   event: unread   data: {"unread_count": n}   on connect and after every change
 *   `: heartbeat` comment lines every 25 s, so proxies keep the connection open.
 *   event: shutdown data: {"retry_ms": n}        last, when the server stops (ADR 0034), with a
 *                                                `retry:` hint; the client reconnects later.
 *   event: superseded data: {"limit": n, "retry_ms": n}   last, when the user opened more than
 *                                                LIVE_STREAMS_PER_USER streams on this
 *                                                server process: the oldest is closed, so a new
 *                                                tab always gets its stream.
 * Changes arrive through pub/sub (`notifications:<userId>`), so a change made by any server
 * process on the same database reaches every open stream.
 */
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { msgSchema } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps';
import { publishNotificationChanges } from '../../events';
import { RESYNC, notificationsChannel, pubsubFor } from '../../lib/pubsub';
import { authOf } from '../../plugins/session';
import * as notifications from './notifications.service';

export const STREAM_PATH = '/api/notifications/stream';
export const HEARTBEAT_MS = 25_000;
/** Reconnection delay suggested to EventSource clients when the server stops (a restart's length). */
export const SHUTDOWN_RETRY_MS = 3000;
/** The routes that mark notifications read; their success is published like a new notification. */
const READ_ROUTES = new Set(['/api/notifications/read-all', '/api/notifications/:id/read']);

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
const SHUTDOWN_EVENT = `retry: ${SHUTDOWN_RETRY_MS}\n${event('shutdown', { retry_ms: SHUTDOWN_RETRY_MS })}`;
/** Reconnection delay suggested to a stream closed for a newer one of the same user (a tab left open). */
export const SUPERSEDED_RETRY_MS = 60_000;
const supersededEvent = (limit: number) =>
  `retry: ${SUPERSEDED_RETRY_MS}\n${event('superseded', { limit, retry_ms: SUPERSEDED_RETRY_MS })}`;

/** How an open stream is ended: quietly (the client left), or with a last event. */
type Closer = (final?: 'shutdown' | 'superseded') => void;

export const notificationsStream = (root: FastifyInstance, deps: ServiceDeps): void => {
  const pubsub = pubsubFor(deps.db, root.log);
  const release = pubsub.acquire();
  /** Closers of the open streams; `final` sends that last event first. */
  const open = new Set<Closer>();
  const endAll = () => {
    for (const close of [...open]) close('shutdown');
  };
  /** Each user's open streams on this process, oldest first (the cap is per process). */
  const byUser = new Map<number, Closer[]>();
  const streamsPerUser = deps.config.notificationStreamsPerUser;

  // Open streams never finish by themselves: end them when the shutdown begins (their
  // connections can then drain), and at the latest before the server waits for in-flight
  // requests, or closing would wait for the grace period every time.
  root.shutdownSignal.addEventListener('abort', endAll, { once: true });
  root.addHook('preClose', async () => endAll());
  root.addHook('onClose', async () => {
    await release();
  });

  root.addHook('onResponse', async (req, reply) => {
    if (
      req.method === 'PUT' &&
      reply.statusCode === 200 &&
      req.auth &&
      READ_ROUTES.has(req.routeOptions.url ?? '')
    ) {
      await publishNotificationChanges(deps.db, [req.auth.user.id]);
    }
  });

  // Untyped on purpose: the body is a stream, not a serialized schema.
  root.get(STREAM_PATH, {
    preParsing: [root.requireSession],
    schema: {
      tags: ['notifications'],
      summary:
        'Server-sent events (text/event-stream): `unread` {unread_count} on connect and on every change; ' +
        'heartbeat comments every 25 s. No X-Requested-With needed (EventSource cannot send headers).',
      response: { 401: msgSchema },
    },
    handler: async (req, reply) => {
      const userId = authOf(req).user.id;
      const body = new PassThrough();
      let closed = false;
      let sending: Promise<void> | undefined;
      let again = false;

      // Bursts of changes collapse into one count query at a time.
      const sendCount = async (): Promise<void> => {
        if (sending) {
          again = true;
          return sending;
        }
        sending = (async () => {
          do {
            again = false;
            const unread = await notifications.unreadCount(deps, userId);
            if (!closed) body.write(event('unread', { unread_count: unread }));
          } while (again && !closed);
        })().finally(() => {
          sending = undefined;
        });
        return sending;
      };
      const onChange = () => {
        sendCount().catch((err: unknown) => req.log.warn({ err }, 'notification stream update failed'));
      };

      const unsubscribe = pubsub.subscribe(notificationsChannel(userId), onChange);
      const unsubscribeResync = pubsub.subscribe(RESYNC, onChange);
      const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const close: Closer = (final) => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeResync();
        open.delete(close);
        const mine = byUser.get(userId) ?? [];
        if (mine.includes(close)) mine.splice(mine.indexOf(close), 1);
        if (!mine.length) byUser.delete(userId);
        if (final === 'superseded') body.write(supersededEvent(streamsPerUser));
        if (final === 'shutdown') {
          body.write(SHUTDOWN_EVENT);
          // The client was told to come back later: nothing else will use this connection.
          const socket = req.raw.socket;
          if (socket instanceof Socket) reply.raw.once('finish', () => socket.end());
        }
        body.end();
      };
      open.add(close);
      // Beyond the cap the user's oldest streams end (a tab left open long ago), never the new one.
      const mine = byUser.get(userId) ?? [];
      while (mine.length >= streamsPerUser) mine.shift()!('superseded');
      mine.push(close);
      byUser.set(userId, mine);
      reply.raw.on('close', () => close());

      try {
        // Once the first count is out, the listener is in place: no change can slip between.
        await pubsub.ready();
        await sendCount();
      } catch (err) {
        close();
        throw err;
      }
      // app.inject (tests, the route matrix) can only read a body that ends: it gets the snapshot.
      // A stream opened while the server stops gets the snapshot and the final event. Either
      // way the body has data, so the headers go out before the end.
      if ('_lightMyRequest' in req.raw || root.shutdownSignal.aborted)
        close(root.shutdownSignal.aborted ? 'shutdown' : undefined);

      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('X-Accel-Buffering', 'no')
        .send(body);
    },
  });
};
