import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/http';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { clientErrors, fieldOfErrorKey, type PropertyFormValues } from './propertyForm';
import type { SetField } from './PropertyFormSections';

/**
 * The state both property dialogs share: the values, the errors shown against fields (client
 * checks and server 422s), and a save runner with its loading flag.
 */
export function usePropertyForm(initial: () => PropertyFormValues) {
  const [value, setValue] = useState<PropertyFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);
  // Anything typed or picked: closing by Escape or a click outside then asks first.
  const [dirty, setDirty] = useState(false);

  const set: SetField = useCallback((key, v) => {
    setDirty(true);
    setValue((old) => ({ ...old, [key]: v }));
    setErrors((old) => {
      if (!Object.keys(old).some((k) => k === key || k.startsWith(`${String(key)}.`))) return old;
      return Object.fromEntries(
        Object.entries(old).filter(([k]) => k !== key && !k.startsWith(`${String(key)}.`)),
      );
    });
  }, []);

  /** Runs `send` when the client checks pass; maps a 422 onto the fields. True on success. */
  const save = async (send: (v: PropertyFormValues) => Promise<void>): Promise<boolean> => {
    const local = clientErrors(value);
    setErrors(local);
    setRefused(false);
    if (Object.keys(local).length) return false;
    setSaving(true);
    try {
      await send(value);
      return true;
    } catch (err) {
      const mapped: Record<string, string> = {};
      applyServerErrors(err, (f, e) => (mapped[f] = e.message), fieldOfErrorKey);
      if (err instanceof ApiError && err.status === 422) {
        setErrors(mapped);
        setRefused(true);
      }
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { value, setValue, set, errors, saving, refused, dirty, save };
}
