import {
  comparablesExportQuerySchema,
  comparablesQuerySchema,
  comparablesResponseSchema,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import * as comparables from './comparables.service';

const tags = ['deals'];

/**
 * Comparable evidence (ADR 0047). Deals are shared research data: any signed-in
 * user reads them. Static paths, so Fastify matches them before GET /api/deals/:id.
 */
export const comparablesRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/deals/comparables', {
    preParsing,
    schema: {
      tags,
      summary:
        'Comparable lettings, renewals and reviews from a property, a scheme or a town / post-code district: rent pa, rent per sq ft, Zone A, their quartiles over every match and a chart series',
      querystring: comparablesQuerySchema,
      response: { 200: comparablesResponseSchema, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => comparables.comparables(deps, req.query),
  });

  app.get('/api/deals/comparables/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every comparable matching the filters, newest first, as a streamed CSV file',
      querystring: comparablesExportQuerySchema,
      response: { 200: z.unknown().describe('text/csv'), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await comparables.exportComparables(deps, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });
};
