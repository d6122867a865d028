import { MESSAGES } from '@frontage/shared';

/**
 * The one HTTP client of the web app. It implements the spec's error catalogue (spec A §8) once;
 * callers that show an outcome inline can silence the global handling per status with `quiet`.
 */

export type NoticeVariant = 'error' | 'success' | 'warning' | 'info';

export interface HttpHandlers {
  /** Shows a toast. `details` is a list of lines shown under the message (422 field messages). */
  notify: (message: string, variant: NoticeVariant, details?: string[]) => void;
  /** 401: clear the local session and go to /login. */
  onUnauthorized: () => void;
  /** 403: go to /access-error. */
  onForbidden: () => void;
}

const noop: HttpHandlers = { notify: () => {}, onUnauthorized: () => {}, onForbidden: () => {} };
let handlers: HttpHandlers = noop;

export const configureHttp = (h: HttpHandlers): void => {
  handlers = h;
};

export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Statuses the caller handles inline (or `true` for every error): no toast, logout or redirect. */
  quiet?: boolean | readonly number[];
  /** Set false to suppress the success notice of `{status: 'success', msg}` answers. */
  successNotice?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a deal submit's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Thrown for every failed call. `fieldErrors` maps field → its messages joined with ', '. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly body: unknown;
  /** Seconds from a Retry-After header (429). */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    message: string,
    opts: { fieldErrors?: Record<string, string>; body?: unknown; retryAfter?: number | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = opts.fieldErrors ?? {};
    this.body = opts.body;
    this.retryAfter = opts.retryAfter ?? null;
  }

  /** 0 means no response at all (network failure). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const buildUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const url = clean.startsWith(`${API_BASE}/`) ? clean : `${API_BASE}${clean}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const parseRetryAfter = (raw: string | null): number | null => {
  if (!raw) return null;
  const secs = Number(raw);
  if (Number.isFinite(secs)) return Math.max(0, Math.round(secs));
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
};

/** `errors` object of a 422 → field → messages joined with ', ' (spec A §5). */
export const fieldErrorsOf = (body: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!isRecord(body) || !isRecord(body.errors)) return out;
  for (const [field, list] of Object.entries(body.errors)) {
    const messages = Array.isArray(list) ? list.map(String) : [String(list)];
    if (messages.length) out[field] = messages.join(', ');
  }
  return out;
};

const validationLines = (body: unknown): string[] => {
  if (isRecord(body) && isRecord(body.errors)) {
    return Object.values(body.errors).flatMap((list) =>
      Array.isArray(list) ? list.map(String) : [String(list)],
    );
  }
  if (isRecord(body) && typeof body.msg === 'string') return [body.msg];
  return [];
};

const isQuiet = (quiet: RequestOptions['quiet'], status: number): boolean =>
  quiet === true || (Array.isArray(quiet) && quiet.includes(status));

const readBody = async (res: Response): Promise<unknown> => {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export async function request<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    ...opts.headers,
  };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (!isQuiet(opts.quiet, 0)) handlers.notify(MESSAGES.networkError, 'error');
    throw new ApiError(0, MESSAGES.networkError);
  }

  const data = await readBody(res);

  if (res.ok) {
    if (
      opts.successNotice !== false &&
      isRecord(data) &&
      data.status === 'success' &&
      typeof data.msg === 'string' &&
      data.msg
    ) {
      handlers.notify(data.msg, 'success');
    }
    return data as T;
  }

  const status = res.status;
  const msg = isRecord(data) && typeof data.msg === 'string' ? data.msg : null;
  const quiet = isQuiet(opts.quiet, status);

  if (status === 401) {
    if (!quiet) {
      handlers.onUnauthorized();
      handlers.notify(MESSAGES.unauthorized, 'error');
    }
    throw new ApiError(status, msg ?? MESSAGES.unauthorized, { body: data });
  }
  if (status === 403) {
    if (!quiet) handlers.onForbidden();
    throw new ApiError(status, msg ?? MESSAGES.unauthorized, { body: data });
  }
  if (status === 422) {
    if (!quiet) handlers.notify(MESSAGES.validationError, 'error', validationLines(data));
    throw new ApiError(status, MESSAGES.validationError, { body: data, fieldErrors: fieldErrorsOf(data) });
  }
  const retryAfter = status === 429 ? parseRetryAfter(res.headers.get('Retry-After')) : null;
  if (!quiet) handlers.notify(msg ?? MESSAGES.networkError, 'error');
  throw new ApiError(status, msg ?? MESSAGES.networkError, { body: data, retryAfter });
}

type Opts = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T = unknown>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, opts?: Opts) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: Opts) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: Opts) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'DELETE' }),
};
