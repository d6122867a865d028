import { dataOf, msgSchema, publicConfigSchema } from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { publicConfig } from './config.service';

export const configRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/config', {
    preParsing: [app.requireSession],
    schema: {
      tags: ['config'],
      summary: 'Links shown in the app (documentation, support, help e-mail) and the map style URL',
      response: { 200: dataOf(publicConfigSchema), 401: msgSchema },
    },
    handler: () => ({ data: publicConfig(deps) }),
  });
};
