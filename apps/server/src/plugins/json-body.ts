import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';

/**
 * JSON bodies. An empty body is "no body" (POST /api/auth/refresh and /logout carry none).
 * `__proto__` and `constructor.prototype` keys are dropped as they are parsed (secure-json-parse,
 * Fastify's own parser): they are unknown fields, which API.md ignores, and must never reach an
 * object spread or a merge. Anything that is not JSON is a 400.
 */
export const jsonBody = (app: FastifyInstance): void => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' }));
    } catch {
      const err = new Error('Malformed JSON body') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
};
