import { API_MESSAGES } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Requests under /api that may arrive without `X-Requested-With` — the ONE list of exemptions.
 * - GET /api/health: probes and load balancers cannot add headers.
 * - GET /api/docs and its static assets: browsers navigate there directly; the documentation
 *   is read-only and public, so a forged cross-site request can do nothing with it.
 * - GET /api/companies/{id}/logo: an <img src> cannot add headers. Read-only and still behind the
 *   session (the browser sends the cookie with the image request), so a forged request only
 *   loads a picture the visitor could see anyway.
 * Later issues add further image or stream URLs here.
 */
export const REQUESTED_WITH_EXEMPT: ReadonlyArray<{ methods: string[]; path: string; prefix?: boolean; pattern?: RegExp }> = [
  { methods: ['GET', 'HEAD'], path: '/api/health' },
  { methods: ['GET', 'HEAD'], path: '/api/docs', prefix: true },
  { methods: ['GET'], path: '/api/notifications/stream' },
  { methods: ['GET', 'HEAD'], path: '/api/companies/{id}/logo', pattern: /^\/api\/companies\/\d+\/logo$/ },
];

export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  const p = q === -1 ? url : url.slice(0, q);
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
};

export const isApiPath = (url: string): boolean => {
  const p = pathOf(url);
  return p === '/api' || p.startsWith('/api/');
};

const isExempt = (method: string, url: string): boolean => {
  const p = pathOf(url);
  return REQUESTED_WITH_EXEMPT.some(
    (e) =>
      e.methods.includes(method) &&
      (e.pattern ? e.pattern.test(p) : p === e.path || (e.prefix === true && p.startsWith(`${e.path}/`))),
  );
};

/** CSRF defence (ASVS 5.0 3.5.1): a cross-site form or image cannot set this header. */
export const requestedWithGuard = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (req, reply) => {
    if (!isApiPath(req.url) || isExempt(req.method, req.url)) return;
    if (String(req.headers['x-requested-with'] ?? '').toLowerCase() !== 'xmlhttprequest') {
      return reply.code(403).send({ msg: API_MESSAGES.missingRequestedWith });
    }
  });
};
