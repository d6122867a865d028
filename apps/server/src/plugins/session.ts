import { API_MESSAGES } from '@frontage/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { Config } from '../config';
import type { ServiceDeps } from '../deps';
import { ForbiddenError, RetryLaterError, UnauthenticatedError } from '../lib/errors';
import { scopeNeeded, scopesAllow } from '../modules/api-tokens/api-token-scopes';
import {
  authenticateToken,
  bearerOf,
  recordTokenUse,
  type TokenActor,
} from '../modules/api-tokens/api-tokens.service';
import { authenticate, type Authenticated } from '../modules/auth/auth.service';

export const SESSION_COOKIE = 'frontage_session';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /**
     * preParsing hook for routes that need a session: 401 otherwise. preParsing runs after the
     * global onRequest hooks (shutdown, rate limit, X-Requested-With) and before the body is read.
     */
    requireSession: (
      req: FastifyRequest,
      reply: FastifyReply,
      payload: RequestPayload,
    ) => Promise<RequestPayload>;
  }
}

/** Who calls a route guarded by `requireSession`: a session (the cookie) or an API token (ADR 0097). */
export type RequestAuth = Authenticated | (TokenActor & { session?: undefined; token?: undefined });

/** The signed-in user (and session, or API token) of a route guarded by `requireSession`. */
export const authOf = (req: FastifyRequest): RequestAuth => {
  if (!req.auth) throw new UnauthenticatedError();
  return req.auth;
};

/**
 * The session of a route about the session itself (refresh, logout, password, What's New). No API
 * token reaches those routes (api-token-scopes.ts); this holds the types to it.
 */
export const sessionAuthOf = (req: FastifyRequest): Authenticated => {
  const auth = authOf(req);
  if (!auth.session) throw new UnauthenticatedError();
  return auth;
};

export const setSessionCookie = (reply: FastifyReply, config: Config, token: string): void => {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    maxAge: config.sessionAbsoluteHours * 3600,
  });
};

export const clearSessionCookie = (reply: FastifyReply, config: Config): void => {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
  });
};

/**
 * `Authorization: Bearer <token>` (ADR 0097): the token's owner, if the token is live and its
 * scopes cover the route (api-token-scopes.ts: 403 otherwise); each token has its own rate limit.
 * A bearer credential is never mixed with the cookie: a bad one is a 401 whatever cookie came too.
 */
const tokenAuth = (app: FastifyInstance, deps: ServiceDeps) => {
  const limit =
    deps.config.apiTokenRateLimit > 0 && app.hasDecorator('createRateLimit')
      ? app.createRateLimit({
          max: deps.config.apiTokenRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (req) =>
            `api-token:${req.auth && 'apiToken' in req.auth ? req.auth.apiToken.id : ''}`,
        })
      : null;
  return async (req: FastifyRequest, bearer: string): Promise<void> => {
    const actor = await authenticateToken(deps, bearer);
    if (!actor) throw new UnauthenticatedError();
    req.auth = actor;
    const verdict = await limit?.(req);
    if (verdict && !verdict.isAllowed && verdict.isExceeded)
      throw new RetryLaterError(429, 'too_many_requests', API_MESSAGES.tooManyRequests, verdict.ttlInSeconds);
    const need = scopeNeeded(req.method, req.routeOptions.url);
    if (!need || !scopesAllow(actor.apiToken.scopes, req.method, need)) {
      req.auth = null;
      throw new ForbiddenError(API_MESSAGES.tokenScopeMissing);
    }
    await recordTokenUse(deps, actor, req.ip);
  };
};

export const sessionPlugin = (app: FastifyInstance, deps: ServiceDeps): void => {
  app.decorateRequest('auth', null);
  const byToken = tokenAuth(app, deps);
  app.decorate(
    'requireSession',
    async (req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      const bearer = bearerOf(req.headers.authorization);
      if (bearer !== null) {
        await byToken(req, bearer);
        return payload;
      }
      const auth = await authenticate(deps, req.cookies[SESSION_COOKIE]);
      if (!auth) throw new UnauthenticatedError();
      req.auth = auth;
      return payload;
    },
  );
};
