import {
  VERIFICATION_QUEUE_MESSAGES,
  actionSchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
  verificationQueueGroupSchema,
  verificationQueueIdsSchema,
  verificationQueueQuerySchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import { assertCanReviewChanges } from './verification-queue.policy';
import { reject } from './verification-queue.reject';
import * as queue from './verification-queue.service';

const tags = ['core'];
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

export const verificationQueueRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/core/verification-queue', {
    preParsing,
    schema: {
      tags,
      summary:
        'Unverified changes of properties, schemes and addresses, by record, oldest waiting first (admins)',
      querystring: verificationQueueQuerySchema,
      response: { 200: pageOf(verificationQueueGroupSchema), ...errors },
    },
    handler: async (req) => {
      assertCanReviewChanges(authOf(req).user);
      return queue.list(deps, req.query);
    },
  });

  app.post('/api/core/verification-queue/verify', {
    preParsing,
    schema: {
      tags,
      summary: 'Verify waiting changes (admins): all of them or none',
      body: verificationQueueIdsSchema,
      response: { 200: actionSchema(z.object({ verified: z.number().int() })), ...errors },
    },
    handler: async (req) => {
      const actor = authOf(req).user;
      assertCanReviewChanges(actor);
      const verified = await queue.verify(deps, actor.id, req.body.ids);
      return { status: 'success' as const, msg: VERIFICATION_QUEUE_MESSAGES.verified, data: { verified } };
    },
  });

  app.post('/api/core/verification-queue/reject', {
    preParsing,
    schema: {
      tags,
      summary: 'Reject waiting changes (admins): the previous values restored and recorded, newest first',
      body: verificationQueueIdsSchema,
      response: { 200: actionSchema(z.object({ rejected: z.number().int() })), 409: msgSchema, ...errors },
    },
    handler: async (req) => {
      const actor = authOf(req).user;
      assertCanReviewChanges(actor);
      const rejected = await reject(deps, actor, req.body.ids);
      return { status: 'success' as const, msg: VERIFICATION_QUEUE_MESSAGES.rejected, data: { rejected } };
    },
  });
};
