import { API_MESSAGES } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../lib/errors';
import { unstorableFields } from '../lib/unstorable-text';

/**
 * Refuses text no column can hold (a NUL byte, an unpaired surrogate) and absurdly deep values,
 * wherever they come from, with a 422 naming the field. Throws nothing when all is well.
 */
export const assertStorable = (...sources: unknown[]): void => {
  const errors: Record<string, string[]> = {};
  for (const source of sources) {
    for (const { field, reason } of unstorableFields(source)) {
      const message = reason === 'text' ? API_MESSAGES.textNotAllowed : API_MESSAGES.tooDeep;
      // Own keys only: a field may be called `constructor` or `toString`.
      const list = Object.hasOwn(errors, field) ? errors[field]! : (errors[field] = []);
      if (!list.includes(message)) list.push(message);
    }
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

/**
 * Every route's parsed query, path parameters and JSON body pass through here before their
 * schema: one place, so a route added later is covered too. Multipart bodies are read by their
 * route (companies.routes.ts) and checked there with `assertStorable`.
 */
export const inputGuard = (app: FastifyInstance): void => {
  // Callback style: no promise per request for a walk that is synchronous.
  app.addHook('preValidation', (req, _reply, done) => {
    const body = Buffer.isBuffer(req.body) ? undefined : req.body;
    try {
      assertStorable(req.query, req.params, body);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
};
