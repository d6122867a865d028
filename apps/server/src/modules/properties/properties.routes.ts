import {
  actionSchema,
  dataOf,
  msgSchema,
  pageOf,
  propertyAreasSchema,
  propertyCreateSchema,
  propertyListQuerySchema,
  propertySchema,
  propertySimpleQuerySchema,
  propertySimpleSchema,
  propertyUpdateSchema,
  schemePropertyCreateSchema,
  staleOf,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import { exportProperties } from './properties.export';
import * as properties from './properties.service';
import { setMeAsContact } from './set-me-as-contact.service';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { ifMatchOf, versioned } from '../../lib/if-match';
import { assertCanFilterArchived } from '../archive/archive.policy';

const tags = ['properties'];
const idParams = idParamsSchema;
const one = dataOf(propertySchema);
const errors = { 401: msgSchema, 404: msgSchema, 422: validationErrorSchema };
const stale = { 412: staleOf(propertySchema) };

export const propertiesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/properties/simple', {
    preParsing,
    schema: {
      tags,
      summary: 'Property typeahead: id, unit, scheme, tenant and full address (type=standalone: no scheme)',
      querystring: propertySimpleQuerySchema,
      response: { 200: pageOf(propertySimpleSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => properties.simple(deps, req.query),
  });

  app.get('/api/properties', {
    preParsing,
    schema: {
      tags,
      summary:
        'List properties: q, town, scheme_id, tenant_id, landlord_id, vacant, lease end range, mine=1, sort, include',
      querystring: propertyListQuerySchema,
      response: { 200: pageOf(propertySchema), 401: msgSchema, 403: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => {
      assertCanFilterArchived(authOf(req).user, req.query.archived);
      return properties.list(deps, authOf(req).user, req.query);
    },
  });

  app.get('/api/properties/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every property matching the list filters (and in its order), as a streamed CSV file',
      // The list's own schema (its lease-end range refinement forbids .omit); paging is ignored.
      querystring: propertyListQuerySchema,
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
      const out = await exportProperties(deps, authOf(req).user, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/properties/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One property with every relation (address, scheme, tenants, parties, unverified history …)',
      params: idParams,
      response: { 200: one, ...errors },
    },
    handler: async (req, reply) => versioned(reply, await properties.get(deps, req.params.id)),
  });

  app.post('/api/properties', {
    preParsing,
    schema: {
      tags,
      summary: 'Create a standalone property with its address',
      body: propertyCreateSchema,
      response: { 201: one, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await properties.createStandalone(deps, authOf(req).user, req.body) }),
  });

  app.post('/api/schemes/:id/properties', {
    preParsing,
    schema: {
      tags,
      summary:
        "Create a unit inside a scheme (address copied from the scheme, landlord lists default to the scheme's)",
      params: idParams,
      body: schemePropertyCreateSchema,
      response: { 201: one, ...errors },
    },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send({ data: await properties.createInScheme(deps, authOf(req).user, req.params.id, req.body) }),
  });

  app.put('/api/properties/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'Update a property (absent fields unchanged; If-Match: the version read, else 412)',
      params: idParams,
      body: propertyUpdateSchema,
      response: { 200: one, ...errors, ...stale },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await properties.update(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });

  app.put('/api/properties/:id/areas', {
    preParsing,
    schema: {
      tags,
      summary: 'Set the area unit and the ticked areas (areas not sent are cleared; If-Match as PUT)',
      params: idParams,
      body: propertyAreasSchema,
      response: { 200: one, ...errors, ...stale },
    },
    handler: async (req, reply) =>
      versioned(
        reply,
        await properties.updateAreas(
          deps,
          authOf(req).user,
          req.params.id,
          req.body,
          ifMatchOf(req.headers['if-match']),
        ),
      ),
  });

  for (const [path, list] of [
    ['set-me-as-landlord-contact', 'landlord_contacts'],
    ['set-me-as-tenant-contact', 'tenant_contacts'],
  ] as const) {
    app.post(`/api/properties/:id/${path}`, {
      preParsing,
      schema: {
        tags,
        summary: `Add the signed-in user to the property's ${list.replace('_', ' ')} (idempotent)`,
        params: idParams,
        response: { 200: actionSchema(propertySchema), ...errors },
      },
      handler: (req) => setMeAsContact(deps, authOf(req).user, req.params.id, list),
    });
  }
};
