import {
  HISTORY_MESSAGES,
  actionSchema,
  historyEntrySchema,
  historyListQuerySchema,
  historyVerifyBodySchema,
  historyVerifyResultSchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import { assertCanVerifyHistory } from '../properties/properties.policy';
import * as history from './history.service';

const tags = ['history'];
const idParams = idParamsSchema;
const verified = actionSchema(historyVerifyResultSchema);
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

export const historyRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  for (const entity of ['property', 'scheme'] as const) {
    app.get(`/api/${entity === 'property' ? 'properties' : 'schemes'}/:id/history`, {
      preParsing,
      schema: {
        tags,
        summary: `The field history of a ${entity} and its address, newest first (unverified=1: only unverified)`,
        params: idParams,
        querystring: historyListQuerySchema,
        response: {
          200: pageOf(historyEntrySchema),
          401: msgSchema,
          404: msgSchema,
          422: validationErrorSchema,
        },
      },
      handler: async (req) =>
        history.listHistory(deps, await history.scopeOf(deps, entity, req.params.id), req.query),
    });
  }

  app.put('/api/history/:id/verify', {
    preParsing,
    schema: {
      tags,
      summary: 'Verify one recorded change (admins)',
      params: idParams,
      response: { 200: verified, ...errors },
    },
    handler: async (req) => {
      const actor = authOf(req).user;
      assertCanVerifyHistory(actor);
      return {
        status: 'success' as const,
        msg: HISTORY_MESSAGES.verified,
        data: { verified: await history.verifyOne(deps, actor, req.params.id) },
      };
    },
  });

  app.put('/api/properties/:id/history/verify', {
    preParsing,
    schema: {
      tags,
      summary:
        'Verify every unverified change of a property and its address, or only those of `fields` (admins)',
      params: idParams,
      body: historyVerifyBodySchema,
      response: { 200: verified, ...errors },
    },
    handler: async (req) => {
      const actor = authOf(req).user;
      assertCanVerifyHistory(actor);
      const scope = await history.scopeOf(deps, 'property', req.params.id);
      const n = await history.verifyScope(deps, actor, scope, req.body?.fields);
      return { status: 'success' as const, msg: HISTORY_MESSAGES.verified, data: { verified: n } };
    },
  });
};
