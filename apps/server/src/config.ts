/**
 * Server configuration, read from the environment once at start-up and validated with zod.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `PORT` | `3000` | TCP port the HTTP server listens on |
 * | `HOST` | `127.0.0.1` | Interface to bind (`0.0.0.0` to listen on all interfaces) |
 * | `DATABASE_URL` | _(unset)_ | PostgreSQL connection string; when unset the embedded PGlite database is used |
 * | `DATA_DIR` | `<repo root>/data` | Directory for local data; PGlite files live in `DATA_DIR/pglite` |
 * | `SEED_DEMO` | `true` | Seed demo data on start when the users table is empty |
 * | `LOG_LEVEL` | `info` | pino log level (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`) |
 * | `WEB_DIST_DIR` | `<repo root>/apps/web/dist` | Built web app served for every non-`/api` path |
 * | `COOKIE_SECURE` | `false` | Mark the session cookie `Secure` (set `true` behind HTTPS) |
 * | `TRUST_PROXY` | `false` | Trust `X-Forwarded-*` headers (set `true` behind a reverse proxy) |
 * | `SESSION_IDLE_MINUTES` | `120` | A session ends after this many minutes without a request |
 * | `SESSION_ABSOLUTE_HOURS` | `168` | A session ends this many hours after login, whatever the activity |
 * | `LIVE_STREAMS_PER_USER` | `10` | Live notification streams one user may hold open on one server process; a further one closes that user's oldest |
 * | `LOGIN_FREE_FAILURES` | `3` | Failed logins for one account from one address before each further failure delays that pair's next attempt (ADR 0035) |
 * | `LOGIN_ADDRESS_FREE_FAILURES` | `10` | Failed logins from one address, across accounts it has not signed in to, before its attempts for those accounts are delayed |
 * | `LOGIN_ACCOUNT_FREE_FAILURES` | `10` | Failed logins for one account, across addresses it has not signed in from, before the addresses that already failed for it are delayed (an address with no failures for it never is) |
 * | `LOGIN_DELAY_BASE_SECONDS` | `1` | The first delay; it doubles with every further failure |
 * | `LOGIN_DELAY_MAX_MINUTES` | `15` | The longest delay (at most `LOGIN_FORGET_HOURS`) |
 * | `LOGIN_FORGET_HOURS` | `24` | Failures are forgotten this long after the last one; the owner is notified at most once in this time |
 * | `LOGIN_KNOWN_ADDRESS_DAYS` | `90` | An address the account signed in from within this many days is known: failures elsewhere never slow it |
 * | `LOGIN_ALERT_FAILURES` | `5` | Failures for an account (from addresses it is not known at) that send its owner a notification |
 * | `RATE_LIMIT_MAX` | `600` | Requests per minute per IP on `/api` (`0` disables the general limit) |
 * | `DB_POOL_MAX` | `10` | Maximum PostgreSQL pool connections per server process (ignored for PGlite) |
 * | `DB_CONNECT_TIMEOUT_MS` | `3000` | Longest a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before it is answered 503 with Retry-After (ADR 0071) |
 * | `STATEMENT_TIMEOUT_MS` | `15000` | The server's PostgreSQL statements are cancelled after this long and the request answered 503 (`0` = no limit); migrations, seed, backup and restore are not limited. PostgreSQL only: PGlite cannot cancel a running statement (ADR 0071) |
 * | `WEB_CONCURRENCY` | `1` | Server processes sharing the port with PostgreSQL (`0` = one per CPU core; worth it when the database runs on other cores or machines); PGlite always runs one |
 * | `SHUTDOWN_TIMEOUT_MS` | `10000` | Grace period for in-flight requests on SIGTERM/SIGINT |
 * | `SCRYPT_COST` | `16384` | scrypt N parameter for password hashes (tests lower it; keep the default in production) |
 * | `DOCS_URL` | `https://docs.frontage.example` | Link to the documentation shown in the app |
 * | `SUPPORT_URL` | `https://support.frontage.example` | Link to the support site shown in the app |
 * | `HELP_EMAIL` | `help@frontage.example` | Help e-mail address shown in the app |
 * | `GEOCODER` | `local` | Geocoding provider: `local` (offline: stored addresses, then GeoNames towns) or `nominatim` |
 * | `GEOCODER_URL` | `https://nominatim.openstreetmap.org` | Base URL of the Nominatim service (with `GEOCODER=nominatim`) |
 * | `MAP_STYLE_URL` | _(unset)_ | MapLibre style URL of a real tile service; unset = the offline Natural Earth basemap |
 * | `MAP_STYLES` | _(unset)_ | The hosted basemaps /map offers: `road=URL,satellite=URL,hybrid=URL` (any of the three); unset = the offline basemap only |
 * | `NEWS_FEED_URL` | _(unset)_ | The marketing site's news content query (JSON, ADR 0062): its `/news/` items join What's New; unset = the admins' news only |
 * | `UPLOAD_WORKERS` | `1` | Worker threads that read uploaded files (store lists, logos) off the event loop (ADR 0070) |
 * | `UPLOAD_TIME_LIMIT_SECONDS` | `20` | Longest one uploaded file may take to read; beyond, its worker is stopped and the file refused (422) |
 * | `UPLOAD_MEMORY_LIMIT_MB` | `256` | JavaScript heap of each upload worker; a file that needs more is refused (422) |
 * | `UPLOAD_QUEUE` | `16` | Uploads that may wait for a worker; beyond, 503 with Retry-After |
 * | `EXPORT_MAX_PER_USER` | `2` | CSV exports and heavy reports (gap analysis) one user may run at once on one server process; a further one is answered 429 with Retry-After (ADR 0069) |
 * | `CALENDAR_FEED_RATE_LIMIT` | `60` | Requests per minute one calendar feed URL may make (per server process; `0` = unlimited) |
 * | `API_TOKEN_RATE_LIMIT` | `600` | Requests per minute one API token may make (per server process; `0` = no limit of its own), ADR 0097 |
 * | `REGEAR_PROMPT_MONTHS` | `24` | Months before a lease's expiry its re-gear prompt falls on the lease events work list (1–120); written to the database at start-up, where a change derives every prompt again (ADR 0087) |
 * | `EXPORT_MAX_PER_SERVER` | `4` | CSV exports and heavy reports all users together may run at once on one server process; a further one is answered 429 with Retry-After |
 * | `PUBLIC_URL` | _(unset)_ | The address users open Frontage at (`https://frontage.example.com`): the links of e-mails (ADR 0089), the calendar feed's URL and its events' links (ADR 0090); unset = `http://<HOST>:<PORT>` in e-mails and the origin each request came to for the feed |
 * | `SMTP_URL` | _(unset)_ | SMTP server for reminder e-mails, e.g. `smtps://user:pass@mail.example:465`; unset (or no `MAIL_FROM`) = reminders in the app only |
 * | `MAIL_FROM` | _(unset)_ | The From address of e-mails, e.g. `Frontage <reminders@frontage.example>` |
 * | `JOBS_WORKER` | `true` | This process works background jobs (reminders, e-mail; ADR 0089); `false` = it only enqueues them |
 * | `JOBS_QUEUES` | _(unset)_ | The jobs a worker process works, a comma list of `reminders`, `imports`, `webhooks`; unset = all (the browser suite works imports only, ADR 0096) |
 * | `JOB_MAINTENANCE_SECONDS` | `60` | How often a job whose process died (it expired) is put back for another process |
 * | `REMINDER_JOB_EXPIRE_SECONDS` | `300` | A reminder job still active after this long is taken as lost and retried |
 * | `IMPORT_MAX_BYTES` | `536870912` | Largest import file (CSV or XLSX; an XLSX is held to 20 MB besides) in bytes; a bigger one is answered 413 (ADR 0094) |
 * | `IMPORT_MAX_ROWS` | `1100000` | Most data rows one import file may have; a longer one is refused (422) |
 * | `IMPORT_BATCH_ROWS` | `1000` | Rows an import's apply writes per transaction (a crash resumes after the last committed batch) |
 * | `IMPORT_JOB_EXPIRE_SECONDS` | `600` | An import job still active after this long is taken as lost and resumed |
 * | `WEBHOOKS_ALLOW_HTTP` | `false` | Webhook URLs may be plain `http://` to any address they may reach (development only; production keeps https, ADR 0098, ADR 0111) |
 * | `WEBHOOKS_ALLOW_LOOPBACK` | `false` | Webhooks may deliver to loopback addresses (127.0.0.0/8, ::1), over plain http too when every address of the target is loopback: tests and local development only, never production (ADR 0111) |
 * | `WEBHOOKS_TIMEOUT_SECONDS` | `15` | Longest one delivery attempt may take (connect, send, answer) before it counts as failed |
 * | `WEBHOOKS_RETRY_SCHEDULE` | the spec's | Seconds before each attempt of a delivery, comma-separated: `0,5,300,1800,7200,18000` then `36000` eight times (over 72 hours); each delay gets ±10% jitter |
 * | `WEBHOOKS_RELAY_MS` | `250` | How often a worker process looks for new changes to send (the outbox relay) |
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  IMPORT_BATCH_ROWS,
  IMPORT_MAX_BYTES_DEFAULT,
  IMPORT_MAX_ROWS_DEFAULT,
  REGEAR_PROMPT_MONTHS_DEFAULT,
  WEBHOOK_RETRY_SCHEDULE,
} from '@frontage/shared';
import { z } from 'zod';

/** The repository root, found from this file's location (npm -w runs with cwd apps/server). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : v === 'true' || v === '1' || v === 'yes'));
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** The kinds of background job a worker process can be given (JOBS_QUEUES). */
export const JOB_KINDS = ['reminders', 'imports', 'webhooks'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

const envSchema = z.object({
  PORT: int(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  SEED_DEMO: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  COOKIE_SECURE: bool(false),
  TRUST_PROXY: bool(false),
  SESSION_IDLE_MINUTES: int(120, 1),
  SESSION_ABSOLUTE_HOURS: int(168, 1),
  LIVE_STREAMS_PER_USER: int(10, 1),
  LOGIN_FREE_FAILURES: int(3, 1),
  LOGIN_ADDRESS_FREE_FAILURES: int(10, 1),
  LOGIN_ACCOUNT_FREE_FAILURES: int(10, 1),
  LOGIN_DELAY_BASE_SECONDS: int(1, 1),
  LOGIN_DELAY_MAX_MINUTES: int(15, 1),
  LOGIN_FORGET_HOURS: int(24, 1),
  LOGIN_KNOWN_ADDRESS_DAYS: int(90, 1),
  LOGIN_ALERT_FAILURES: int(5, 1),
  RATE_LIMIT_MAX: int(600, 0),
  DB_POOL_MAX: int(10, 1),
  DB_CONNECT_TIMEOUT_MS: int(3000, 100),
  STATEMENT_TIMEOUT_MS: int(15000, 0),
  WEB_CONCURRENCY: int(1, 0),
  SHUTDOWN_TIMEOUT_MS: int(10000, 0),
  SCRYPT_COST: int(16384, 2),
  DOCS_URL: z.string().url().default('https://docs.frontage.example'),
  SUPPORT_URL: z.string().url().default('https://support.frontage.example'),
  HELP_EMAIL: z.string().email().default('help@frontage.example'),
  GEOCODER: z.enum(['local', 'nominatim']).default('local'),
  GEOCODER_URL: z.string().url().default('https://nominatim.openstreetmap.org'),
  MAP_STYLE_URL: z.union([z.string().url(), z.literal('')]).optional(),
  NEWS_FEED_URL: z.union([z.string().trim().url(), z.literal('')]).optional(),
  UPLOAD_WORKERS: int(1, 1),
  UPLOAD_TIME_LIMIT_SECONDS: int(20, 1),
  UPLOAD_MEMORY_LIMIT_MB: int(256, 32),
  UPLOAD_QUEUE: int(16, 0),
  EXPORT_MAX_PER_USER: int(2, 1),
  EXPORT_MAX_PER_SERVER: int(4, 1),
  CALENDAR_FEED_RATE_LIMIT: int(60, 0),
  API_TOKEN_RATE_LIMIT: int(600, 0),
  REGEAR_PROMPT_MONTHS: z.coerce.number().int().min(1).max(120).default(REGEAR_PROMPT_MONTHS_DEFAULT),
  PUBLIC_URL: z.union([z.string().trim().url(), z.literal('')]).optional(),
  SMTP_URL: z.union([z.string().trim().url(), z.literal('')]).optional(),
  MAIL_FROM: optionalString,
  JOBS_WORKER: bool(true),
  JOBS_QUEUES: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.split(',').map((q) => q.trim()) : [...JOB_KINDS]))
    .pipe(z.array(z.enum(JOB_KINDS))),
  JOB_MAINTENANCE_SECONDS: int(60, 1),
  REMINDER_JOB_EXPIRE_SECONDS: int(300, 1),
  IMPORT_MAX_BYTES: int(IMPORT_MAX_BYTES_DEFAULT, 1),
  IMPORT_MAX_ROWS: int(IMPORT_MAX_ROWS_DEFAULT, 1),
  IMPORT_BATCH_ROWS: int(IMPORT_BATCH_ROWS, 1),
  IMPORT_JOB_EXPIRE_SECONDS: int(600, 1),
  WEBHOOKS_ALLOW_HTTP: bool(false),
  WEBHOOKS_ALLOW_LOOPBACK: bool(false),
  WEBHOOKS_TIMEOUT_SECONDS: int(15, 1),
  WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'expected seconds, comma-separated')
    .optional()
    .transform((v) => (v ? v.split(',').map(Number) : [...WEBHOOK_RETRY_SCHEDULE])),
  WEBHOOKS_RELAY_MS: int(250, 10),
  MAP_STYLES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const styles: MapStyles = { road: null, satellite: null, hybrid: null };
      for (const part of (v ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const at = part.indexOf('=');
        const name = part.slice(0, at).trim();
        const url = part.slice(at + 1).trim();
        if (at < 0 || !(name in styles) || !URL.canParse(url) || !/^https?:/.test(url)) {
          ctx.addIssue({
            code: 'custom',
            message: `expected road=URL,satellite=URL,hybrid=URL; got "${part}"`,
          });
          return z.NEVER;
        }
        styles[name as keyof MapStyles] = url;
      }
      return styles;
    }),
});

export interface LoginThrottleConfig {
  /** Failures of one (account, address) pair before delays begin. */
  pairFreeFailures: number;
  /** Failures of one address (for accounts it is not known for) before delays begin. */
  addressFreeFailures: number;
  /** Failures of one account (from addresses it is not known at) before delays begin. */
  accountFreeFailures: number;
  delayBaseSeconds: number;
  delayMaxSeconds: number;
  forgetHours: number;
  knownAddressDays: number;
  alertFailures: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Live notification streams per user and server process; the oldest closes beyond. */
  notificationStreamsPerUser: number;
  /** Login throttling (ADR 0035). */
  login: LoginThrottleConfig;
  rateLimitMax: number;
  dbPoolMax: number;
  /** Wait for a PostgreSQL connection before a 503 (ADR 0071). */
  dbConnectTimeoutMs: number;
  /** The server's statement timeout; 0 = none (ADR 0071). */
  statementTimeoutMs: number;
  /** Server processes (PostgreSQL only); 0 = one per CPU core. */
  webConcurrency: number;
  shutdownTimeoutMs: number;
  scryptCost: number;
  docsUrl: string;
  supportUrl: string;
  helpEmail: string;
  geocoder: 'local' | 'nominatim';
  geocoderUrl: string;
  /** null = the web app draws its offline basemap. */
  mapStyleUrl: string | null;
  /** The hosted basemaps of /map (MAP_STYLES); the offline one is always there. */
  mapStyles: MapStyles;
  /** The marketing site's news feed (ADR 0062); null = none. */
  newsFeedUrl: string | null;
  /** The worker threads that read uploaded files (ADR 0070). */
  uploads: UploadWorkerConfig;
  /** CSV exports and heavy reports running at once, per user and per server process (ADR 0069). */
  heavyRequests: HeavyRequestLimits;
  /** The origin of PUBLIC_URL when it is set (no trailing slash); null = the request's (ADR 0090). */
  publicOrigin: string | null;
  /** Requests per minute per calendar feed URL and process; 0 = unlimited (ADR 0090). */
  calendarFeedRateLimit: number;
  /** Requests per minute per API token (ADR 0097); 0 = none of its own. */
  apiTokenRateLimit: number;
  /** Months before expiry the lease events' re-gear prompt falls (ADR 0087). */
  regearPromptMonths: number;
  /** The app's public origin, without a trailing slash: e-mails link to it. */
  publicUrl: string;
  /** Reminder e-mails; null = not configured (in-app reminders only). */
  mail: MailConfig | null;
  /** The durable job layer (ADR 0089). */
  jobs: JobsConfig;
  /** Imports (ADR 0094). */
  imports: ImportsConfig;
  /** Webhook deliveries (ADR 0098). */
  webhooks: WebhooksConfig;
}

/** Resolves a name to every address it has, as `dns.lookup` with `all` does. */
export type WebhookResolve = (
  hostname: string,
  family?: number,
) => Promise<Array<{ address: string; family: number }>>;

export interface WebhooksConfig {
  allowHttp: boolean;
  allowLoopback: boolean;
  timeoutMs: number;
  /** Seconds before each attempt (the first is usually 0). */
  retrySchedule: number[];
  relayMs: number;
  /** The resolver endpoint names are checked with; the system's when unset (never set from the environment: tests give one). */
  resolve?: WebhookResolve | undefined;
}

export interface ImportsConfig {
  maxBytes: number;
  maxRows: number;
  batchRows: number;
  jobExpireSeconds: number;
  /**
   * The thread that checks an import's rows while the validation reads and writes the next and
   * the last batch (ADR 0115): one (a second gained nothing on two cores and cost 100 MB), with
   * the uploads' memory limit and the smallest young generation (2 MB: the thread's RSS kept
   * down, so a million-row import stays within its 256 MB of growth, at some speed); a batch may
   * take as long as a job may run.
   */
  checks: UploadWorkerConfig;
}

export interface MailConfig {
  smtpUrl: string;
  from: string;
}

export interface JobsConfig {
  /** This process works jobs (false: enqueues only). */
  worker: boolean;
  /** The kinds of job it works, when it is a worker. */
  kinds: JobKind[];
  maintenanceSeconds: number;
  reminderExpireSeconds: number;
}

export interface HeavyRequestLimits {
  perUser: number;
  perServer: number;
}

export interface UploadWorkerConfig {
  /** The pool's name: pools of the same name, thread count and memory limit are one. */
  pool?: string;
  threads: number;
  timeLimitSeconds: number;
  memoryLimitMb: number;
  /** Its threads' young generation (V8's default when absent): small keeps a busy thread's RSS down. */
  youngGenerationMb?: number;
  /** Uploads that may wait for a thread. */
  queue: number;
}

export interface MapStyles {
  road: string | null;
  satellite: string | null;
  hybrid: string | null;
}

/** Parses the environment (or any record, for tests). Throws a readable error on bad values. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A delay must end before its failures are forgotten; the first cannot exceed the longest.
  const loginIssues = [
    e.LOGIN_DELAY_MAX_MINUTES > e.LOGIN_FORGET_HOURS * 60 &&
      '  LOGIN_DELAY_MAX_MINUTES: must not exceed LOGIN_FORGET_HOURS',
    e.LOGIN_DELAY_BASE_SECONDS > e.LOGIN_DELAY_MAX_MINUTES * 60 &&
      '  LOGIN_DELAY_BASE_SECONDS: must not exceed LOGIN_DELAY_MAX_MINUTES',
  ].filter(Boolean);
  if (loginIssues.length) throw new Error(`Invalid configuration:\n${loginIssues.join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    notificationStreamsPerUser: e.LIVE_STREAMS_PER_USER,
    login: {
      pairFreeFailures: e.LOGIN_FREE_FAILURES,
      addressFreeFailures: e.LOGIN_ADDRESS_FREE_FAILURES,
      accountFreeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      delayBaseSeconds: e.LOGIN_DELAY_BASE_SECONDS,
      delayMaxSeconds: e.LOGIN_DELAY_MAX_MINUTES * 60,
      forgetHours: e.LOGIN_FORGET_HOURS,
      knownAddressDays: e.LOGIN_KNOWN_ADDRESS_DAYS,
      alertFailures: e.LOGIN_ALERT_FAILURES,
    },
    rateLimitMax: e.RATE_LIMIT_MAX,
    dbPoolMax: e.DB_POOL_MAX,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    scryptCost: e.SCRYPT_COST,
    docsUrl: e.DOCS_URL,
    supportUrl: e.SUPPORT_URL,
    helpEmail: e.HELP_EMAIL,
    geocoder: e.GEOCODER,
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
    mapStyleUrl: e.MAP_STYLE_URL ? e.MAP_STYLE_URL : null,
    mapStyles: e.MAP_STYLES,
    newsFeedUrl: e.NEWS_FEED_URL ? e.NEWS_FEED_URL : null,
    uploads: {
      threads: e.UPLOAD_WORKERS,
      timeLimitSeconds: e.UPLOAD_TIME_LIMIT_SECONDS,
      memoryLimitMb: e.UPLOAD_MEMORY_LIMIT_MB,
      queue: e.UPLOAD_QUEUE,
    },
    heavyRequests: { perUser: e.EXPORT_MAX_PER_USER, perServer: e.EXPORT_MAX_PER_SERVER },
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null,
    calendarFeedRateLimit: e.CALENDAR_FEED_RATE_LIMIT,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    regearPromptMonths: e.REGEAR_PROMPT_MONTHS,
    publicUrl: (
      e.PUBLIC_URL || `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST}:${e.PORT}`
    ).replace(/\/+$/, ''),
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    jobs: {
      worker: e.JOBS_WORKER,
      kinds: e.JOBS_QUEUES,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      reminderExpireSeconds: e.REMINDER_JOB_EXPIRE_SECONDS,
    },
    imports: {
      maxBytes: e.IMPORT_MAX_BYTES,
      maxRows: e.IMPORT_MAX_ROWS,
      batchRows: e.IMPORT_BATCH_ROWS,
      jobExpireSeconds: e.IMPORT_JOB_EXPIRE_SECONDS,
      checks: {
        pool: 'import-checks',
        threads: 1,
        timeLimitSeconds: e.IMPORT_JOB_EXPIRE_SECONDS,
        memoryLimitMb: e.UPLOAD_MEMORY_LIMIT_MB,
        youngGenerationMb: 2,
        queue: 1000,
      },
    },
    webhooks: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP,
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
      timeoutMs: e.WEBHOOKS_TIMEOUT_SECONDS * 1000,
      retrySchedule: e.WEBHOOKS_RETRY_SCHEDULE,
      relayMs: e.WEBHOOKS_RELAY_MS,
    },
  };
};
