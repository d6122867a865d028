import {
  MAP_MESSAGES,
  actionSchema,
  dataOf,
  idParamsSchema,
  mapClusterQuerySchema,
  mapClustersResponseSchema,
  mapExportQuerySchema,
  mapHeatCellSchema,
  mapHeatQuerySchema,
  mapPointPageSchema,
  mapPointQuerySchema,
  mapSearchBodySchema,
  mapSearchSchema,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import * as mapPoints from './map-points.service';
import * as mapSearches from './map-searches.service';
import * as map from './map.service';

const tags = ['map'];
const errors = { 401: msgSchema, 422: validationErrorSchema };

/** API.md's `groups[]=a&groups[]=b` form of the groups list, read as `groups`. */
const bracketGroups = async (req: FastifyRequest): Promise<void> => {
  const q = req.query as Record<string, unknown>;
  const bracketed = q['groups[]'];
  if (bracketed === undefined) return;
  const listed = [bracketed].flat();
  q.groups = q.groups === undefined ? listed : [q.groups, ...listed].flat();
  delete q['groups[]'];
};

/**
 * The map (ADR 0054): any signed-in user reads the clusters, the points of an area, their
 * CSV and the heat layer (shared research data); saved areas are each user's own (map.policy.ts).
 */
export const mapRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  const preValidation = bracketGroups;

  app.get('/api/map/clusters', {
    preParsing,
    preValidation,
    schema: {
      tags,
      summary:
        'The markers of a viewport: clusters of 64 px cells (from the pre-aggregated grid when only groups are asked for, else from the filtered points) with counts per group, single points with their property or scheme id; from zoom 17 only points at the same place are merged. Fresh after every write',
      querystring: mapClusterQuerySchema,
      response: { 200: mapClustersResponseSchema, ...errors },
    },
    handler: (req) => map.clusters(deps, req.query),
  });

  app.get('/api/map/points', {
    preParsing,
    preValidation,
    schema: {
      tags,
      summary:
        'The units (and, with no unit filter, the schemes) in a bbox, a polygon or a circle that pass the map filters; sorted, paged, with the exact total',
      querystring: mapPointQuerySchema,
      response: { 200: mapPointPageSchema, ...errors },
    },
    handler: (req) => mapPoints.points(deps, req.query),
  });

  app.get('/api/map/points/export', {
    preParsing,
    preValidation,
    schema: {
      tags,
      summary: 'The points of an area that pass the map filters, in the list order, as a streamed CSV file',
      querystring: mapExportQuerySchema,
      response: { 200: z.unknown().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await mapPoints.exportPoints(deps, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/map/heat', {
    preParsing,
    preValidation,
    schema: {
      tags,
      summary:
        'The mean rent per sq ft (GBP, rent pa over NIA) of the units in a viewport, per 128 px cell; cached for a minute',
      querystring: mapHeatQuerySchema,
      response: { 200: dataOf(z.array(mapHeatCellSchema)), ...errors },
    },
    handler: async (req) => ({ data: await map.heat(deps, req.query) }),
  });

  app.get('/api/map/searches', {
    preParsing,
    schema: {
      tags,
      summary: "The signed-in user's saved areas, newest first",
      response: { 200: dataOf(z.array(mapSearchSchema)), 401: msgSchema },
    },
    handler: async (req) => ({ data: await mapSearches.list(deps, authOf(req).user) }),
  });

  app.post('/api/map/searches', {
    preParsing,
    schema: {
      tags,
      summary: 'Save an area (a polygon or a circle) with the map filters under a name',
      body: mapSearchBodySchema,
      response: { 201: dataOf(mapSearchSchema), ...errors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ data: await mapSearches.save(deps, authOf(req).user, req.body) }),
  });

  app.delete('/api/map/searches/:id', {
    preParsing,
    schema: {
      tags,
      summary: "Delete one of the user's saved areas (another user's is not found)",
      params: idParamsSchema,
      response: { 200: actionSchema(z.null()), 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => {
      await mapSearches.remove(deps, authOf(req).user, req.params.id);
      return { status: 'success' as const, msg: MAP_MESSAGES.searchDeleted, data: null };
    },
  });
};
