/**
 * Drains an HTTP server's connections on shutdown without resetting any (ADR 0034).
 *
 * `http.Server#close()` (and so Fastify's `close()`) destroys every keep-alive connection that
 * has no request in progress at that instant. A client that has just written its next request
 * on such a connection sees a reset. Draining instead:
 *   1. closes only the listening socket: new connections are refused, open ones stay;
 *   2. answers every request that arrives on an open connection with `Connection: close`, and
 *      marks the responses still being prepared the same way, so each client closes the
 *      connection after its answer;
 *   3. ends (`socket.end()`, not destroy) a connection only once it has had no request in
 *      progress for `idleMs` — a busy client sends its next request within that window and is
 *      answered (with `Connection: close`) instead of finding the connection gone;
 *   4. destroys whatever is still open after `timeoutMs`.
 * The tracking has to start before the server accepts its first connection.
 */
import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';

export interface DrainOptions {
  /** How long a connection with no request in progress is kept for one more request. */
  idleMs: number;
  /** From the start of the drain until the connections still open are destroyed. */
  timeoutMs: number;
}

export interface DrainResult {
  /** Connections open when the drain began. */
  open: number;
  /** Connections the server ended after their idle window (the others closed after an answer or by the client). */
  endedIdle: number;
  /** Connections destroyed at the deadline. */
  destroyed: number;
  ms: number;
}

export interface ConnectionDrain {
  /** Stops accepting and resolves once every connection has closed (or was destroyed at the deadline). */
  drain: (opts: DrainOptions) => Promise<DrainResult>;
  /** Connections open now. */
  readonly size: number;
}

interface Connection {
  /** Responses not yet finished (more than one when a client pipelines). */
  responses: Set<ServerResponse>;
  idleTimer?: NodeJS.Timeout;
  /** socket.bytesRead when the idle window began: more means a request is arriving. */
  bytesRead: number;
}

export const trackConnections = (server: Server): ConnectionDrain => {
  const connections = new Map<net.Socket, Connection>();
  let idleMs: number | undefined;
  let endedIdle = 0;
  let onEmpty: (() => void) | undefined;

  /** While draining, ends the connection once it has been idle for the whole window. */
  const endWhenIdle = (socket: net.Socket, conn: Connection): void => {
    clearTimeout(conn.idleTimer);
    conn.idleTimer = undefined;
    if (idleMs === undefined || conn.responses.size > 0 || socket.destroyed) return;
    conn.bytesRead = socket.bytesRead;
    conn.idleTimer = setTimeout(() => {
      conn.idleTimer = undefined;
      // A request already waiting in the socket is read in the poll phase, which runs before
      // setImmediate callbacks: it starts a response instead of meeting a closed connection.
      setImmediate(() => {
        if (conn.responses.size > 0 || socket.destroyed) return;
        // Part of a request has arrived (its headers are not complete yet): wait for it.
        if (socket.bytesRead !== conn.bytesRead) return endWhenIdle(socket, conn);
        endedIdle++;
        socket.end();
      });
    }, idleMs);
  };

  server.on('connection', (socket: net.Socket) => {
    const conn: Connection = { responses: new Set(), bytesRead: 0 };
    connections.set(socket, conn);
    socket.once('close', () => {
      clearTimeout(conn.idleTimer);
      connections.delete(socket);
      if (connections.size === 0) onEmpty?.();
    });
    // Accepted as the listener closed: it gets the same window as the others.
    endWhenIdle(socket, conn);
  });

  // Before the application's listener, so the header is in place before anything is written.
  server.prependListener('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    const conn = connections.get(socket);
    if (!conn) return;
    clearTimeout(conn.idleTimer);
    conn.idleTimer = undefined;
    conn.responses.add(res);
    if (idleMs !== undefined) res.setHeader('Connection', 'close');
    // One listener of ours per response, on top of Fastify's and a piped file's: raise the limit
    // by one so Node does not take a file download for a listener leak.
    res.setMaxListeners(res.getMaxListeners() + 1);
    res.once('close', () => {
      conn.responses.delete(res);
      endWhenIdle(socket, conn);
    });
  });

  return {
    get size() {
      return connections.size;
    },
    drain: ({ idleMs: idle, timeoutMs }) => {
      const started = Date.now();
      const open = connections.size;
      idleMs = Math.max(0, idle);
      // Only the listening socket: http.Server#close would also destroy the idle connections.
      if (server.listening) net.Server.prototype.close.call(server);
      for (const [socket, conn] of connections) {
        for (const res of conn.responses) if (!res.headersSent) res.setHeader('Connection', 'close');
        endWhenIdle(socket, conn);
      }
      return new Promise<DrainResult>((resolve) => {
        let destroyed = 0;
        const deadline = setTimeout(
          () => {
            destroyed = connections.size;
            for (const socket of connections.keys()) socket.destroy();
          },
          Math.max(0, timeoutMs),
        );
        const done = () => {
          clearTimeout(deadline);
          onEmpty = undefined;
          resolve({ open, endedIdle, destroyed, ms: Date.now() - started });
        };
        if (connections.size === 0) done();
        else onEmpty = done;
      });
    },
  };
};
