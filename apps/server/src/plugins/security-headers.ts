import type { FastifyInstance } from 'fastify';
import type { HeaderSet } from './framework-errors';

/**
 * Helmet's headers on every answer, from the set computed once at start-up (`securityHeaders`).
 * @fastify/helmet builds a new helmet middleware for every request — parsing the CSP directives
 * each time — for options that never change here (no nonces, no per-route options), so this hook
 * writes the same headers onto the raw response as helmet did, in a loop. First of the onRequest
 * hooks: an answer given by a later hook (the shutdown's 503, the CSRF guard's 403) carries them.
 */
export const securityHeadersHook = (app: FastifyInstance, headers: HeaderSet): void => {
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    // helmet removes it too (Fastify never sets it; a proxy in front might expect it gone).
    raw.removeHeader('X-Powered-By');
    for (const [name, value] of entries) raw.setHeader(name, value);
    done();
  });
};
