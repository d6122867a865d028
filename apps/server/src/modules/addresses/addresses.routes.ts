import {
  addressSchema,
  addressUpdateSchema,
  dataOf,
  msgSchema,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as addresses from './addresses.service';

export const addressesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.put('/api/addresses/:id', {
    preParsing: [app.requireSession],
    schema: {
      tags: ['addresses'],
      summary: "Update an address (a deal's address step); `unit` sets the building_num of its properties",
      params: idParamsSchema,
      body: addressUpdateSchema,
      response: { 200: dataOf(addressSchema), 401: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    // Addresses are shared research data: any signed-in user may correct one (API.md).
    handler: async (req) => ({
      data: await addresses.updateAddress(deps, authOf(req).user, req.params.id, req.body),
    }),
  });
};
