import {
  actionSchema,
  dataOf,
  idParamsSchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
  WEBHOOK_MESSAGES,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookReplayRangeSchema,
  webhookSchema,
  webhookUpdateSchema,
  webhookWithSecretSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import { assertMayManageWebhooks } from './webhooks.policy';
import * as webhooks from './webhooks.service';

const tags = ['webhooks'];
const refusals = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };
/** A replay to a disabled endpoint is refused until it is enabled again. */
const replayRefusals = { ...refusals, 409: msgSchema };

/** Webhook endpoints and their delivery log: admins' (ADR 0098). */
export const webhooksRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The policy runs before any body is read or record looked up: a non-admin learns nothing.
  const preHandler = async (req: FastifyRequest) => assertMayManageWebhooks(authOf(req).user);
  const base = { preParsing: [app.requireSession], preHandler };

  app.get('/api/webhooks', {
    ...base,
    schema: {
      tags,
      summary: 'Webhook endpoints',
      response: { 200: dataOf(z.array(webhookSchema)), ...refusals },
    },
    handler: async () => ({ data: await webhooks.listEndpoints(deps) }),
  });
  app.post('/api/webhooks', {
    ...base,
    schema: {
      tags,
      summary: 'Register a webhook endpoint; the answer holds its signing secret, shown this once',
      body: webhookCreateSchema,
      response: { 201: dataOf(webhookWithSecretSchema), ...refusals },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await webhooks.createEndpoint(deps, authOf(req).user.id, req.body) }),
  });
  app.get('/api/webhooks/:id', {
    ...base,
    schema: {
      tags,
      summary: 'A webhook endpoint',
      params: idParamsSchema,
      response: { 200: dataOf(webhookSchema), ...refusals },
    },
    handler: async (req) => ({ data: await webhooks.getEndpoint(deps, req.params.id) }),
  });
  app.patch('/api/webhooks/:id', {
    ...base,
    schema: {
      tags,
      summary:
        'Change an endpoint: URL, events, description; `enabled` false disables it, true enables it again',
      params: idParamsSchema,
      body: webhookUpdateSchema,
      response: { 200: dataOf(webhookSchema), ...refusals },
    },
    handler: async (req) => ({ data: await webhooks.updateEndpoint(deps, req.params.id, req.body) }),
  });
  app.delete('/api/webhooks/:id', {
    ...base,
    schema: {
      tags,
      summary: 'Delete an endpoint and its delivery log',
      params: idParamsSchema,
      response: { 200: actionSchema(z.null()), ...refusals },
    },
    handler: async (req) => {
      await webhooks.deleteEndpoint(deps, req.params.id);
      return { status: 'success' as const, msg: WEBHOOK_MESSAGES.deleted, data: null };
    },
  });
  app.post('/api/webhooks/:id/rotate-secret', {
    ...base,
    schema: {
      tags,
      summary: 'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours',
      params: idParamsSchema,
      response: { 200: dataOf(webhookWithSecretSchema), ...refusals },
    },
    handler: async (req) => ({ data: await webhooks.rotateSecret(deps, req.params.id) }),
  });
  app.get('/api/webhooks/:id/deliveries', {
    ...base,
    schema: {
      tags,
      summary: "The endpoint's deliveries, newest first, each with its attempts (kept 30 days)",
      params: idParamsSchema,
      querystring: webhookDeliveriesQuerySchema,
      response: { 200: pageOf(webhookDeliverySchema), ...refusals },
    },
    handler: async (req) => webhooks.listDeliveries(deps, req.params.id, req.query),
  });
  app.post('/api/webhooks/:id/deliveries/:delivery_id/replay', {
    ...base,
    schema: {
      tags,
      summary:
        'Send a delivery again (the same webhook-id), from the start of the retry schedule; 409 while the endpoint is disabled',
      params: webhookDeliveryParamsSchema,
      response: { 200: actionSchema(z.null()), ...replayRefusals },
    },
    handler: async (req) => {
      await webhooks.replayDelivery(deps, req.params.id, req.params.delivery_id);
      return { status: 'success' as const, msg: WEBHOOK_MESSAGES.replayed, data: null };
    },
  });
  app.post('/api/webhooks/:id/deliveries/replay', {
    ...base,
    schema: {
      tags,
      summary:
        'Send again every failed delivery of the endpoint created between `from` and `to`; 409 while the endpoint is disabled',
      params: idParamsSchema,
      body: webhookReplayRangeSchema,
      response: { 200: actionSchema(z.object({ replayed: z.number().int() })), ...replayRefusals },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: WEBHOOK_MESSAGES.replayedMany,
      data: { replayed: await webhooks.replayFailed(deps, req.params.id, req.body) },
    }),
  });
};
