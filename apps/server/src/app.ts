import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_MESSAGES, LOGO_MAX_BYTES } from '@frontage/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { ServiceDeps } from './deps';
import type { JobLayer } from './jobs';
import { TooManyRequestsError } from './lib/errors';
import { createSerializerCompiler, type SerializerReport } from './plugins/serializer';
import { holdUploadWorkers } from './lib/workers/pool';
import { createLogger } from './logger';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { companyRecordRoutes } from './modules/company-record/company-record.routes';
import { configRoutes } from './modules/config/config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { SHUTDOWN_RETRY_MS } from './modules/notifications/notifications.stream';
import { importsRoutes } from './modules/imports/imports.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { watchesRoutes } from './modules/watches/watches.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { webhookEventsDocument } from './modules/webhooks/webhooks.openapi';
import { settingsRoutes } from './modules/settings/settings.routes';
import { uiStateRoutes } from './modules/ui-state/ui-state.routes';
import { archiveRoutes } from './modules/archive/archive.routes';
import { propertiesRoutes } from './modules/properties/properties.routes';
import { schemesRoutes } from './modules/schemes/schemes.routes';
import { searchRoutes } from './modules/search/search.routes';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { geocodeRoutes } from './modules/geocode/geocode.routes';
import { historyRoutes } from './modules/history/history.routes';
import { calendarFeedRoutes } from './modules/lease-events/calendar-feed.routes';
import { leaseEventsRoutes } from './modules/lease-events/lease-events.routes';
import { comparablesRoutes } from './modules/deals/comparables.routes';
import { dealsRoutes } from './modules/deals/deals.routes';
import { enquiriesRoutes } from './modules/enquiries/enquiries.routes';
import { trackedRetailersRoutes } from './modules/tracked-retailers/tracked-retailers.routes';
import { enquiryMatchesRoutes } from './modules/enquiry-matches/enquiry-matches.routes';
import { mapRoutes } from './modules/map/map.routes';
import { newsRoutes } from './modules/news/news.routes';
import { reportsRoutes } from './modules/reports/gap-analysis.routes';
import { storeListsRoutes } from './modules/store-lists/store-lists.routes';
import { verificationQueueRoutes } from './modules/verification-queue/verification-queue.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { errorHandler, notFoundHandler } from './plugins/error-handler';
import { clientErrors, frameworkErrors, securityHeaders } from './plugins/framework-errors';
import { inputGuard } from './plugins/input-guard';
import { jsonBody } from './plugins/json-body';
import { isApiRequest, requestedWithGuard } from './plugins/requested-with';
import { securityHeadersHook } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { staticWeb } from './plugins/static-web';

export const BODY_LIMIT = 1024 * 1024;

export interface AppDeps {
  config: Config;
  db: DbHandle | Db;
  /** A ready pino logger (tests pass one writing to a buffer); default: from config.logLevel. */
  logger?: Logger;
  /** The clock (tests move it to expire sessions). */
  now?: () => Date;
  /** The durable job layer (ADR 0089): the server's (main.ts); tests pass one only when they need it. */
  jobs?: JobLayer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the graceful shutdown (ADR 0034): from now on every answer closes its connection,
     * GET /api/health answers 503, and `shutdownSignal` tells open streams to end.
     */
    beginShutdown: () => void;
    /** Aborted when the graceful shutdown begins. */
    shutdownSignal: AbortSignal;
    services: ServiceDeps;
    /** Which route answers are written by a compiled serializer and which keep zod's (ADR 0102). */
    serializers: SerializerReport;
  }
}

/** The content security policy for the built web app (MUI/emotion needs inline styles). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // i.ytimg.com: a hosted help video's thumbnail, the probe that its host can be reached (ADR 0064).
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  // Help videos (ADR 0063): the hosted ids' cookie-less embed, and video files over https.
  frameSrc: ['https://www.youtube-nocookie.com'],
  mediaSrc: ["'self'", 'https:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * The CSP, widened for the configured map tile services (MAP_STYLE_URL, MAP_STYLES): their origins
 * may serve the styles, tiles, glyphs and sprites the map fetches and draws.
 */
export const cspDirectives = (...styleUrls: Array<string | null>) => {
  const origins = [...new Set(styleUrls.filter((u): u is string => !!u).map((u) => new URL(u).origin))];
  if (!origins.length) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...origins],
    imgSrc: [...CSP_DIRECTIVES.imgSrc, ...origins],
  };
};

/** Builds the whole HTTP application without listening (tests call app.inject). */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config } = deps;
  const db: Db = 'db' in deps.db && 'close' in deps.db ? deps.db.db : (deps.db as Db);
  const services: ServiceDeps = {
    db,
    config,
    now: deps.now ?? (() => new Date()),
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
  };
  // One set of security headers for every answer: helmet's hooks, and by hand where no hook runs.
  const helmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(config.mapStyleUrl, ...Object.values(config.mapStyles)),
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' as const },
    hsts: config.cookieSecure,
  };
  const headers = securityHeaders(helmetOptions);

  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrors(headers),
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  // Responses: each route's schema compiled once into a serializer, not parsed per answer (ADR 0102).
  const serializers = createSerializerCompiler();
  app.setSerializerCompiler(serializers.compiler);
  app.decorate('serializers', serializers.report);
  app.decorate('services', services);
  // The upload worker threads (ADR 0070) and the import checks' (ADR 0115): held while this app is
  // open; the last app to close ends them.
  app.addHook('onClose', holdUploadWorkers(config.uploads));
  app.addHook('onClose', holdUploadWorkers(config.imports.checks));
  // Before any plugin or route: Fastify binds a route to the error handler current when the
  // route is registered.
  errorHandler(app);
  // First of the onRequest hooks, so an answer given by a hook (the shutdown's 503) has them too.
  securityHeadersHook(app, headers);

  // Graceful shutdown (ADR 0034). A request that reaches us after it began came on a connection
  // opened before (the listener is closed): it is served as usual — a 503 would lose a write the
  // client sent in good faith — and its answer closes the connection. Only readiness says no.
  const shutdown = new AbortController();
  app.decorate('shutdownSignal', shutdown.signal);
  app.decorate('beginShutdown', () => shutdown.abort());
  // Callback-style hooks here and below: no promise per request for a check that is one test.
  const retryAfter = String(Math.ceil(SHUTDOWN_RETRY_MS / 1000));
  app.addHook('onRequest', (req, reply, done) => {
    if (shutdown.signal.aborted && req.routeOptions.url === '/api/health') {
      // A load balancer or client may come back when a restart has had time to finish.
      void reply.code(503).header('Retry-After', retryAfter).send({ msg: API_MESSAGES.shuttingDown });
      return;
    }
    done();
  });

  jsonBody(app);

  await app.register(fastifyCookie);
  // Uploads (company logos): one file of at most 5 MiB; a bigger one is refused with 413.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 100, fieldSize: 64 * 1024, parts: 110 },
  });
  // Registered for the per-token limit (ADR 0097) even when the general one is off.
  if (config.rateLimitMax > 0 || config.apiTokenRateLimit > 0) {
    await app.register(fastifyRateLimit, {
      global: config.rateLimitMax > 0,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (req) => !isApiRequest(req),
      errorResponseBuilder: () => {
        const err = new TooManyRequestsError();
        return Object.assign(err, { statusCode: 429 });
      },
    });
  }
  requestedWithGuard(app);
  inputGuard(app);
  app.addHook('onSend', (req, reply, payload, done) => {
    // A route that chose its own caching (the immutable, versioned logo URLs) keeps it.
    if (isApiRequest(req) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    // Every answer sent during shutdown, in flight or new, closes its keep-alive connection.
    if (shutdown.signal.aborted) reply.header('Connection', 'close');
    done(null, payload);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Frontage API',
        description:
          'Two ways in. A browser signs in with POST /api/auth/login; the session travels in the ' +
          '`frontage_session` cookie and every /api request needs `X-Requested-With: XMLHttpRequest` ' +
          '(except GET /api/health). Another system sends `Authorization: Bearer frt_…`, an API token ' +
          'made in the profile (POST /api/tokens): no cookie and no X-Requested-With; the token reaches ' +
          'the routes its scopes cover (`<area>:read`, `<area>:write`, `admin`), as its owner, and ' +
          'answers 403 elsewhere (ADR 0097).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'frt_<32 base62>_<6 base62 checksum>',
            description: 'An API token from POST /api/tokens, shown once when made.',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'frontage_session' },
        },
      },
      security: [{ session: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
    // The changes a webhook endpoint may subscribe to, as OpenAPI 3.1 `webhooks` (ADR 0098).
    transformObject: (doc) =>
      'openapiObject' in doc
        ? { ...doc.openapiObject, openapi: '3.1.0', webhooks: webhookEventsDocument() as never }
        : doc.swaggerObject,
  });
  // Swagger UI brings its own CSP (hashes of its inline code); served over plain HTTP too.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });

  sessionPlugin(app, services);
  healthRoutes(app, services);
  authRoutes(app, services);
  apiTokensRoutes(app, services);
  settingsRoutes(app, services);
  remindersRoutes(app, services);
  watchesRoutes(app, services);
  notificationsRoutes(app, services);
  commentsRoutes(app, services);
  configRoutes(app, services);
  companiesRoutes(app, services);
  contactsRoutes(app, services);
  companyRecordRoutes(app, services);
  uiStateRoutes(app, services);
  propertiesRoutes(app, services);
  schemesRoutes(app, services);
  searchRoutes(app, services);
  archiveRoutes(app, services);
  addressesRoutes(app, services);
  geocodeRoutes(app, services);
  historyRoutes(app, services);
  comparablesRoutes(app, services);
  dealsRoutes(app, services);
  enquiriesRoutes(app, services);
  trackedRetailersRoutes(app, services);
  enquiryMatchesRoutes(app, services);
  mapRoutes(app, services);
  reportsRoutes(app, services);
  storeListsRoutes(app, services);
  importsRoutes(app, services);
  webhooksRoutes(app, services);
  verificationQueueRoutes(app, services);
  videosRoutes(app, services);
  newsRoutes(app, services);
  calendarFeedRoutes(app, services);
  leaseEventsRoutes(app, services);

  notFoundHandler(app, await staticWeb(app, config.webDistDir));
  return app;
};
