import { Controller } from 'react-hook-form';
import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import {
  ENQUIRY_STAGES,
  ENQUIRY_STAGE_LABELS,
  MESSAGES,
  PAGE_SIZE_SEARCH,
  REASONS,
  REASON_LABELS,
} from '@frontage/shared';
import { DateField } from '../../components/fields/DateField';
import { MoneyField } from '../../components/fields/MoneyField';
import { CompanyPicker } from '../companies/CompanyPicker';
import { ContactPicker } from '../contacts/ContactPicker';
import { PropertyPicker } from '../properties/PropertyPicker';
import { SchemeCombobox } from '../schemes/SchemeCombobox';
import type { EnquiryFormApi } from './enquiryForm';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 1.5,
  rowGap: 2,
  alignItems: 'start',
} as const;
const wide = { gridColumn: '1 / -1' } as const;
const sqft = { input: { endAdornment: <InputAdornment position="end">sqft</InputAdornment> } };
const sizeInput = { inputMode: 'decimal' as const };

/**
 * The fields of Create and Edit Enquiry (spec A §2): Company and Contact pickers (each with a
 * create-new button and 'No … found. Create a new …'; contacts 50 per search, spec A §9), Stage,
 * Reason, Received date (dd/mm/yyyy), the size range (sqft) and the rent range (£). Edit adds the
 * scheme and the property (`withSubject`). `disabled` shows a record the user may not edit.
 */
export function EnquiryFields({
  form,
  withSubject = false,
  disabled = false,
}: {
  form: EnquiryFormApi;
  withSubject?: boolean;
  disabled?: boolean;
}) {
  const { control, setValue, getValues } = form;
  const company = form.watch('company');
  const scheme = form.watch('scheme');
  return (
    <Box sx={grid}>
      {withSubject && (
        <>
          <Controller
            control={control}
            name="scheme"
            render={({ field, fieldState }) => (
              <SchemeCombobox
                value={field.value}
                disabled={disabled}
                error={fieldState.error?.message}
                onChange={(s) => {
                  field.onChange(s);
                  // A unit of another scheme no longer fits: choose again within this one.
                  const p = getValues('property');
                  if (p && s && p.scheme_id !== s.id)
                    setValue('property', null, {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    });
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="property"
            render={({ field, fieldState }) => (
              <PropertyPicker
                value={field.value}
                schemeId={scheme?.id}
                disabled={disabled}
                error={!!fieldState.error}
                helperText={fieldState.error?.message}
                onBlur={field.onBlur}
                onChange={(p) => {
                  field.onChange(p);
                  // A unit's enquiry is also its scheme's (the server stores the property's scheme).
                  if (p)
                    setValue('scheme', p.scheme ? { id: p.scheme.id, name: p.scheme.name } : null, {
                      shouldDirty: true,
                    });
                }}
              />
            )}
          />
        </>
      )}
      <Box sx={wide}>
        <Controller
          control={control}
          name="company"
          render={({ field, fieldState }) => (
            <CompanyPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
              allowCreate={!disabled}
              noneFoundHint={MESSAGES.enquiryNoCompanies}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </Box>
      <Box sx={wide}>
        <Controller
          control={control}
          name="contact"
          render={({ field, fieldState }) => (
            <ContactPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              perPage={PAGE_SIZE_SEARCH}
              createWithCompany={company}
              disabled={disabled}
              allowCreate={!disabled}
              noneFoundHint={MESSAGES.enquiryNoContacts}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      </Box>
      <Controller
        control={control}
        name="stage"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Stage"
            required
            {...field}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {ENQUIRY_STAGES.map((s) => (
              <MenuItem key={s} value={s}>
                {ENQUIRY_STAGE_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="reason"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Reason"
            {...field}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {REASON_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="received_at"
        render={({ field, fieldState }) => (
          <DateField
            label="Received Date"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            disabled={disabled}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ?? (disabled || field.value ? undefined : 'Today when left empty')
            }
          />
        )}
      />
      <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
      {(['size_from', 'size_to'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <TextField
              label={name === 'size_from' ? 'Size From' : 'Size To'}
              {...field}
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{ ...sqft, htmlInput: sizeInput }}
            />
          )}
        />
      ))}
      {(['rent_from', 'rent_to'] as const).map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <MoneyField
              label={name === 'rent_from' ? 'Rent From' : 'Rent To'}
              currency="GBP"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              disabled={disabled}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
      ))}
    </Box>
  );
}
