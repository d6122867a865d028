import {
  API_MESSAGES,
  actionSchema,
  apiTokenCreateBodySchema,
  apiTokenCreatedSchema,
  apiTokenListSchema,
  dataOf,
  idParamsSchema,
  integrationAccountCreateSchema,
  integrationAccountSchema,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as tokens from './api-tokens.service';

const tags = ['api tokens'];

/**
 * API tokens (ADR 0097): made, listed and revoked with a session only — no token reaches these
 * routes (api-token-scopes.ts), so a leaked token cannot make itself a successor.
 */
export const apiTokensRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/tokens', {
    preParsing,
    schema: {
      tags,
      summary:
        "My API tokens (never their text); an admin's list also holds the integration accounts' tokens",
      response: { 200: apiTokenListSchema, 401: msgSchema, 403: msgSchema },
    },
    handler: async (req) => tokens.listTokens(deps, authOf(req).user),
  });

  app.post('/api/tokens', {
    preParsing,
    schema: {
      tags,
      summary:
        'Create an API token: the answer holds the token, shown this once. `owner_id` (admins): an integration account',
      body: apiTokenCreateBodySchema,
      response: {
        201: dataOf(apiTokenCreatedSchema),
        401: msgSchema,
        403: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req, reply) => {
      const created = await tokens.createToken(deps, authOf(req).user, req.body);
      return reply.code(201).send({ data: created });
    },
  });

  app.post('/api/integration-accounts', {
    preParsing,
    schema: {
      tags,
      summary:
        'Create an integration account (admins): no e-mail, no password, it cannot sign in; it owns the tokens an admin makes for another system',
      body: integrationAccountCreateSchema,
      response: {
        201: dataOf(integrationAccountSchema),
        401: msgSchema,
        403: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req, reply) => {
      const account = await tokens.createIntegrationAccountBy(deps, authOf(req).user, req.body);
      return reply.code(201).send({ data: account });
    },
  });

  app.delete('/api/tokens/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Revoke an API token: it stops working at once',
      params: idParamsSchema,
      response: {
        200: actionSchema(z.null()),
        401: msgSchema,
        403: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req) => {
      await tokens.revokeToken(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: API_MESSAGES.tokenRevoked, data: null };
    },
  });
};
