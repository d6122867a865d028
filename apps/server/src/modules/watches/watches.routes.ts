import {
  dataOf,
  msgSchema,
  validationErrorSchema,
  watchItemSchema,
  watchParamsSchema,
  watchStateSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as watches from './watches.service';

const tags = ['watches'];
const response = {
  200: dataOf(watchStateSchema),
  401: msgSchema,
  404: msgSchema,
  422: validationErrorSchema,
};

/** The signed-in user's own watches: no route takes a user id, so nobody else's can be reached. */
export const watchesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/watches', {
    preParsing: [app.requireSession],
    schema: {
      tags,
      summary: 'What I watch (units, schemes, companies), newest first',
      response: { 200: dataOf(z.array(watchItemSchema)), 401: msgSchema },
    },
    handler: async (req) => ({ data: await watches.listWatches(deps, authOf(req).user.id) }),
  });
  app.get('/api/watches/:entity_type/:id', {
    preParsing: [app.requireSession],
    schema: {
      tags,
      summary: 'Whether I watch this unit, scheme or company',
      params: watchParamsSchema,
      response,
    },
    handler: async (req) => ({
      data: await watches.getWatch(deps, authOf(req).user.id, req.params.entity_type, req.params.id),
    }),
  });
  app.put('/api/watches/:entity_type/:id', {
    preParsing: [app.requireSession],
    schema: {
      tags,
      summary: 'Watch a unit, scheme or company: its lease events come to my reminders (scope `watched`)',
      params: watchParamsSchema,
      response,
    },
    handler: async (req) => ({
      data: await watches.watch(deps, authOf(req).user.id, req.params.entity_type, req.params.id),
    }),
  });
  app.delete('/api/watches/:entity_type/:id', {
    preParsing: [app.requireSession],
    schema: { tags, summary: 'Stop watching a unit, scheme or company', params: watchParamsSchema, response },
    handler: async (req) => ({
      data: await watches.unwatch(deps, authOf(req).user.id, req.params.entity_type, req.params.id),
    }),
  });
};
