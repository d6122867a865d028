import {
  UI_STATE_SCREENS,
  dataOf,
  msgSchema,
  uiStateBodySchema,
  uiStateSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as uiState from './ui-state.service';

const tags = ['ui-state'];
const params = z.object({ screen: z.enum(UI_STATE_SCREENS) });
const response = { 200: dataOf(uiStateSchema), 401: msgSchema, 422: validationErrorSchema };

/** Saved interface state (filters, sort, page size) per signed-in user and screen. */
export const uiStateRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  app.get('/api/ui-state/:screen', {
    preParsing,
    schema: { tags, summary: "The signed-in user's saved state of a screen", params, response },
    handler: async (req) => ({ data: await uiState.get(deps, authOf(req).user.id, req.params.screen) }),
  });
  app.put('/api/ui-state/:screen', {
    preParsing,
    schema: {
      tags,
      summary: 'Save the state of a screen (replaces it; at most 8 KiB of JSON)',
      params,
      body: uiStateBodySchema,
      response,
    },
    handler: async (req) => ({
      data: await uiState.save(deps, authOf(req).user.id, req.params.screen, req.body.state),
    }),
  });
};
