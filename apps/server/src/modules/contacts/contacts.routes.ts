import {
  staleOf,
  CONTACT_MESSAGES,
  actionSchema,
  contactBodySchema,
  contactSchema,
  contactListQuerySchema,
  contactSimilarQuerySchema,
  similarContactSchema,
  dataOf,
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
import { ifMatchOf, versioned } from '../../lib/if-match';
import { hasExplicitSort } from '../companies/search';
import { exportContacts } from './contacts.export';
import * as contacts from './contacts.service';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';

const tags = ['contacts'];
/** A streamed CSV file (text/csv), not JSON. */
const csvBody = z.unknown().describe('text/csv');
const idParams = idParamsSchema;
const includeQuery = z.object({ include: z.string().optional() });
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** Contacts are users (spec A §3); the routes live under /api/users as the spec calls them. */
export const contactsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/users', {
    preParsing,
    schema: {
      tags,
      summary:
        'Search and list contacts (word starts of the name and e-mail, ADR 0030; include=company; account fields only for oneself and admins, ADR 0073)',
      querystring: contactListQuerySchema,
      response: { 200: pageOf(contactSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => contacts.list(deps, authOf(req).user, req.query, hasExplicitSort(req.url)),
  });

  app.get('/api/users/similar', {
    preParsing,
    schema: {
      tags,
      summary:
        'Contacts of a company a new one may duplicate: the same or a very similar name (trigrams), ADR 0082',
      querystring: contactSimilarQuerySchema,
      response: { 200: dataOf(z.array(similarContactSchema)), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await contacts.similar(deps, req.query) }),
  });

  app.get('/api/users/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every contact matching the list filters, as a streamed CSV file',
      querystring: contactListQuerySchema.omit({ page: true, per_page: true, include: true }),
      response: { 200: csvBody, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await exportContacts(deps, req.query, req.query.sort, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.post('/api/users', {
    preParsing,
    schema: {
      tags,
      summary: 'Create a contact (type and a temporary password: admins only)',
      body: contactBodySchema,
      response: { 201: dataOf(contactSchema), ...errors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await contacts.create(deps, authOf(req).user, req.body) }),
  });

  app.get('/api/users/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One contact (include=company)',
      params: idParams,
      querystring: includeQuery,
      response: { 200: dataOf(contactSchema), ...errors },
    },
    handler: async (req, reply) =>
      versioned(reply, await contacts.get(deps, authOf(req).user, req.params.id, req.query.include)),
  });

  app.put('/api/users/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Edit a contact (admin, someone of its company, or the contact)',
      params: idParams,
      querystring: includeQuery,
      body: contactBodySchema,
      response: { 200: dataOf(contactSchema), ...errors, 412: staleOf(contactSchema) },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await contacts.update(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          req.query.include,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });

  app.delete('/api/users/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Delete a contact (admin; not yourself)',
      params: idParams,
      response: { 200: actionSchema(z.null()), ...errors },
    },
    handler: async (req) => {
      await contacts.remove(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: CONTACT_MESSAGES.deleted, data: null };
    },
  });
};
