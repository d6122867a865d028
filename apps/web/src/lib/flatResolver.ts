import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** Flat `{ 'address.street': message }` → react-hook-form's nested errors. */
const nested = <V extends FieldValues>(flat: Record<string, string>): FieldErrors<V> => {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = { type: 'validate', message };
  }
  return out as FieldErrors<V>;
};

/**
 * A react-hook-form resolver from a check that names fields by path. For forms whose values are
 * not the wire payload (pickers hold records, dates the typed text): `check` runs the form's own
 * checks, then usually `payloadIssues` against the shared schema.
 */
export const flatResolver =
  <V extends FieldValues>(check: (values: V) => Record<string, string>): Resolver<V> =>
  (values) => {
    const errors = check(values);
    return Object.keys(errors).length ? { values: {}, errors: nested<V>(errors) } : { values, errors: {} };
  };

/**
 * The issues the shared zod schema finds in the payload a form would send, each on the form field
 * `fieldOf` names (first message per field): the server's own rules, checked before sending.
 */
export const payloadIssues = (
  schema: ZodType,
  payload: unknown,
  fieldOf: (path: string) => string,
): Record<string, string> => {
  const out: Record<string, string> = {};
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    for (const issue of parsed.error.issues) out[fieldOf(issue.path.join('.'))] ??= issue.message;
  return out;
};
