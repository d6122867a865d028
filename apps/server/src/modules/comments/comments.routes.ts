import {
  commentCreateSchema,
  commentListQuerySchema,
  commentSchema,
  commentUpdateSchema,
  dataOf,
  mentionResultSchema,
  mentionSearchQuerySchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as comments from './comments.service';

const tags = ['comments'];
const idParams = idParamsSchema;

export const commentsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/comments', {
    preParsing,
    schema: {
      tags,
      summary: "An entity's comments, newest first (include=user,entity,links)",
      querystring: commentListQuerySchema,
      response: { 200: pageOf(commentSchema), 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => comments.list(deps, req.query),
  });

  app.get('/api/comments/search-entity', {
    preParsing,
    schema: {
      tags,
      summary: 'Mention search: companies, schemes, properties, enquiries and users, best first (≤ 20)',
      querystring: mentionSearchQuerySchema,
      response: { 200: dataOf(z.array(mentionResultSchema)), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await comments.searchEntities(deps, req.query.q) }),
  });

  app.post('/api/comments', {
    preParsing,
    schema: {
      tags,
      summary: 'Comment on a property, scheme or enquiry (content is sanitized; links rebuilt from it)',
      body: commentCreateSchema,
      response: { 201: dataOf(commentSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      const data = await comments.create(deps, authOf(req).user, req.body);
      return reply.code(201).send({ data });
    },
  });

  app.put('/api/comments/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Edit a comment (its author or an admin)',
      params: idParams,
      body: commentUpdateSchema,
      response: {
        200: dataOf(commentSchema),
        401: msgSchema,
        403: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req) => ({
      data: await comments.update(deps, authOf(req).user, req.params.id, req.body),
    }),
  });

  app.delete('/api/comments/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Delete a comment (its author or an admin)',
      params: idParams,
      response: {
        200: dataOf(z.null()),
        401: msgSchema,
        403: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req) => {
      await comments.remove(deps, authOf(req).user, req.params.id);
      return { data: null };
    },
  });
};
