import { useEffect, useRef } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { DEBOUNCE_PICKER_MS, contactBodySchema, emailDomain } from '@frontage/shared';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useCompanyByDomain, type CompanyRef } from '../companies/api';
import { CompanyPicker } from '../companies/CompanyPicker';
import type { Contact, ContactWrite } from './api';
import { accountFormOf, accountFormSchema, accountWriteOf } from './ContactAccountSection';
import { PersonNameField, PhoneFields } from './PersonFields';

/** The shared contract's fields, with the company held as the picked record (sent as company_id). */
export const contactFormSchema = contactBodySchema
  .pick({ name: true, email: true, direct_dial: true, mobile: true })
  .extend({
    company: z.custom<CompanyRef | null>((v) => v === null || (typeof v === 'object' && !!v)),
    /** Present only on an admin's page (ADR 0065). */
    account: accountFormSchema.optional(),
  });

export type ContactFormValues = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;
export type ContactFormApi = UseFormReturn<ContactFormValues, unknown, ContactFormOutput>;

export const emptyContactForm = (over: Partial<ContactFormValues> = {}): ContactFormValues => ({
  name: '',
  email: '',
  company: null,
  direct_dial: '',
  mobile: '',
  ...over,
});

/** `withAccount`: the viewer is an admin, so the form carries the Account section's fields. */
export const contactFormOf = (c: Contact, withAccount = false): ContactFormValues => ({
  name: c.name,
  email: c.email ?? '',
  company: c.company ?? (c.company_id ? { id: c.company_id, name: `#${c.company_id}` } : null),
  direct_dial: c.direct_dial ?? '',
  mobile: c.mobile ?? '',
  ...(withAccount ? { account: accountFormOf(c) } : {}),
});

/** `initial`: the values the form opened with, so only changed account fields are sent. */
export const contactWriteOf = (v: ContactFormOutput, initial?: ContactFormValues): ContactWrite => ({
  company_id: v.company?.id ?? null,
  name: v.name,
  email: v.email,
  direct_dial: v.direct_dial ?? null,
  mobile: v.mobile ?? null,
  ...accountWriteOf(v.account, initial?.account),
});

/** Validated on change and on blur so Save can be enabled only when valid (spec A §2, §5). */
export const useContactForm = (defaults: ContactFormValues): ContactFormApi =>
  useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    mode: 'onChange',
    reValidateMode: 'onChange',
    defaultValues: defaults,
  });

const SERVER_FIELDS: Record<string, Path<ContactFormValues>> = {
  name: 'name',
  email: 'email',
  direct_dial: 'direct_dial',
  mobile: 'mobile',
  company_id: 'company',
  type: 'account.type',
  can_sign_in: 'account.can_sign_in',
  password: 'account.password',
};

/** A 422's messages (joined with ', ' by the http client) against each field (spec A §5). */
export const applyContactServerErrors = (err: unknown, form: ContactFormApi): boolean =>
  applyServerErrors(err, form.setError, (key) => SERVER_FIELDS[key]);

/**
 * Name, E-mail, Company, Direct Dial, Mobile — used by the dialog and the full pages (the person's
 * fields are PersonFields', which the profile shares).
 */
export function ContactFormFields({ form, focusFirst }: { form: ContactFormApi; focusFirst?: boolean }) {
  const {
    register,
    control,
    setFocus,
    formState: { errors },
  } = form;
  useEffect(() => {
    // Runs before the dialog's focus trap looks for focus, so the trap leaves it on the name.
    if (focusFirst) setFocus('name');
  }, [focusFirst, setFocus]);

  return (
    <FormProvider {...form}>
      <Stack spacing={2}>
        <PersonNameField />
        <TextField
          label="E-mail"
          required
          type="email"
          autoComplete="off"
          error={!!errors.email}
          helperText={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="company"
          render={({ field, fieldState }) => (
            <CompanyPicker
              label="Company"
              name="company"
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <CompanyFromEmail form={form} />
        <PhoneFields />
      </Stack>
    </FormProvider>
  );
}

const EMAIL_OK = contactBodySchema.shape.email;

/**
 * Typing an e-mail proposes the company that owns its domain (spec A §3): selected at once when
 * the company field is empty, otherwise offered as a suggestion.
 */
function CompanyFromEmail({ form }: { form: ContactFormApi }) {
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const company = useWatch({ control: form.control, name: 'company' }) ?? null;
  const settled = useDebouncedValue(email, DEBOUNCE_PICKER_MS);
  const domain = EMAIL_OK.safeParse(settled).success ? emailDomain(settled) : null;
  const { data: found } = useCompanyByDomain(domain);
  // Each domain selects its company once; clearing the field afterwards is respected.
  const appliedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!found || !domain || appliedFor.current === domain) return;
    appliedFor.current = domain;
    if (!form.getValues('company'))
      form.setValue('company', found, { shouldValidate: true, shouldDirty: true });
  }, [found, domain, form]);

  if (!found || !domain || company?.id === found.id) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid="company-suggestion"
      sx={{ py: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => form.setValue('company', found, { shouldValidate: true, shouldDirty: true })}
        >
          Use {found.name}
        </Button>
      }
    >
      {found.name} uses the e-mail domain {domain}.
    </Alert>
  );
}
