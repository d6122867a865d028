import { API_MESSAGES, DATABASE_RETRY_AFTER_SECONDS, VERSION_MESSAGES } from '@frontage/shared';

/**
 * Every expected failure is an AppError with a stable code. The error handler
 * (plugins/error-handler.ts) is the only place that turns them into HTTP answers.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A body or URL that cannot be read at all (malformed JSON or multipart). */
export class BadRequestError extends AppError {
  constructor() {
    super(400, 'bad_request', API_MESSAGES.badRequest);
  }
}

export class UnauthenticatedError extends AppError {
  constructor() {
    super(401, 'unauthenticated', API_MESSAGES.unauthenticated);
  }
}

export class BadCredentialsError extends AppError {
  constructor() {
    super(401, 'bad_credentials', API_MESSAGES.badCredentials);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = API_MESSAGES.forbidden) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = API_MESSAGES.notFound) {
    super(404, 'not_found', message);
  }
}

/** 422 with field → messages, keys being request field names. */
export class ValidationError extends AppError {
  constructor(readonly errors: Record<string, string[]>) {
    super(422, 'validation_failed', API_MESSAGES.invalidData);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/**
 * A refusal the client may retry after `retryAfterSeconds`: the error handler answers its status
 * with a `Retry-After` header (429 for the caller's own limits, 503 when the server cannot now).
 */
export class RetryLaterError extends AppError {
  constructor(
    statusCode: 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

export class TooManyAttemptsError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    super(429, 'too_many_attempts', API_MESSAGES.tooManyAttempts, retryAfterSeconds);
  }
}

export class TooManyRequestsError extends AppError {
  constructor() {
    super(429, 'too_many_requests', API_MESSAGES.tooManyRequests);
  }
}

/**
 * 429 + Retry-After: the user, or the server, already runs as many CSV exports and heavy reports as
 * allowed (EXPORT_MAX_PER_USER, EXPORT_MAX_PER_SERVER; ADR 0069).
 */
export class TooManyHeavyRequestsError extends RetryLaterError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'too_many_heavy_requests', message, retryAfterSeconds);
  }
}

/**
 * 503 + Retry-After: the server is up but cannot do this now (the database is unavailable or a
 * statement ran past its timeout, ADR 0071; every upload worker busy, ADR 0070).
 */
export class ServiceUnavailableError extends RetryLaterError {
  constructor(
    message: string = API_MESSAGES.databaseUnavailable,
    retryAfterSeconds: number = DATABASE_RETRY_AFTER_SECONDS,
  ) {
    super(503, 'service_unavailable', message, retryAfterSeconds);
  }
}

/**
 * 412: the edit named a version of the record that is no longer current (If-Match, ADR 0060).
 * Carries the current record, so the client can show what changed without asking again.
 */
export class PreconditionFailedError extends AppError {
  constructor(readonly data: unknown) {
    super(412, 'stale_version', VERSION_MESSAGES.stale);
  }
}
