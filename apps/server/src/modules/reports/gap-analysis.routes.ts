import {
  gapAnalysisQuerySchema,
  gapAnalysisResultSchema,
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
import { exportGapAnalysis } from './gap-analysis.export';
import * as gap from './gap-analysis.service';

const csvBody = z.unknown().describe('text/csv');
const tags = ['reports'];
const errors = { 401: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/**
 * Gap Analysis (Beta, ADR 0058). Units and tenants are shared research data: any
 * signed-in user runs the report (no policy beyond the session).
 */
export const reportsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/reports/gap-analysis', {
    preParsing,
    schema: {
      tags,
      summary:
        'Gap Analysis (Beta): the towns or schemes where a retailer’s peers (companies of its categories, or of one chosen) trade and it does not, ranked by peers present, size or available units; each with its vacant units and leases ending or breaking within `months`',
      querystring: gapAnalysisQuerySchema,
      response: { 200: gapAnalysisResultSchema, ...errors },
    },
    handler: (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      return gap.gapAnalysis(deps, req.query);
    },
  });

  app.get('/api/reports/gap-analysis/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every place of a gap analysis (same parameters, no paging), as a streamed CSV file',
      querystring: gapAnalysisQuerySchema.omit({ page: true, per_page: true }),
      response: { 200: csvBody, ...errors },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await exportGapAnalysis(deps, req.query, (err) => req.log.error({ err }, 'export failed'));
      return sendCsvExport(reply, out);
    },
  });
};
