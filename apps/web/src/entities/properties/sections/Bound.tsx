import type { ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { WithUnverifiedMarker } from './UnverifiedMarker';

export interface BoundField<V> {
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  /** The field's message (client check or server 422), if any. */
  error?: string;
}

/**
 * One form field of the surrounding react-hook-form (FormProvider), by its full path: the form
 * sections build every input on it, so a section works in a dialog, a page or a wizard step. In
 * an edit dialog a field whose column has unverified history gets its marker (UnverifiedFields).
 */
export function Bound<V>({ name, children }: { name: string; children: (f: BoundField<V>) => ReactNode }) {
  const { field, fieldState } = useController({ name });
  // Every section field is a Bound, so the edit dialogs' unverified markers need no section changes.
  return (
    <WithUnverifiedMarker name={name}>
      {children({
        value: field.value as V,
        onChange: field.onChange,
        onBlur: field.onBlur,
        error: fieldState.error?.message,
      })}
    </WithUnverifiedMarker>
  );
}

/**
 * A section's view of the form: its fields live under `prefix` ('' in the property dialogs,
 * e.g. 'property.' in a wizard step). `path('address.street')` is the full field path.
 */
export function useSection(prefix = '') {
  const form = useFormContext();
  return { ...form, path: (key: string) => `${prefix}${key}` };
}

/** What every section takes: where its fields live, and whether they are editable. */
export interface SectionProps {
  /** The field-path prefix of the section's fields (default: the form's root). */
  prefix?: string;
  disabled?: boolean;
}
