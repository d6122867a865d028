import {
  mapClusterQuerySchema,
  mapClustersResponseSchema,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
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
 * The map (issue 15, ADR 0054): any signed-in user reads the clusters, the points of an area, their
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
};
