import { API_MESSAGES } from '@frontage/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the router refuses before any hook runs (a URL with invalid escapes such as `%FF`, an
 * over-long parameter): API.md's 400 shape instead of Fastify's own, never cached.
 */
export const frameworkErrors = (err: FastifyError, req: FastifyRequest, reply: FastifyReply): void => {
  req.log.info({ code: err.code }, 'request refused by the router');
  void reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ msg: API_MESSAGES.badRequest }));
};
