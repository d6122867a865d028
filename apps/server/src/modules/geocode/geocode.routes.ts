import {
  geocodeReverseQuerySchema,
  geocodeReverseResponseSchema,
  geocodeSearchQuerySchema,
  geocodeSearchResponseSchema,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import type { Geocoder } from './geocoder';
import * as geocode from './geocode.service';

/** `geocoder` replaces the configured provider (tests). */
export const geocodeRoutes = (root: FastifyInstance, deps: ServiceDeps, geocoder?: Geocoder): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  const provider = () => geocoder ?? geocode.geocoderFor(deps);

  app.get('/api/geocode/reverse', {
    preParsing,
    schema: {
      tags: ['geocode'],
      summary: "The address at a point (the address picker); data null = 'Invalid Location'",
      querystring: geocodeReverseQuerySchema,
      response: { 200: geocodeReverseResponseSchema, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({
      data: await geocode.reverse(provider(), req.log, req.query.lat, req.query.lng),
    }),
  });

  app.get('/api/geocode/search', {
    preParsing,
    schema: {
      tags: ['geocode'],
      summary: 'Places matching a text (the autofill box)',
      querystring: geocodeSearchQuerySchema,
      response: { 200: geocodeSearchResponseSchema, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({
      data: await geocode.search(provider(), req.log, req.query.q, req.query.limit),
    }),
  });
};
