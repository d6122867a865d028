import { API_MESSAGES } from '@frontage/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import {
  isDatabaseUnavailable,
  isInputRejectedByDatabase,
  isStatementCancelled,
  sqlStateOf,
} from '../lib/db-errors';
import {
  AppError,
  PreconditionFailedError,
  RetryLaterError,
  ServiceUnavailableError,
  ValidationError,
} from '../lib/errors';
import { isApiRequest } from './requested-with';

/** `/categories/0` → `categories.0`; the request field name the client shows the message against. */
const fieldOf = (instancePath: string): string => instancePath.replace(/^\//, '').split('/').join('.') || '_';

/**
 * zod's message for a missing field ("Invalid input: expected string, received undefined") is
 * replaced by the wording the app uses elsewhere: "The current password field is required."
 */
const humanMessage = (field: string, message: string): string => {
  if (!/received undefined$/.test(message)) return message;
  const last = field.split('.').pop() ?? field;
  const label = /^\d+$/.test(last) || last === '_' ? 'value' : last.replace(/_/g, ' ');
  return `The ${label} field is required.`;
};

const addError = (errors: Record<string, string[]>, field: string, message: string) => {
  // Own keys only: a request field may be called `constructor` or `toString`.
  (Object.hasOwn(errors, field) ? errors[field]! : (errors[field] = [])).push(message);
};

const sendValidation = (reply: FastifyReply, errors: Record<string, string[]>) =>
  reply.code(422).send({ message: API_MESSAGES.invalidData, errors });

/** 429 or 503 with Retry-After (ADR 0069–0071): the client may try again, the server is still up. */
const sendRetryLater = (reply: FastifyReply, err: RetryLaterError) =>
  reply.code(err.statusCode).header('Retry-After', String(err.retryAfterSeconds)).send({ msg: err.message });

/**
 * The one place that turns failures into API.md's shapes. Never a stack trace, SQL or internal
 * name in a body: anything unexpected is logged and answered with a generic 500.
 */
export const errorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ValidationError) return sendValidation(reply, err.errors);
    if (err instanceof RetryLaterError) return sendRetryLater(reply, err);
    if (err instanceof PreconditionFailedError)
      return reply.code(412).send({ msg: err.message, data: err.data });
    if (err instanceof AppError) return reply.code(err.statusCode).send({ msg: err.message });

    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.validation) {
        const field = fieldOf(issue.instancePath);
        addError(errors, field, humanMessage(field, issue.message ?? API_MESSAGES.invalidData));
      }
      return sendValidation(reply, errors);
    }
    if (err instanceof ZodError) {
      const errors: Record<string, string[]> = {};
      for (const issue of err.issues) {
        const field = issue.path.map(String).join('.') || '_';
        addError(errors, field, humanMessage(field, issue.message));
      }
      return sendValidation(reply, errors);
    }

    const state = sqlStateOf(err);
    if (isInputRejectedByDatabase(state)) {
      req.log.warn({ err, sqlState: state }, 'input refused by the database: a validation the schema lacks');
      return sendValidation(reply, { _: [API_MESSAGES.invalidData] });
    }
    // The database, not the request, failed (ADR 0071): 503 + Retry-After, never a 500.
    if (isStatementCancelled(err)) {
      req.log.warn({ err, sqlState: state }, 'statement cancelled by its timeout');
      return sendRetryLater(reply, new ServiceUnavailableError(API_MESSAGES.queryTimedOut));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return sendRetryLater(reply, new ServiceUnavailableError());
    }

    const fe = err as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ msg: API_MESSAGES.payloadTooLarge });
    }
    if (status === 429) return reply.code(429).send({ msg: API_MESSAGES.tooManyRequests });
    if (status === 404) return reply.code(404).send({ msg: API_MESSAGES.notFound });
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type and the like: the client's fault, say so plainly.
      req.log.info({ code: fe.code }, 'client error');
      if (fe.validation) return sendValidation(reply, { _: [API_MESSAGES.invalidData] });
      return reply.code(status === 415 ? 415 : 400).send({ msg: API_MESSAGES.badRequest });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ msg: API_MESSAGES.serverError });
  });
};

/** Unknown /api paths answer JSON; anything else goes to the web app (SPA fallback). */
export const notFoundHandler = (
  app: FastifyInstance,
  nonApiNotFound: (req: FastifyRequest, reply: FastifyReply) => unknown,
): void => {
  app.setNotFoundHandler((req, reply) => {
    if (isApiRequest(req)) return reply.code(404).send({ msg: API_MESSAGES.routeNotFound });
    return nonApiNotFound(req, reply);
  });
};
