/**
 * The SQLSTATE of a database error, wherever the driver or drizzle put it: pg and PGlite set
 * `code`; drizzle wraps the driver's error in `cause`.
 */
export const sqlStateOf = (err: unknown): string | undefined => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
};

/**
 * Errors the database raises about the values it was given: class 22 (data exception: a number
 * out of range, an impossible date, text it cannot hold) and the integrity checks a request can
 * trip (a reference to no record, a missing required value, a check constraint). They are the
 * client's input, refused before anything was committed, so they answer 422, not 500. Each is a
 * validation the schema missed, so it is logged for someone to add it there.
 */
export const isInputRejectedByDatabase = (state: string | undefined): boolean =>
  !!state && (state.startsWith('22') || state === '23502' || state === '23503' || state === '23514');

/**
 * SQLSTATEs that say the database, not the request, failed (ADR 0071): class 08 (connection
 * exception), 57P01–57P03 (the server is shutting down, crashed or starting: admin_shutdown is
 * also what `pg_terminate_backend` and a failover send) and 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a database that cannot be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres's own words for a lost or unobtainable connection (the socket closed, the pool
 * waited DB_CONNECT_TIMEOUT_MS for a connection, a query on a client whose connection failed, a
 * pool already ended), PostgreSQL's for a database closed to connections (55000, also raised for
 * unrelated states, hence the words) and PGlite's for a closed database.
 */
const LOST_CONNECTION =
  /^Connection terminated|^timeout exceeded when trying to connect|is not queryable|^Client was closed|^Cannot use a pool after calling end|is not currently accepting connections|^PGlite is closed/;

/** Every error in a chain: drizzle's `cause`, and the `errors` of an AggregateError (one per address). */
const chainOf = (err: unknown): unknown[] => {
  const out: unknown[] = [];
  const walk = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 5 || out.includes(e)) return;
    out.push(e);
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    walk(cause, depth + 1);
    if (Array.isArray(errors)) for (const x of errors) walk(x, depth + 1);
  };
  walk(err, 0);
  return out;
};

/**
 * The database is unavailable: it refused or dropped the connection, or none could be had in
 * time. Such a request answers 503 with Retry-After, never 500; the pool reconnects by itself.
 */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  const state = sqlStateOf(err);
  if (state && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  return chainOf(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    return (
      (typeof code === 'string' && NETWORK_CODES.has(code)) ||
      (typeof message === 'string' && LOST_CONNECTION.test(message))
    );
  });
};

/** 57014 query_canceled: the statement ran past its timeout (or an administrator cancelled it). */
export const isStatementCancelled = (err: unknown): boolean => sqlStateOf(err) === '57014';
