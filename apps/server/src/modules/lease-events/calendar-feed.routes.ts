import {
  calendarFeedStatusSchema,
  calendarFeedUrlSchema,
  dataOf,
  msgSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { hashToken } from '../../lib/tokens';
import { authOf } from '../../plugins/session';
import * as feeds from './calendar-feed.service';

const tags = ['calendar feed'];

/** If-None-Match names this entity tag (or any): weak comparison, as RFC 9110 asks for it. */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  !!header &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/** The origin the request came to (behind a proxy, with TRUST_PROXY, the one the client used). */
const requestOrigin = (req: FastifyRequest): string => `${req.protocol}://${req.host}`;

/**
 * The calendar feed (ADR 0090): the profile's routes behind the session, and the `.ics` a calendar
 * fetches with the secret in its URL — no cookie, no X-Requested-With (requested-with.ts lists it).
 */
export const calendarFeedRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];

  app.get('/api/settings/calendar-feed', {
    preParsing,
    schema: {
      tags,
      summary: 'Whether I have a calendar feed (its URL is shown only when it is made)',
      response: { 200: dataOf(calendarFeedStatusSchema), 401: msgSchema },
    },
    handler: async (req) => ({ data: await feeds.feedStatus(deps, authOf(req).user.id) }),
  });

  app.post('/api/settings/calendar-feed', {
    preParsing,
    schema: {
      tags,
      summary: 'Create my calendar feed URL, or regenerate it (the previous URL stops working)',
      response: { 200: dataOf(calendarFeedUrlSchema), 401: msgSchema },
    },
    handler: async (req) => ({
      data: await feeds.createFeed(deps, authOf(req).user.id, requestOrigin(req)),
    }),
  });

  app.delete('/api/settings/calendar-feed', {
    preParsing,
    schema: {
      tags,
      summary: 'Revoke my calendar feed URL',
      response: { 200: dataOf(calendarFeedStatusSchema), 401: msgSchema },
    },
    handler: async (req) => ({ data: await feeds.revokeFeed(deps, authOf(req).user.id) }),
  });

  app.get('/api/calendar/:token.ics', {
    // The URL is the credential: the request log names the route, never the path it came by
    // (plain or percent-encoded, it holds the token).
    logSerializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: '/api/calendar/frf_….ics',
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    // Per feed URL (its hash: the limiter's memory never holds a secret), whatever the address:
    // a calendar service fetches from many. Unknown tokens share the address's general limit.
    config: {
      rateLimit:
        deps.config.calendarFeedRateLimit > 0
          ? {
              max: deps.config.calendarFeedRateLimit,
              timeWindow: '1 minute',
              keyGenerator: (req: FastifyRequest) =>
                `calendar-feed:${hashToken(String((req.params as { token?: unknown }).token ?? ''))}`,
            }
          : false,
    },
    schema: {
      tags,
      summary: 'A calendar feed (iCalendar; the secret URL is the credential: no session needed)',
      params: z.object({ token: z.string().max(100) }),
      response: {
        200: z.string().describe('text/calendar'),
        304: z.null().describe('Not modified: the text has the tag If-None-Match named'),
        404: msgSchema,
        422: validationErrorSchema,
        429: msgSchema,
      },
    },
    handler: async (req, reply) => {
      const feed = await feeds.feedCalendar(deps, req.params.token, requestOrigin(req));
      const etag = `"${feed.etag}"`;
      // A calendar that names the tag of the text it has is told it has not changed (RFC 9110
      // §13.1.2) instead of being sent it again. Cache-Control stays `no-store`, as every API answer.
      reply.header('ETag', etag);
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="frontage-lease-events.ics"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(feed.body);
    },
  });
};
