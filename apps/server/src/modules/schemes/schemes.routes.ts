import {
  dataOf,
  msgSchema,
  pageOf,
  schemeCreateSchema,
  schemeListQuerySchema,
  schemeSchema,
  schemeUpdateSchema,
  staleOf,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import { exportSchemes } from './schemes.export';
import * as schemes from './schemes.service';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { ifMatchOf, versioned } from '../../lib/if-match';
import { assertCanFilterArchived } from '../archive/archive.policy';

const tags = ['schemes'];
const idParams = idParamsSchema;
const one = dataOf(schemeSchema);

export const schemesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/schemes', {
    preParsing,
    schema: {
      tags,
      summary:
        'Search and list schemes: q (name or address), type (all or a scheme type), town, landlord_id, sort, include',
      querystring: schemeListQuerySchema,
      response: { 200: pageOf(schemeSchema), 401: msgSchema, 403: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => {
      assertCanFilterArchived(authOf(req).user, req.query.archived);
      return schemes.list(deps, req.query);
    },
  });

  app.get('/api/schemes/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every scheme matching the list filters (and in its order), as a streamed CSV file',
      querystring: schemeListQuerySchema.omit({ page: true, per_page: true, include: true }),
      response: {
        200: z.unknown().describe('text/csv'),
        401: msgSchema,
        403: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req, reply) => {
      assertCanFilterArchived(authOf(req).user, req.query.archived);
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await exportSchemes(deps, req.query, req.query.sort, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/schemes/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One scheme with its address, landlord parties, units and files',
      params: idParams,
      response: { 200: one, 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => versioned(reply, await schemes.get(deps, req.params.id)),
  });

  app.post('/api/schemes', {
    preParsing,
    schema: {
      tags,
      summary: 'Create a scheme with its address and landlord parties',
      body: schemeCreateSchema,
      response: { 201: one, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await schemes.create(deps, authOf(req).user, req.body) }),
  });

  app.put('/api/schemes/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        'Update a scheme, its address and its landlord parties (absent fields unchanged; If-Match: the version read, else 412)',
      params: idParams,
      body: schemeUpdateSchema,
      response: {
        200: one,
        401: msgSchema,
        404: msgSchema,
        412: staleOf(schemeSchema),
        422: validationErrorSchema,
      },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await schemes.update(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });
};
