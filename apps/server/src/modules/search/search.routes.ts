import { msgSchema, searchQuerySchema, searchResponseSchema, validationErrorSchema } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { search } from './search.service';

export const searchRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  app.get('/api/search', {
    preParsing,
    schema: {
      tags: ['search'],
      summary:
        'Every kind of record from one box (ADR 0083): properties, schemes, companies, contacts, deals and enquiries, grouped by type, best first',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req) => ({ data: await search(deps, req.query) }),
  });
};
