import {
  companySchema,
  dataOf,
  idParamsSchema,
  msgSchema,
  pageOf,
  pageQuerySchema,
  retailerStorePointsSchema,
  retailerStoreQuerySchema,
  retailerStoreSchema,
  retailerTimelineEventSchema,
  retailerTrackingBodySchema,
  trackedRetailerDetailSchema,
  trackedRetailerListQuerySchema,
  trackedRetailerSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import * as companies from '../companies/companies.service';
import { exportRetailers } from './tracked-retailers.export';
import * as retailers from './tracked-retailers.service';

const tags = ['tracked-retailers'];
const csvBody = z.unknown().describe('text/csv');
const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** /api/tracked-retailers (every user) and /api/core/retailers/{id}/tracking (admins; ADR 0059). */
export const trackedRetailersRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/tracked-retailers', {
    preParsing,
    schema: {
      tags,
      summary: 'Tracked retailers (companies with a core id): stores, openings and closures, verification',
      querystring: trackedRetailerListQuerySchema,
      response: { 200: pageOf(trackedRetailerSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => retailers.list(deps, req.query),
  });

  app.get('/api/tracked-retailers/export', {
    preParsing,
    schema: {
      tags,
      summary: 'Every tracked retailer matching the list filters, by name, as a streamed CSV file',
      querystring: trackedRetailerListQuerySchema.omit({ page: true, per_page: true }),
      response: { 200: csvBody, 401: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      return sendCsvExport(
        reply,
        await exportRetailers(deps, retailers.filtersOf(req.query), (err) =>
          req.log.error({ err }, 'export failed'),
        ),
      );
    },
  });

  app.get('/api/tracked-retailers/:id', {
    preParsing,
    schema: {
      tags,
      summary: 'One tracked retailer (404 when the company is not tracked)',
      params: idParamsSchema,
      response: { 200: dataOf(trackedRetailerDetailSchema), ...errors },
    },
    handler: async (req) => ({ data: await retailers.get(deps, req.params.id) }),
  });

  app.get('/api/tracked-retailers/:id/stores', {
    preParsing,
    schema: {
      tags,
      summary: "A tracked retailer's stores: the units where it is the tenant",
      params: idParamsSchema,
      querystring: retailerStoreQuerySchema,
      response: { 200: pageOf(retailerStoreSchema), ...errors },
    },
    handler: (req) => retailers.stores(deps, req.params.id, req.query),
  });

  app.get('/api/tracked-retailers/:id/store-points', {
    preParsing,
    schema: {
      tags,
      summary: "Every store's position for the retailer's map (capped at RETAILER_STORE_POINTS_MAX)",
      params: idParamsSchema,
      response: { 200: retailerStorePointsSchema, ...errors },
    },
    handler: (req) => retailers.storePoints(deps, req.params.id),
  });

  app.get('/api/tracked-retailers/:id/timeline', {
    preParsing,
    schema: {
      tags,
      summary: "A tracked retailer's openings, closures and moves, newest first",
      params: idParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: pageOf(retailerTimelineEventSchema), ...errors },
    },
    handler: (req) => retailers.timeline(deps, req.params.id, req.query),
  });

  app.put('/api/core/retailers/:id/tracking', {
    preParsing,
    schema: {
      tags,
      summary: 'Start (assigns core_id) or stop (clears it) tracking a company (admin)',
      params: idParamsSchema,
      body: retailerTrackingBodySchema,
      response: { 200: dataOf(z.union([trackedRetailerDetailSchema, companySchema])), ...errors },
    },
    handler: async (req) => {
      const actor = authOf(req).user;
      const tracked = await retailers.setTracking(deps, actor, req.params.id, req.body.tracked);
      return { data: tracked ?? (await companies.get(deps, req.params.id, undefined)) };
    },
  });
};
