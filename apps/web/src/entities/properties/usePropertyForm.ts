import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { ApiError } from '../../lib/http';
import { fieldOfErrorKey, propertyResolver, type PropertyFormValues } from './propertyForm';

/**
 * The react-hook-form both property dialogs use (the sections read it through
 * FormProvider, ADR 0039), validated like the server — the typed dates, then the payload against the shared
 * zod schema — plus a save runner that puts a 422 against the fields and remembers the refusal.
 */
export function usePropertyForm(
  defaults: () => PropertyFormValues,
  schema: ZodType,
  toPayload: (v: PropertyFormValues) => unknown,
) {
  const [defaultValues] = useState(defaults);
  const form = useForm<PropertyFormValues>({ defaultValues, resolver: propertyResolver(schema, toPayload) });
  const [refused, setRefused] = useState(false);

  /** Runs `send` when the checks pass; maps a 422 onto the fields. True on success. */
  const save = (send: (v: PropertyFormValues) => Promise<void>): Promise<boolean> =>
    new Promise((resolve) => {
      setRefused(false);
      void form.handleSubmit(
        async (v) => {
          try {
            await send(v);
            resolve(true);
          } catch (err) {
            applyServerErrors(err, form.setError, (key) => fieldOfErrorKey(key) as never);
            if (err instanceof ApiError && err.status === 422) setRefused(true);
            resolve(false);
          }
        },
        () => resolve(false),
      )();
    });

  return { form, saving: form.formState.isSubmitting, refused, dirty: form.formState.isDirty, save };
}
