import {
  API_MESSAGES,
  actionSchema,
  dataOf,
  loginBodySchema,
  msgSchema,
  parseInclude,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  userSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import {
  SESSION_COOKIE,
  authOf,
  clearSessionCookie,
  sessionAuthOf,
  setSessionCookie,
} from '../../plugins/session';
import * as auth from './auth.service';

const tags = ['auth'];
const errors = { 401: msgSchema, 422: validationErrorSchema };

export const authRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const session = { preParsing: [app.requireSession] };

  app.post('/api/auth/login', {
    schema: {
      tags,
      summary: 'Sign in; sets the session cookie',
      body: loginBodySchema,
      response: { 200: dataOf(userSchema), 401: msgSchema, 422: validationErrorSchema, 429: msgSchema },
    },
    handler: async (req, reply) => {
      const result = await auth.login(deps, req.body.email, req.body.password, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        sessionToken: req.cookies[SESSION_COOKIE],
      });
      setSessionCookie(reply, deps.config, result.token);
      return { data: result.user };
    },
  });

  app.get('/api/auth/me', {
    ...session,
    schema: {
      tags,
      summary: 'The signed-in user',
      querystring: z.object({ include: z.string().optional() }),
      response: { 200: dataOf(userSchema), 401: msgSchema },
    },
    handler: async (req) => {
      const withCompany = parseInclude(req.query.include).has('company');
      return { data: await auth.loadUserDto(deps, authOf(req).user, withCompany) };
    },
  });

  app.put('/api/auth/me', {
    ...session,
    schema: {
      tags,
      summary: "Update the signed-in user's profile",
      body: profileUpdateBodySchema,
      response: { 200: actionSchema(userSchema), ...errors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: API_MESSAGES.profileSaved,
      data: await auth.updateProfile(deps, sessionAuthOf(req), req.body),
    }),
  });

  app.post('/api/auth/refresh', {
    ...session,
    schema: {
      tags,
      summary:
        'Rotate the session token and reset the idle timer; the previous token stays valid for 60 s, and a refresh repeated with it (another tab) gets the same new token',
      response: { 200: dataOf(userSchema), 401: msgSchema },
    },
    handler: async (req, reply) => {
      const result = await auth.refresh(deps, sessionAuthOf(req));
      setSessionCookie(reply, deps.config, result.token);
      return { data: result.user };
    },
  });

  app.post('/api/auth/logout', {
    ...session,
    schema: {
      tags,
      summary: 'End the session on the server and clear the cookie',
      response: { 200: actionSchema(z.null()), 401: msgSchema },
    },
    handler: async (req, reply) => {
      await auth.logout(deps, sessionAuthOf(req));
      clearSessionCookie(reply, deps.config);
      return { status: 'success' as const, msg: API_MESSAGES.loggedOut, data: null };
    },
  });

  app.put('/api/auth/password', {
    ...session,
    schema: {
      tags,
      summary: 'Change the password; other sessions end',
      body: passwordChangeBodySchema,
      response: { 200: actionSchema(userSchema), ...errors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: API_MESSAGES.passwordChanged,
      data: await auth.changePassword(deps, sessionAuthOf(req), req.body),
    }),
  });
};
