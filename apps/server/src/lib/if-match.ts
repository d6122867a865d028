import { VERSION_MESSAGES } from '@frontage/shared';
import { ValidationError } from './errors';

const ETAG = /^(?:W\/)?"([A-Za-z0-9_-]{1,64})"$/;

/**
 * The version an edit names in `If-Match` (API.md, ADR 0060): `"v"` or `W/"v"`; absent or `*`
 * means "whatever is current". More than one tag, or anything else, is bad input (422).
 */
export const ifMatchOf = (header: string | string[] | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  if (raw === '' || raw === '*') return undefined;
  const m = ETAG.exec(raw);
  if (!m) throw ValidationError.field('If-Match', VERSION_MESSAGES.ifMatchInvalid);
  return m[1];
};

/** The `ETag` header value for a record that carries a version. */
export const etagOf = (record: { version?: string }): string | undefined =>
  record.version ? `"${record.version}"` : undefined;

/** Sets the reply's `ETag` when the record carries a version, and answers `{data}`. */
export const versioned = <T extends { version?: string }>(
  reply: { header: (name: string, value: string) => unknown },
  data: T,
): { data: T } => {
  const etag = etagOf(data);
  if (etag) reply.header('ETag', etag);
  return { data };
};
