import {
  NEWS_MESSAGES,
  actionSchema,
  idParamsSchema,
  msgSchema,
  newsItemBodySchema,
  newsItemSchema,
  newsListQuerySchema,
  newsSeenResponseSchema,
  pageOf,
  validationErrorSchema,
  whatsNewResponseSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf, sessionAuthOf } from '../../plugins/session';
import { newsFeed, type NewsFeed } from './news-feed';
import { assertCanManageNews } from './news.policy';
import * as news from './news.service';

const errors = { 401: msgSchema, 403: msgSchema, 404: msgSchema, 422: validationErrorSchema };

/** `feed` replaces the configured NEWS_FEED_URL adapter (null = none). */
export const newsRoutes = (root: FastifyInstance, deps: ServiceDeps, feed?: NewsFeed | null): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  // Refused before the body is validated: a non-admin gets 403 whatever it sent.
  const adminOnly = {
    preParsing,
    preValidation: async (req: FastifyRequest) => assertCanManageNews(authOf(req).user),
  };
  const source =
    feed !== undefined
      ? feed
      : deps.config.newsFeedUrl
        ? newsFeed(deps.config.newsFeedUrl, root.log, deps.now)
        : null;

  app.get('/api/core/news', {
    ...adminOnly,
    schema: {
      tags: ['core'],
      summary: "News items of the What's New dialog, newest publish date first (admins)",
      querystring: newsListQuerySchema,
      response: { 200: pageOf(newsItemSchema), ...errors },
    },
    handler: (req) => news.list(deps, req.query),
  });

  app.post('/api/core/news', {
    ...adminOnly,
    schema: {
      tags: ['core'],
      summary: 'Write a news item (admins); the body is sanitized HTML (plain text becomes paragraphs)',
      body: newsItemBodySchema,
      response: { 200: actionSchema(newsItemSchema), ...errors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: NEWS_MESSAGES.created,
      data: await news.create(deps, authOf(req).user.id, req.body),
    }),
  });

  app.put('/api/core/news/:id', {
    ...adminOnly,
    schema: {
      tags: ['core'],
      summary: 'Edit a news item (admins); keeping its day keeps its publish instant',
      params: idParamsSchema,
      body: newsItemBodySchema,
      response: { 200: actionSchema(newsItemSchema), ...errors },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: NEWS_MESSAGES.updated,
      data: await news.update(deps, req.params.id, req.body),
    }),
  });

  app.delete('/api/core/news/:id', {
    ...adminOnly,
    schema: {
      tags: ['core'],
      summary: 'Delete a news item (admins)',
      params: idParamsSchema,
      response: { 200: actionSchema(z.null()), ...errors },
    },
    handler: async (req) => {
      await news.remove(deps, req.params.id);
      return { status: 'success' as const, msg: NEWS_MESSAGES.deleted, data: null };
    },
  });

  app.get('/api/news/whats-new', {
    preParsing,
    schema: {
      tags: ['news'],
      summary:
        "What's New: news newer than the user's last activity as it stood at this session's sign-in, newest first",
      response: { 200: whatsNewResponseSchema, 401: msgSchema },
    },
    handler: async (req) => {
      const { user, session } = sessionAuthOf(req);
      return { data: await news.whatsNew(deps, user.id, session.activity_before, source) };
    },
  });

  app.post('/api/news/seen', {
    preParsing,
    schema: {
      tags: ['news'],
      summary: "The user has seen What's New: their last activity becomes now",
      response: { 200: newsSeenResponseSchema, 401: msgSchema },
    },
    handler: async (req) => ({ data: await news.markSeen(deps, authOf(req).user.id) }),
  });
};
