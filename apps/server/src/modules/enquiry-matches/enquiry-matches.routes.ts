import {
  enquiryMatchMetaSchema,
  enquiryMatchQuerySchema,
  enquiryMatchSchema,
  idParamsSchema,
  msgSchema,
  pageOf,
  paginationSchema,
  propertyEnquiryMatchQuerySchema,
  propertyEnquiryMatchSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import * as matches from './enquiry-matches.service';

/**
 * Matching units to enquiries and enquiries to units (ADR 0053). Enquiries and
 * properties are shared research data: any signed-in user reads the matches (no policy beyond the
 * session).
 */
export const enquiryMatchesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/enquiries/:id/matches', {
    preParsing,
    schema: {
      tags: ['enquiries'],
      summary:
        'The units that fit an enquiry: vacant, or a lease ending or a break within 12 months; in its scheme, its town or within a radius of its place; size on the chosen measure and rent in its ranges. Vacant first, then soonest free, then nearest the middle of the size range',
      params: idParamsSchema,
      querystring: enquiryMatchQuerySchema,
      response: {
        200: z.object({
          data: z.array(enquiryMatchSchema),
          meta: z.object({ pagination: paginationSchema, match: enquiryMatchMetaSchema }),
        }),
        401: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: (req) => matches.unitMatches(deps, req.params.id, req.query),
  });

  app.get('/api/properties/:id/enquiry-matches', {
    preParsing,
    schema: {
      tags: ['properties'],
      summary:
        'The live enquiries (interest, under offer) a property would satisfy: on its scheme or in its town, its size and rent in their ranges; newest first',
      params: idParamsSchema,
      querystring: propertyEnquiryMatchQuerySchema,
      response: {
        200: pageOf(propertyEnquiryMatchSchema),
        401: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: (req) => matches.enquiryMatches(deps, req.params.id, req.query),
  });
};
