import {
  staleOf,
  ENQUIRY_MESSAGES,
  actionSchema,
  dataOf,
  enquiryCreateSchema,
  enquiryExportQuerySchema,
  enquiryListQuerySchema,
  enquirySchema,
  enquiryShowQuerySchema,
  enquiryUpdateSchema,
  idParamsSchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import { ifMatchOf, versioned } from '../../lib/if-match';
import * as enquiryList from './enquiries-list.service';
import * as enquiries from './enquiries.service';

const tags = ['enquiries'];
const one = dataOf(enquirySchema);
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** API.md's `stage[]=a&stage[]=b` form of the query lists, read as `stage` / `reason`. */
const bracketLists = async (req: FastifyRequest): Promise<void> => {
  const q = req.query as Record<string, unknown>;
  for (const key of ['stage', 'reason']) {
    const bracketed = q[`${key}[]`];
    if (bracketed === undefined) continue;
    const listed = [bracketed].flat();
    q[key] = q[key] === undefined ? listed : [q[key], ...listed].flat();
    delete q[`${key}[]`];
  }
};

/**
 * Enquiries (spec A §7, ADR 0050): any signed-in user reads and records them; their
 * author, anyone of the author's company and admins edit and delete them.
 */
export const enquiriesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.post('/api/enquiries', {
    preParsing,
    schema: {
      tags,
      summary:
        'Record an enquiry on a property or a scheme (any signed-in user); answers it with its relations',
      body: enquiryCreateSchema,
      response: { 201: one, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await enquiries.create(deps, authOf(req).user, req.body) }),
  });

  app.get('/api/enquiries', {
    preParsing,
    preValidation: bracketLists,
    schema: {
      tags,
      summary:
        'Every enquiry (any signed-in user): property, scheme (and its units), stage and reason lists, company, town, q (company or contact name), received range, mine, my_company; sort; paged; include=company,user,scheme,property,comments',
      querystring: enquiryListQuerySchema,
      response: { 200: pageOf(enquirySchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => enquiryList.list(deps, authOf(req).user, req.query),
  });

  app.get('/api/enquiries/export', {
    preParsing,
    preValidation: bracketLists,
    schema: {
      tags,
      summary: 'Every enquiry matching the list filters (and in its order), as a streamed CSV file',
      querystring: enquiryExportQuerySchema,
      response: { 200: z.unknown().describe('text/csv'), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await enquiryList.exportEnquiries(deps, authOf(req).user, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/enquiries/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One enquiry with the relations asked for and its count of unverified changes',
      params: idParamsSchema,
      querystring: enquiryShowQuerySchema,
      response: { 200: one, 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await enquiries.get(deps, authOf(req).user, req.params.id, enquiries.includeOf(req.query.include)),
      ),
  });

  app.put('/api/enquiries/:id', {
    preParsing,
    schema: {
      tags,
      summary:
        "Edit an enquiry (its author, anyone of the author's company, or an admin): absent fields stay, null clears",
      params: idParamsSchema,
      body: enquiryUpdateSchema,
      response: { 200: one, ...errors, 412: staleOf(enquirySchema) },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await enquiries.update(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });

  app.delete('/api/enquiries/:id', {
    preParsing,
    schema: {
      tags,
      summary: "Delete an enquiry and its comments (its author, anyone of the author's company, or an admin)",
      params: idParamsSchema,
      response: { 200: actionSchema(z.null()), ...errors },
    },
    handler: async (req) => {
      await enquiries.remove(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: ENQUIRY_MESSAGES.deleted, data: null };
    },
  });
};
