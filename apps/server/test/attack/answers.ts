import type { LightMyRequestResponse } from 'fastify';
import type { Actor, MatrixRow } from '../matrix/types';

/** What is wrong with an answer to a refused or accepted call ('' when it is API.md's shape). */
export const shapeProblem = (res: LightMyRequestResponse): string => {
  if (res.statusCode >= 500) return `server error ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return '';
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} without a JSON body: ${res.body.slice(0, 120)}`;
  }
  const b = body as { msg?: unknown; message?: unknown; errors?: unknown };
  if (res.statusCode === 422) {
    const errors = b.errors as Record<string, unknown> | undefined;
    const ok =
      b.message === 'The given data was invalid.' &&
      !!errors &&
      Object.keys(errors).length > 0 &&
      Object.values(errors).every(
        (m) => Array.isArray(m) && m.length > 0 && m.every((s) => typeof s === 'string' && s),
      );
    return ok ? '' : `422 not in API.md's shape: ${res.body.slice(0, 200)}`;
  }
  return typeof b.msg === 'string' && b.msg
    ? ''
    : `${res.statusCode} without a msg: ${res.body.slice(0, 200)}`;
};

/** The actor a route's fuzz signs in as: an ordinary user where one may call it, else an admin. */
export const fuzzActor = (row: MatrixRow): Actor =>
  row.expect.same_company < 400
    ? 'same_company'
    : row.expect.admin < 400
      ? 'admin'
      : row.expect.anonymous < 400
        ? 'anonymous'
        : 'same_company';
