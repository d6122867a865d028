import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { API_MESSAGES } from '@frontage/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Header name → value, as a response carries them. */
export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for `options` (CSP, X-Content-Type-Options, X-Frame-Options,
 * Referrer-Policy, …), computed once: the answers below are sent where no hook runs, so they
 * carry these by hand. The options have no per-request part (no CSP nonces), so every request
 * gets the same set.
 */
export const securityHeaders = (options: HelmetOptions): HeaderSet => {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
};

/**
 * What the router refuses before any hook runs (a URL with invalid escapes such as `%FF`, an
 * over-long parameter): API.md's 400 shape instead of Fastify's own, never cached, with the
 * security headers every other answer carries (helmet's hook never ran for it).
 */
export const frameworkErrors =
  (headers: HeaderSet) =>
  (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
    req.log.info({ code: err.code }, 'request refused by the router');
    void reply
      .code(400)
      .headers(headers)
      .header('Cache-Control', 'no-store')
      .header('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ msg: API_MESSAGES.badRequest }));
  };

const CLIENT_ERRORS: Record<string, { status: number; text: string; msg: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', msg: API_MESSAGES.badRequest },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    msg: API_MESSAGES.payloadTooLarge,
  },
};
const BAD_REQUEST = { status: 400, text: 'Bad Request', msg: API_MESSAGES.badRequest };

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a malformed request line or
 * header, headers too large, a request too slow): Fastify's own answer in API.md's shape, with
 * the security headers and no-store. The connection is closed after it, as Node does.
 */
export const clientErrors = (headers: HeaderSet) =>
  function clientError(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.trace({ err }, 'client error');
    if (socket.writable) {
      const { status, text, msg } = CLIENT_ERRORS[err.code ?? ''] ?? BAD_REQUEST;
      const body = JSON.stringify({ msg });
      const lines = [
        `HTTP/1.1 ${status} ${text}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'Cache-Control: no-store',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
