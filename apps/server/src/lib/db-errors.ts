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
