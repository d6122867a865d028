import { useEffect, useId, useMemo, type ChangeEvent } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Autocomplete, Box, Button, Chip, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  COMPANY_MESSAGES,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  LOGO_PREVIEW_MAX_PX,
  companyFieldsSchema,
} from '@frontage/shared';
import { applyServerErrors, fieldsNamed } from '../../lib/applyServerErrors';
import { useCompanyCategories, type CompanyWrite } from './api';

const LOGO_TYPES = LOGO_ACCEPT.split(',');

/** The shared contract plus the logo file, checked here too so a wrong file is caught before upload. */
export const companyFormSchema = companyFieldsSchema.extend({
  logo: z
    .custom<File | null>((v) => v === null || v instanceof File)
    .refine((f) => !f || LOGO_TYPES.includes(f.type), COMPANY_MESSAGES.logoType)
    .refine((f) => !f || f.size <= LOGO_MAX_BYTES, COMPANY_MESSAGES.logoTooLarge),
  /** Edit page: the stored logo is to be deleted. */
  remove_logo: z.boolean(),
});

export type CompanyFormValues = z.input<typeof companyFormSchema>;
export type CompanyFormOutput = z.output<typeof companyFormSchema>;
export type CompanyFormApi = UseFormReturn<CompanyFormValues, unknown, CompanyFormOutput>;

export const emptyCompanyForm = (name = ''): CompanyFormValues => ({
  name,
  domain: '',
  phone: '',
  categories: [],
  logo: null,
  remove_logo: false,
});

/** Validated on every change so Save can be enabled only when the form is valid (spec A §2). */
export const useCompanyForm = (defaults: CompanyFormValues): CompanyFormApi =>
  useForm<CompanyFormValues, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyFormSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });

/** The JSON part of a company write; categories only when the user is an admin. */
export const companyWriteOf = (v: CompanyFormOutput, admin: boolean): CompanyWrite => ({
  name: v.name,
  domain: v.domain ?? null,
  phone: v.phone ?? null,
  ...(admin ? { categories: v.categories } : {}),
});

const FORM_FIELDS = ['name', 'domain', 'phone', 'logo', 'categories'] as const;

/** Puts a 422's messages (already joined with ', ') against the fields; `categories.0` → categories. */
export const applyCompanyServerErrors = (err: unknown, form: CompanyFormApi): boolean =>
  applyServerErrors(err, form.setError, fieldsNamed(FORM_FIELDS));

interface FieldsProps {
  form: CompanyFormApi;
  admin: boolean;
  /** URL of the stored logo (edit page). */
  existingLogo?: string | null;
  focusFirst?: boolean;
}

/** name, domain, phone, categories (admins only), logo — used by the dialog and the full pages. */
export function CompanyFormFields({ form, admin, existingLogo, focusFirst }: FieldsProps) {
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
    <Stack spacing={2}>
      <TextField
        label="Name"
        required
        autoComplete="organization"
        error={!!errors.name}
        helperText={errors.name?.message}
        {...register('name')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Domain"
          placeholder="boots.com"
          error={!!errors.domain}
          helperText={errors.domain?.message}
          {...register('domain')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={!!errors.phone}
          helperText={errors.phone?.message}
          {...register('phone')}
        />
      </Stack>
      {admin && <CategoriesField form={form} />}
      <Controller
        control={control}
        name="logo"
        render={({ field, fieldState }) => (
          <LogoInput
            file={field.value ?? null}
            existing={form.watch('remove_logo') ? null : (existingLogo ?? null)}
            error={fieldState.error?.message}
            onChange={(file) => {
              field.onChange(file);
              field.onBlur();
            }}
            onRemoveExisting={() => form.setValue('remove_logo', true, { shouldDirty: true })}
          />
        )}
      />
    </Stack>
  );
}

function CategoriesField({ form }: { form: CompanyFormApi }) {
  const { data: categories = [], isFetching } = useCompanyCategories(true);
  const byId = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  return (
    <Controller
      control={form.control}
      name="categories"
      render={({ field, fieldState }) => {
        const ids = (field.value ?? []) as number[];
        const value = ids.map((id) => byId.get(id) ?? { id, name: `#${id}` });
        return (
          <Autocomplete
            multiple
            options={categories}
            loading={isFetching}
            value={value}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterSelectedOptions
            onChange={(_, next) => field.onChange(next.map((c) => c.id))}
            onBlur={field.onBlur}
            renderValue={(selected, getItemProps) =>
              selected.map((c, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={c.name} {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label="Categories"
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    />
  );
}

interface LogoInputProps {
  file: File | null;
  existing: string | null;
  error?: string;
  onChange: (file: File | null) => void;
  onRemoveExisting: () => void;
}

/** A file button accepting png, jpeg or bmp, a preview capped at 200 px and a remove button. */
function LogoInput({ file, existing, error, onChange, onRemoveExisting }: LogoInputProps) {
  const id = useId();
  const preview = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const shown = preview ?? (file ? null : existing);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    // Reset so choosing the same file again still fires a change.
    e.target.value = '';
    if (chosen) onChange(chosen);
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        Logo
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {shown && (
          <Box
            component="img"
            src={shown}
            alt={file ? 'Logo preview' : 'Current logo'}
            data-testid="logo-preview"
            sx={{
              maxWidth: LOGO_PREVIEW_MAX_PX,
              maxHeight: LOGO_PREVIEW_MAX_PX,
              objectFit: 'contain',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 0.5,
              bgcolor: '#fff',
            }}
          />
        )}
        <Stack spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <Button variant="outlined" component="label" startIcon={<UploadIcon />}>
            {shown || file ? 'Replace logo' : 'Choose logo'}
            <input
              hidden
              type="file"
              accept={LOGO_ACCEPT}
              aria-label="Logo image file"
              data-testid="logo-input"
              onChange={pick}
            />
          </Button>
          {file && (
            <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 260 }}>
              {file.name}
            </Typography>
          )}
          {(file || shown) && (
            <Button
              color="inherit"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => (file ? onChange(null) : onRemoveExisting())}
            >
              Remove logo
            </Button>
          )}
        </Stack>
      </Stack>
      <FormHelperText error={!!error} sx={{ mx: 0 }}>
        {error ?? 'PNG, JPEG or BMP, up to 5 MB.'}
      </FormHelperText>
    </Box>
  );
}
