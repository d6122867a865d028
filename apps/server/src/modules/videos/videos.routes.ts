import {
  VIDEO_MESSAGES,
  actionSchema,
  dataOf,
  idParamsSchema,
  msgSchema,
  validationErrorSchema,
  videoBodySchema,
  videoQuerySchema,
  videoSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as videos from './videos.service';

const tags = ['videos'];
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** GET /api/videos (every user) and /api/core/videos (admins): help videos per page (ADR 0063). */
export const videosRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/videos', {
    preParsing,
    schema: {
      tags,
      summary: "A page's help videos, in order, without those the user chose never to see again",
      querystring: videoQuerySchema,
      response: { 200: dataOf(z.array(videoSchema)), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await videos.forRoute(deps, authOf(req).user, req.query.route) }),
  });

  app.get('/api/core/videos', {
    preParsing,
    schema: {
      tags,
      summary: 'Every help video, by page and order (admin)',
      response: { 200: dataOf(z.array(videoSchema)), 401: msgSchema, 403: msgSchema },
    },
    handler: async (req) => ({ data: await videos.list(deps, authOf(req).user) }),
  });

  app.post('/api/core/videos', {
    preParsing,
    schema: {
      tags,
      summary: 'Add a help video to a page (admin)',
      body: videoBodySchema,
      response: { 201: dataOf(videoSchema), ...errors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await videos.create(deps, authOf(req).user, req.body) }),
  });

  app.put('/api/core/videos/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Change a help video (admin)',
      params: idParamsSchema,
      body: videoBodySchema,
      response: { 200: dataOf(videoSchema), ...errors },
    },
    handler: async (req) => ({
      data: await videos.update(deps, authOf(req).user, req.params.id, req.body),
    }),
  });

  app.delete('/api/core/videos/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Delete a help video (admin)',
      params: idParamsSchema,
      response: { 200: actionSchema(z.null()), ...errors },
    },
    handler: async (req) => {
      await videos.remove(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: VIDEO_MESSAGES.deleted, data: null };
    },
  });
};
