import {
  EXPORT_TOTAL_HEADER,
  dataOf,
  leaseEventActionSchema,
  leaseEventSchema,
  leaseEventsExportQuerySchema,
  leaseEventsQuerySchema,
  msgSchema,
  pageOf,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import { exportCsv, exportXlsx } from './lease-events.export';
import * as events from './lease-events.service';

const tags = ['lease-events'];
const fileBody = z
  .unknown()
  .describe('text/csv or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
/** The id is checked by the service (a malformed one is a 404: no lease gives it). */
const idParams = z.object({ id: z.string().max(40) });
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /api/lease-events: the work list of every let, live unit's lease events (ADR 0087). */
export const leaseEventsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/lease-events', {
    preParsing,
    schema: {
      tags,
      summary:
        'Lease events from `from` to `to` (default the next 90 days), by date, filtered; open ones by default',
      querystring: leaseEventsQuerySchema,
      response: { 200: pageOf(leaseEventSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => events.list(deps, authOf(req).user, req.query),
  });

  app.get('/api/lease-events/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every lease event matching the list filters, by date, as streamed CSV or an Excel workbook',
      querystring: leaseEventsExportQuerySchema,
      response: { 200: fileBody, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      const actor = authOf(req).user;
      const { format, ...query } = req.query;
      const f = events.filtersOf(deps, actor, query);
      holdHeavySlot(deps.config, actor.id, reply);
      if (format === 'xlsx') {
        const out = await exportXlsx(deps, f);
        return reply
          .header('Content-Type', XLSX_TYPE)
          .header('Content-Disposition', `attachment; filename="${out.filename}"`)
          .header(EXPORT_TOTAL_HEADER, String(out.total))
          .send(out.stream);
      }
      return sendCsvExport(reply, await exportCsv(deps, f, (err) => req.log.error({ err }, 'export failed')));
    },
  });

  // Done and Dismiss are one action with a different outcome: one declaration serves both.
  for (const { path, status, summary } of [
    { path: 'done', status: 'done', summary: 'Marks the event done on its present date' },
    { path: 'dismiss', status: 'dismissed', summary: 'Dismisses the event on its present date' },
  ] as const) {
    app.post(`/api/lease-events/:id/${path}`, {
      preParsing,
      schema: {
        tags,
        summary: `${summary} (a hard event needs a reason)`,
        params: idParams,
        body: leaseEventActionSchema,
        response: { 200: dataOf(leaseEventSchema), ...errors },
      },
      handler: async (req) => ({
        data: await events.act(deps, authOf(req).user, req.params.id, status, req.body),
      }),
    });
  }

  app.delete('/api/lease-events/:id/action', {
    preParsing,
    schema: {
      tags,
      summary: 'Reopens the event: its Done or Dismiss goes',
      params: idParams,
      response: { 200: dataOf(leaseEventSchema), ...errors },
    },
    handler: async (req) => ({ data: await events.reopen(deps, req.params.id) }),
  });
};
