/**
 * The company page's and the contact page's reads (ADR 0091): a company's portfolio
 * (and its CSV), the deals a company or contact is a party to, and their Activity timelines.
 */
import {
  activityPageSchema,
  activityQuerySchema,
  idParamsSchema,
  msgSchema,
  portfolioPageSchema,
  portfolioQuerySchema,
  recordDealsPageSchema,
  recordDealsQuerySchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { sendCsvExport } from '../../lib/csv';
import { holdHeavySlot } from '../../lib/heavy-requests';
import { authOf } from '../../plugins/session';
import * as record from './company-record.service';
import { exportPortfolio } from './portfolio.export';

const errors = { 401: msgSchema, 404: msgSchema, 422: validationErrorSchema };

export const companyRecordRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/companies/:id/portfolio', {
    preParsing,
    schema: {
      tags: ['companies'],
      summary:
        "A company's live units — tenant, legal tenant, landlord, landlord agent, tenant agent — one row per unit with every role; role filter, sort, paged; meta.counts: units per role",
      params: idParamsSchema,
      querystring: portfolioQuerySchema,
      response: { 200: portfolioPageSchema, ...errors },
    },
    handler: (req) => record.portfolio(deps, req.params.id, req.query),
  });

  app.get('/api/companies/:id/portfolio/export', {
    preParsing,
    schema: {
      tags: ['companies'],
      summary: "A company's portfolio with the same role filter and sort, as a streamed CSV file",
      params: idParamsSchema,
      querystring: portfolioQuerySchema.omit({ page: true, per_page: true }),
      response: { 200: z.unknown().describe('text/csv'), ...errors },
    },
    handler: async (req, reply) => {
      holdHeavySlot(deps.config, authOf(req).user.id, reply);
      const out = await exportPortfolio(deps, req.params.id, req.query, (err) =>
        req.log.error({ err }, 'export failed'),
      );
      return sendCsvExport(reply, out);
    },
  });

  app.get('/api/companies/:id/deals', {
    preParsing,
    schema: {
      tags: ['companies'],
      summary:
        "Every deal the company is a party to (any role, previous roles included), newest first, in the deals list's shape with the company's roles",
      params: idParamsSchema,
      querystring: recordDealsQuerySchema,
      response: { 200: recordDealsPageSchema, ...errors },
    },
    handler: (req) => record.companyDeals(deps, req.params.id, req.query),
  });

  app.get('/api/companies/:id/activity', {
    preParsing,
    schema: {
      tags: ['companies'],
      summary:
        "The company's timeline, newest first: deals, store openings and closures, enquiries and their stage moves, comments on it and mentions of it, edits (`kind=` keeps some kinds); `before` = the previous page's meta.next",
      params: idParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema, ...errors },
    },
    handler: (req) => record.companyActivity(deps, req.params.id, req.query),
  });

  app.get('/api/users/:id/deals', {
    preParsing,
    schema: {
      tags: ['contacts'],
      summary:
        "Every deal the contact is a party to, newest first, in the deals list's shape with the contact's roles",
      params: idParamsSchema,
      querystring: recordDealsQuerySchema,
      response: { 200: recordDealsPageSchema, ...errors },
    },
    handler: (req) => record.contactDeals(deps, req.params.id, req.query),
  });

  app.get('/api/users/:id/activity', {
    preParsing,
    schema: {
      tags: ['contacts'],
      summary:
        "The contact's timeline, newest first: deals they are a party to, their enquiries and stage moves, comments they wrote and mentions of them, edits (`kind=comment,mention`: their comments and mentions); `before` = the previous page's meta.next",
      params: idParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema, ...errors },
    },
    handler: (req) => record.contactActivity(deps, req.params.id, req.query),
  });
};
