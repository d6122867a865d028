import {
  DEAL_READ_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  dataOf,
  dealCreateSchema,
  dealListQuerySchema,
  dealSchema,
  dealSummarySchema,
  idParamsSchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { authOf } from '../../plugins/session';
import { assertCanRecordDeal } from './deals.policy';
import * as deals from './deals.service';

const tags = ['deals'];
const one = dataOf(dealSchema);

/** The optional Idempotency-Key header (API.md): at most IDEMPOTENCY_KEY_MAX characters. */
const idempotencyKeyOf = (req: FastifyRequest): string | undefined => {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.trim() === '') return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw ValidationError.field(IDEMPOTENCY_KEY_HEADER, DEAL_READ_MESSAGES.idempotencyKeyTooLong);
  return key;
};

export const dealsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.post('/api/deals', {
    preParsing,
    schema: {
      tags,
      summary:
        "Record a deal and apply it to the property's (a scheme sale: the scheme's) current state, with history; optional Idempotency-Key header",
      body: dealCreateSchema,
      response: { 201: one, 401: msgSchema, 403: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      const actor = authOf(req).user;
      assertCanRecordDeal(actor, req.body.deal_type);
      const out = await deals.create(deps, actor, req.body, { idempotencyKey: idempotencyKeyOf(req) });
      return reply.code(out.status as 201).send(out.body);
    },
  });

  app.get('/api/deals/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        'One deal: its fields before and after, parties by list, links, place, author and the changes it wrote',
      params: idParamsSchema,
      response: { 200: one, 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await deals.get(deps, req.params.id) }),
  });

  app.get('/api/properties/:id/deals', {
    preParsing,
    schema: {
      tags,
      summary: "A property's deals, newest first (effective date, then recorded)",
      params: idParamsSchema,
      querystring: dealListQuerySchema,
      response: {
        200: pageOf(dealSummarySchema),
        401: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: (req) => deals.listForProperty(deps, req.params.id, req.query),
  });
};
