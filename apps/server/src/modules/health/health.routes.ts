import { msgSchema } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { check } from './health.service';

export const healthRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  root.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check (no session, no X-Requested-With needed)',
      response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }), 503: msgSchema },
    },
    handler: () => check(deps),
  });
};
