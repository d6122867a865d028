import { ApiError } from './http';

/** What a 422 message is set with: react-hook-form's `setError`, or any setter of that shape. */
export type SetServerError<F extends string> = (field: F, error: { type: 'server'; message: string }) => void;

/**
 * Puts a 422's messages against the form's fields (spec B §5: "messages per field joined with a
 * comma"). `fieldOf` names the field a server key lands on (`landlords.0` → `landlords`,
 * `company_id` → `company`), or undefined when the key is no field of this form; several keys
 * landing on one field are joined. Returns whether any message found a field, so the caller can
 * fall back to a general notice. Anything but a 422 is left to the caller.
 */
export function applyServerErrors<F extends string>(
  err: unknown,
  setError: SetServerError<F>,
  fieldOf: (key: string) => F | undefined,
): boolean {
  if (!(err instanceof ApiError) || err.status !== 422) return false;
  const byField = new Map<F, string>();
  for (const [key, message] of Object.entries(err.fieldErrors)) {
    const field = fieldOf(key);
    if (field === undefined) continue;
    const before = byField.get(field);
    byField.set(field, before ? `${before}, ${message}` : message);
  }
  for (const [field, message] of byField) setError(field, { type: 'server', message });
  return byField.size > 0;
}

/** A `fieldOf` for a form whose fields are named as the payload's keys (`categories.0` → categories). */
export const fieldsNamed =
  <F extends string>(fields: readonly F[]) =>
  (key: string): F | undefined => {
    const head = key.split('.')[0] as F;
    return fields.includes(head) ? head : undefined;
  };
