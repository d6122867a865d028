import {
  DEAL_READ_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  dataOf,
  dealCorrectAnswerSchema,
  dealCreateSchema,
  dealExportQuerySchema,
  dealVoidAnswerSchema,
  dealVoidBodySchema,
  dealListItemSchema,
  dealListQuerySchema,
  dealSchema,
  dealSearchQuerySchema,
  dealSummarySchema,
  idParamsSchema,
  msgSchema,
  pageOf,
  staleOf,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { ValidationError } from '../../lib/errors';
import { etagOf, ifMatchOf, versioned } from '../../lib/if-match';
import { authOf } from '../../plugins/session';
import * as change from './deal-change.service';
import { assertCanRecordDeal } from './deals.policy';
import * as dealList from './deals-list.service';
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

/** API.md's `type[]=a&type[]=b` form of a query list, read as `type` (the schema splits and checks it). */
const bracketLists = async (req: FastifyRequest): Promise<void> => {
  const q = req.query as Record<string, unknown>;
  if (q['type[]'] === undefined) return;
  const listed = [q['type[]']].flat();
  q.type = q.type === undefined ? listed : [q.type, ...listed].flat();
  delete q['type[]'];
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
      const out = await deals.create(deps, actor, req.body, {
        idempotencyKey: idempotencyKeyOf(req),
        onError: (err) => req.log.error({ err }, 'vacancy notifications failed'),
      });
      return reply.code(out.status as 201).send(out.body);
    },
  });

  // Static paths: Fastify's router prefers them to /api/deals/:id whatever the order; declared first anyway.
  app.get('/api/deals', {
    preParsing,
    preValidation: bracketLists,
    schema: {
      tags,
      summary:
        'Every deal (any signed-in user): type list, effective date range, town, scheme, property, tenant, landlord, recorded by; sort; paged',
      querystring: dealSearchQuerySchema,
      response: { 200: pageOf(dealListItemSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => dealList.list(deps, req.query),
  });

  app.get('/api/deals/export', {
    preParsing,
    preValidation: bracketLists,
    schema: {
      tags,
      summary: 'Every deal matching the list filters (and in its order), as a streamed CSV file',
      querystring: dealExportQuerySchema,
      response: { 200: z.unknown().describe('text/csv'), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await dealList.exportDeals(deps, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
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
    handler: async (req, reply) => versioned(reply, await deals.get(deps, req.params.id)),
  });

  app.put('/api/deals/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        "Correct a deal (ADR 0077): the same body as POST, same type and place; If-Match: the version read, else 412. Where the place still holds the deal's values they are re-applied; fields a later change overwrote are left and listed in meta.left_fields",
      params: idParamsSchema,
      body: dealCreateSchema,
      response: {
        200: dealCorrectAnswerSchema,
        401: msgSchema,
        403: msgSchema,
        404: msgSchema,
        409: msgSchema,
        412: staleOf(dealSchema),
        422: validationErrorSchema,
      },
    },
    handler: async (req, reply) => {
      const actor = authOf(req).user;
      assertCanRecordDeal(actor, req.body.deal_type);
      const out = await change.correctDeal(
        deps,
        actor,
        req.params.id,
        req.body,
        ifMatchOf(req.headers['if-match']),
      );
      const etag = etagOf(out.data);
      if (etag) reply.header('ETag', etag);
      return out;
    },
  });

  app.delete('/api/deals/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        "Void a deal with a reason (ADR 0077): the place's fields that still hold the deal's values are restored, fields a later change overwrote are left (meta.left_fields); the deal leaves every list and stays readable by id",
      params: idParamsSchema,
      body: dealVoidBodySchema,
      response: {
        200: dealVoidAnswerSchema,
        401: msgSchema,
        403: msgSchema,
        404: msgSchema,
        409: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: (req) => change.voidDeal(deps, authOf(req).user, req.params.id, req.body.reason),
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
