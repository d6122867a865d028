/**
 * Text PostgreSQL cannot store: a NUL byte (text and jsonb refuse U+0000) and an unpaired UTF-16
 * surrogate (not a character at all: a driver silently turns it into U+FFFD, and JSON built from
 * it is refused by jsonb). Either is bad input, answered 422 before anything is written.
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isUnstorableText = (s: string): boolean => UNSTORABLE.test(s);

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
/** The text with each such character replaced by U+FFFD (an import stages a cell so, ADR 0094). */
export const replacingUnstorable = (s: string): string => s.replace(UNSTORABLE_ALL, '\uFFFD');

/** Deeper than any body the API takes (ui-state, settings); a deeper value is refused at that depth. */
export const MAX_INPUT_DEPTH = 32;

export interface UnstorableField {
  /** The request field's path (`name`, `categories.0`, `state.filters.q`), so the client can show it there. */
  field: string;
  reason: 'text' | 'depth';
}

/** Every field of a parsed body, query or params whose text, or key, cannot be stored. */
export const unstorableFields = (
  value: unknown,
  prefix = '',
  depth = 0,
  out: UnstorableField[] = [],
): UnstorableField[] => {
  if (typeof value === 'string') {
    if (isUnstorableText(value)) out.push({ field: prefix || '_', reason: 'text' });
    return out;
  }
  if (value === null || typeof value !== 'object') return out;
  if (depth >= MAX_INPUT_DEPTH) {
    out.push({ field: prefix || '_', reason: 'depth' });
    return out;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    if (isUnstorableText(key)) out.push({ field: prefix || '_', reason: 'text' });
    else unstorableFields(child, prefix ? `${prefix}.${key}` : key, depth + 1, out);
  }
  return out;
};
