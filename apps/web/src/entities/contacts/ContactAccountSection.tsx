import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { CONTACT_MESSAGES, PASSWORD_MIN, USER_TYPES, type UserType } from '@frontage/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Contact, ContactWrite } from './api';
import type { ContactFormApi } from './ContactForm';

/**
 * The admin-only account fields of a contact (ADR 0065). `had_sign_in` is what the record said
 * when the form opened: turning sign-in on for someone without a password needs a temporary one.
 */
export const accountFormSchema = z
  .object({
    type: z.enum(USER_TYPES),
    can_sign_in: z.boolean(),
    password: z.string().refine((v) => v === '' || v.length >= PASSWORD_MIN, CONTACT_MESSAGES.passwordMin),
    had_sign_in: z.boolean(),
  })
  .superRefine((a, ctx) => {
    if (a.can_sign_in && !a.had_sign_in && !a.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: CONTACT_MESSAGES.passwordNeeded });
    }
  });
export type AccountFormValues = z.input<typeof accountFormSchema>;

export const accountFormOf = (c?: Contact): AccountFormValues => ({
  type: c?.type ?? 'user',
  can_sign_in: c?.can_sign_in ?? false,
  password: '',
  had_sign_in: c?.can_sign_in ?? false,
});

/** Only what the admin changed is sent: an untouched section leaves the account as it is. */
export const accountWriteOf = (
  a: AccountFormValues | undefined,
  initial: AccountFormValues | undefined,
): Pick<ContactWrite, 'type' | 'can_sign_in' | 'password'> => {
  if (!a || !initial) return {};
  return {
    ...(a.type !== initial.type ? { type: a.type } : {}),
    ...(a.can_sign_in !== initial.can_sign_in ? { can_sign_in: a.can_sign_in } : {}),
    ...(a.can_sign_in && a.password ? { password: a.password } : {}),
  };
};

/** How a user type reads, in the Account section and the contact's view. */
export const USER_TYPE_LABELS: Record<UserType, string> = { admin: 'Admin', user: 'Ordinary' };

/**
 * User type, Can sign in and Temporary password, for admins only (the caller decides). `self`:
 * the admin's own record, whose sign-in and admin rights they cannot take away (ADR 0065).
 */
export function ContactAccountSection({ form, self = false }: { form: ContactFormApi; self?: boolean }) {
  const { control, setValue } = form;
  const canSignIn = useWatch({ control, name: 'account.can_sign_in' }) ?? false;
  const hadSignIn = useWatch({ control, name: 'account.had_sign_in' }) ?? false;
  const name = useWatch({ control, name: 'name' });
  const [confirmOff, setConfirmOff] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const turnOff = () => {
    setValue('account.can_sign_in', false, { shouldDirty: true, shouldValidate: true });
    setValue('account.password', '', { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Stack component="section" aria-label="Account" spacing={2} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Account
      </Typography>
      <Controller
        control={control}
        name="account.type"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="User type"
            name={field.name}
            value={field.value ?? 'user'}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={self}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? (self ? CONTACT_MESSAGES.cannotDemoteSelf : undefined)}
          >
            {USER_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {USER_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="account.can_sign_in"
        render={({ field, fieldState }) => (
          <div>
            <FormControlLabel
              label="Can sign in"
              disabled={self}
              control={
                <Switch
                  name={field.name}
                  checked={!!field.value}
                  onBlur={field.onBlur}
                  onChange={(_e, on) => {
                    if (on) field.onChange(true);
                    // Only a user who has a sign-in now loses anything: ask first.
                    else if (hadSignIn) setConfirmOff(true);
                    else turnOff();
                  }}
                />
              }
            />
            {(fieldState.error || self) && (
              <FormHelperText error={!!fieldState.error}>
                {fieldState.error?.message ?? CONTACT_MESSAGES.cannotDisableSelf}
              </FormHelperText>
            )}
          </div>
        )}
      />
      {canSignIn && (
        <Controller
          control={control}
          name="account.password"
          render={({ field, fieldState }) => (
            <TextField
              label="Temporary password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              required={!hadSignIn}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                (hadSignIn
                  ? 'Leave empty to keep the current password. A new one is temporary: the user will be asked to change it.'
                  : 'The user will be asked to change it after signing in.')
              }
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
                        onClick={() => setShowPassword((s) => !s)}
                      >
                        {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          )}
        />
      )}
      <ConfirmDialog
        open={confirmOff}
        title="Turn off sign-in?"
        message={`${name || 'This user'} will be signed out at once and will not be able to sign in until an administrator sets a temporary password.`}
        confirmLabel="Turn off sign-in"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirmOff(false);
          turnOff();
        }}
        onCancel={() => setConfirmOff(false)}
      />
    </Stack>
  );
}
