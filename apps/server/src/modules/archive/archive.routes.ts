import {
  actionSchema,
  archiveBodySchema,
  idParamsSchema,
  msgSchema,
  propertySchema,
  schemeSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as archive from './archive.service';

const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 409: msgSchema, 422: validationErrorSchema };

/**
 * Archiving and restoring properties and schemes (ADR 0078): DELETE archives (never deletes) with
 * a required reason; POST …/restore brings the record back. The owner company (its creator's) or
 * an admin.
 */
export const archiveRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.delete('/api/properties/:id', {
    preParsing,
    schema: {
      tags: ['properties'],
      summary:
        'Archive a property (never deleted): reason required; it leaves every list, search, the map, comparables and matching',
      params: idParamsSchema,
      body: archiveBodySchema,
      response: { 200: actionSchema(propertySchema), ...errors },
    },
    handler: (req) => archive.archiveProperty(deps, authOf(req).user, req.params.id, req.body),
  });

  app.post('/api/properties/:id/restore', {
    preParsing,
    schema: {
      tags: ['properties'],
      summary: 'Restore an archived property (not while its scheme is archived)',
      params: idParamsSchema,
      response: { 200: actionSchema(propertySchema), ...errors },
    },
    handler: (req) => archive.restoreProperty(deps, authOf(req).user, req.params.id),
  });

  app.delete('/api/schemes/:id', {
    preParsing,
    schema: {
      tags: ['schemes'],
      summary: 'Archive a scheme and its live units (never deleted): reason required',
      params: idParamsSchema,
      body: archiveBodySchema,
      response: { 200: actionSchema(schemeSchema), ...errors },
    },
    handler: (req) => archive.archiveScheme(deps, authOf(req).user, req.params.id, req.body),
  });

  app.post('/api/schemes/:id/restore', {
    preParsing,
    schema: {
      tags: ['schemes'],
      summary: 'Restore an archived scheme and the units archived with it',
      params: idParamsSchema,
      response: { 200: actionSchema(schemeSchema), ...errors },
    },
    handler: (req) => archive.restoreScheme(deps, authOf(req).user, req.params.id),
  });
};
