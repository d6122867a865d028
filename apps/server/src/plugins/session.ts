import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import type { Config } from '../config';
import type { ServiceDeps } from '../deps';
import { UnauthenticatedError } from '../lib/errors';
import { authenticate, type Authenticated } from '../modules/auth/auth.service';

export const SESSION_COOKIE = 'frontage_session';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
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

/** The signed-in user and session of a route guarded by `requireSession`. */
export const authOf = (req: FastifyRequest): Authenticated => {
  if (!req.auth) throw new UnauthenticatedError();
  return req.auth;
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

export const sessionPlugin = (app: FastifyInstance, deps: ServiceDeps): void => {
  app.decorateRequest('auth', null);
  app.decorate(
    'requireSession',
    async (req: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      const auth = await authenticate(deps, req.cookies[SESSION_COOKIE]);
      if (!auth) throw new UnauthenticatedError();
      req.auth = auth;
      return payload;
    },
  );
};
