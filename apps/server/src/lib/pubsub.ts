/**
 * Publish/subscribe between server processes sharing one database (ADR 0021).
 *
 * - PostgreSQL: `pg_notify` through the pool; every process LISTENs on one channel with a
 *   dedicated client (outside the pool, so it never holds a pooled connection), reconnecting with
 *   backoff. A process receives its own notifications too, so there is one delivery path.
 * - PGlite: the database lives in this process, so an in-process EventEmitter is the bus. It is
 *   shared by every app built over the same database object (tests build several).
 *
 * Channels are logical names such as `notifications:12`; payloads are small JSON values.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Db } from '../db/client';

/** The one PostgreSQL LISTEN/NOTIFY channel; the logical channel travels in the payload. */
export const PG_CHANNEL = 'frontage_events';
/** Emitted locally after the PostgreSQL listener reconnected: messages may have been missed. */
export const RESYNC = '__resync__';

export interface PubSub {
  publish: (channel: string, data?: unknown) => Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe: (channel: string, listener: (data: unknown) => void) => () => void;
  /** Each app holds a reference while it runs; the listener closes when the last one releases. */
  acquire: () => () => Promise<void>;
  /** Resolves once a connection attempt in progress has finished (the LISTEN is in place). */
  ready: () => Promise<void>;
}

interface Logger {
  warn: (obj: object, msg: string) => void;
}

const poolOf = (db: Db): pg.Pool | undefined => {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

const localPubSub = (): PubSub => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (channel, data) => {
      emitter.emit(channel, data);
    },
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    acquire: () => async () => undefined,
    ready: async () => undefined,
  };
};

const RECONNECT_MIN_MS = 500;
/**
 * Retries stay this frequent however long the database is away, so live notifications resume
 * within about this time of its return (ADR 0071); one small connection attempt per process.
 */
export const RECONNECT_MAX_MS = 2000;

const postgresPubSub = (pool: pg.Pool, log?: Logger): PubSub => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let refs = 0;
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let everConnected = false;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== PG_CHANNEL || !msg.payload) return;
    try {
      const { channel, data } = JSON.parse(msg.payload) as { channel: string; data: unknown };
      emitter.emit(channel, data);
    } catch {
      /* not ours */
    }
  };

  const scheduleReconnect = () => {
    if (refs === 0 || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = (): Promise<void> => {
    // A stream's ready() may come before the retry timer: one attempt, never two listeners.
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = undefined;
    if (client) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client(pool.options);
      c.on('notification', onNotification);
      // A lost connection raises the server's FATAL, then the socket's end: one warning.
      let warned = false;
      c.on('error', (err) => {
        if (!warned) log?.warn({ err }, 'pub/sub listener lost its connection');
        warned = true;
      });
      c.on('end', () => {
        if (client === c) client = undefined;
        scheduleReconnect();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${PG_CHANNEL}`);
        if (refs === 0) {
          await c.end();
          return;
        }
        client = c;
        delay = RECONNECT_MIN_MS;
        if (everConnected) emitter.emit(RESYNC);
        everConnected = true;
      } catch (err) {
        log?.warn({ err }, 'pub/sub listener could not connect');
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return {
    publish: async (channel, data) => {
      await pool.query('select pg_notify($1, $2)', [
        PG_CHANNEL,
        JSON.stringify({ channel, data: data ?? null }),
      ]);
    },
    subscribe: (channel, listener) => {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    ready: async () => {
      if (!client && refs > 0) await connect();
    },
    acquire: () => {
      refs += 1;
      if (refs === 1) void connect();
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        refs -= 1;
        if (refs > 0) return;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = undefined;
        await connecting;
        const c = client;
        client = undefined;
        if (c) {
          c.removeAllListeners('end');
          await c.end().catch(() => undefined);
        }
      };
    },
  };
};

const registry = new WeakMap<object, PubSub>();

/** The pub/sub of a database: one per database object, so every app over it shares it. */
export const pubsubFor = (db: Db, log?: Logger): PubSub => {
  const key = (db as unknown as { $client?: object }).$client ?? db;
  let ps = registry.get(key);
  if (!ps) {
    const pool = poolOf(db);
    ps = pool ? postgresPubSub(pool, log) : localPubSub();
    registry.set(key, ps);
  }
  return ps;
};

/** The channel a user's notification changes travel on. */
export const notificationsChannel = (userId: number): string => `notifications:${userId}`;
