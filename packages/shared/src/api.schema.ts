import { z } from 'zod';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from './constants';

/** Record ids are PostgreSQL `integer`s: a larger number names no record and cannot be a parameter. */
export const ID_MAX = 2_147_483_647;
/** A record id in a path, a query or a body (numeric text accepted, as forms and query strings send it). */
export const idSchema = z.coerce.number().int().positive().max(ID_MAX);
/** `{id}` in a route's path. */
export const idParamsSchema = z.object({ id: idSchema });

/** `page` and `per_page` as every list accepts them (API.md): per_page outside 1–100 is a 422. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  count: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });
/** A page of any list on the wire (API.md): the rows and their pagination. */
export interface Page<T> {
  data: T[];
  meta: { pagination: Pagination };
}
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const msgSchema = z.object({ msg: z.string() });
/** 412 to an edit whose If-Match names an old version: the message and the record as it stands (ADR 0060). */
export const staleOf = <T extends z.ZodType>(item: T) => z.object({ msg: z.string(), data: item });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const actionSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), msg: z.string(), data });

/**
 * A list of known values in a query string as API.md accepts it: `a,b`, or the key repeated
 * (`k=a&k=b`); `min` values at least.
 */
export const queryListSchema = <T extends readonly [string, ...string[]]>(values: T, min = 0) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .pipe(
      z
        .string()
        .trim()
        .max(200)
        .transform((s) =>
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        )
        .pipe(z.array(z.enum(values)).min(min).max(values.length)),
    );

/** Comma-separated `include` lists; unknown names are ignored (API.md). */
export const parseInclude = (raw: string | undefined): Set<string> =>
  new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * CSV exports (`GET /api/<list>/export` with the list's own filters) stream every matching row as
 * `text/csv`; this header carries the row count up front so the client can show progress.
 */
export const EXPORT_TOTAL_HEADER = 'X-Total-Count';
