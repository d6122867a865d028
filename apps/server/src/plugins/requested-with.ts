import { API_MESSAGES } from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerOf } from '../modules/api-tokens/api-tokens.service';

/**
 * Requests under /api that may arrive without `X-Requested-With` — the ONE list of exemptions,
 * named by the route the router matched (its template), never by the raw URL: `/%61pi/…` reaches
 * the same route as `/api/…`, so a decision taken on the raw text could be sidestepped.
 * - GET /api/health: probes and load balancers cannot add headers.
 * - GET /api/docs and its static assets: browsers navigate there directly; the documentation
 *   is read-only and public, so a forged cross-site request can do nothing with it.
 * - GET /api/notifications/stream: an EventSource cannot add headers; read-only, behind the session.
 * - GET /api/companies/{id}/logo: an <img src> cannot add headers. Read-only and still behind the
 *   session (the browser sends the cookie with the image request), so a forged request only
 *   loads a picture the visitor could see anyway.
 * - GET /api/reminders/unsubscribe/{token}: the link in a reminder e-mail, opened from a mail client;
 *   no session, and the token can only turn its owner's reminder e-mails off (undone in the profile).
 * - GET /api/calendar/{token}.ics: a calendar service subscribes to a plain URL and can add no
 *   header or cookie; the secret in the path is its credential, read-only (ADR 0090).
 * Later issues add further image or stream URLs here.
 */
export const REQUESTED_WITH_EXEMPT: ReadonlyArray<{ methods: string[]; route: string; prefix?: boolean }> = [
  { methods: ['GET', 'HEAD'], route: '/api/health' },
  { methods: ['GET', 'HEAD'], route: '/api/docs', prefix: true },
  { methods: ['GET'], route: '/api/notifications/stream' },
  { methods: ['GET', 'HEAD'], route: '/api/companies/:id/logo' },
  { methods: ['GET'], route: '/api/reminders/unsubscribe/:token' },
  { methods: ['GET', 'HEAD'], route: '/api/calendar/:token.ics' },
];

/** The path of a URL without its query (or fragment) and trailing slash, as the router reads it. */
export const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  const p = end === -1 ? url : url.slice(0, end);
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
};

/** The path with its percent-escapes decoded (the router decodes them before matching). */
export const decodedPathOf = (url: string): string => {
  const p = pathOf(url);
  if (!p.includes('%')) return p;
  try {
    return pathOf(decodeURIComponent(p));
  } catch {
    return p; // malformed escapes: the router refuses the URL itself (400)
  }
};

const isApi = (p: string): boolean => p === '/api' || p.startsWith('/api/');

/**
 * Whether a request is for the API: the route the router matched is under /api, or the path is,
 * read plain or decoded. Every hook that treats API requests differently (the X-Requested-With
 * guard, the rate limiter, `no-store`, JSON 404s) asks this and nothing else.
 */
export const isApiRequest = (req: FastifyRequest): boolean => {
  const route = req.routeOptions.url;
  return (route !== undefined && isApi(route)) || isApi(pathOf(req.url)) || isApi(decodedPathOf(req.url));
};

const isExempt = (req: FastifyRequest): boolean => {
  const route = req.routeOptions.url;
  if (route === undefined) return false;
  return REQUESTED_WITH_EXEMPT.some(
    (e) =>
      e.methods.includes(req.method) &&
      (route === e.route || (e.prefix === true && route.startsWith(`${e.route}/`))),
  );
};

/**
 * CSRF defence (ASVS 5.0 3.5.1): a cross-site form or image cannot set this header. Nor can it set
 * `Authorization`, so a request that carries a bearer credential (an API token, ADR 0097) is not
 * a forged one and needs no X-Requested-With; such a request is authenticated by its token alone,
 * never by a cookie that came with it (plugins/session.ts).
 */
export const requestedWithGuard = (app: FastifyInstance): void => {
  // Callback style: no promise per request for a header test.
  app.addHook('onRequest', (req, reply, done) => {
    if (!isApiRequest(req) || isExempt(req) || bearerOf(req.headers.authorization) !== null) return done();
    if (String(req.headers['x-requested-with'] ?? '').toLowerCase() !== 'xmlhttprequest') {
      void reply.code(403).send({ msg: API_MESSAGES.missingRequestedWith });
      return;
    }
    done();
  });
};
