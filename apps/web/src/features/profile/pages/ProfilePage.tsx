import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import {
  CURRENCY_CHOICES,
  DEFAULT_CURRENCY,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  type PasswordChangeBody,
  type ProfileUpdateBody,
} from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { applyServerErrors, fieldsNamed } from '../../../lib/applyServerErrors';
import { useCurrentUser } from '../../../lib/session';
import { useThemeMode } from '../../../lib/theme';
import { PersonNameField, PhoneFields } from '../../../entities/contacts/PersonFields';
import { useChangePassword, useUpdateProfile } from '../api';
import { Section } from '../components/Section';
import { RemindersSection } from '../components/RemindersSection';
import { CalendarFeedSection } from '../components/CalendarFeedSection';
import { ApiTokensSection } from '../components/ApiTokensSection';

export default function ProfilePage() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="Profile" />
      <Stack spacing={2}>
        <DetailsForm />
        <AppearanceSection />
        <PasswordForm />
        <RemindersSection />
        <CalendarFeedSection />
        <ApiTokensSection />
      </Stack>
    </Box>
  );
}

type ProfileOutput = z.output<typeof profileUpdateBodySchema>;
const PROFILE_FIELDS = ['name', 'direct_dial', 'mobile', 'currency'] as const;

function DetailsForm() {
  const user = useCurrentUser();
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateBody, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateBodySchema),
    defaultValues: {
      name: user.name,
      direct_dial: user.direct_dial ?? '',
      mobile: user.mobile ?? '',
      currency: user.currency ?? DEFAULT_CURRENCY,
    },
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    try {
      const saved = await update.mutateAsync(body);
      reset({
        name: saved.name,
        direct_dial: saved.direct_dial ?? '',
        mobile: saved.mobile ?? '',
        currency: saved.currency,
      });
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(PROFILE_FIELDS));
    }
  });

  return (
    <Section title="Details">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Profile details">
          <Stack spacing={2}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                E-mail
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {user.email ?? '—'}
              </Typography>
              <Typography component="dt" variant="body2" color="text.secondary">
                Company
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {user.company?.name ?? '—'}
              </Typography>
            </Box>
            <PersonNameField own />
            <PhoneFields own />
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <TextField
                  select
                  label="Preferred currency"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  name={field.name}
                  error={!!errors.currency}
                  helperText={errors.currency?.message}
                  sx={{ maxWidth: 200 }}
                >
                  {CURRENCY_CHOICES.map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
                Save
              </Button>
            </Box>
          </Stack>
        </form>
      </FormProvider>
    </Section>
  );
}

function AppearanceSection() {
  const { mode, setMode } = useThemeMode();
  return (
    <Section title="Appearance">
      <ToggleButtonGroup
        exclusive
        value={mode}
        onChange={(_, next: 'light' | 'dark' | null) => next && setMode(next)}
        aria-label="Theme"
      >
        <ToggleButton value="light" aria-label="Light">
          <LightModeIcon fontSize="small" sx={{ mr: 0.75 }} />
          Light
        </ToggleButton>
        <ToggleButton value="dark" aria-label="Dark">
          <DarkModeIcon fontSize="small" sx={{ mr: 0.75 }} />
          Dark
        </ToggleButton>
      </ToggleButtonGroup>
    </Section>
  );
}

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

function PasswordForm() {
  const user = useCurrentUser();
  const change = useChangePassword();
  const location = useLocation();
  const currentRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBodySchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  useEffect(() => {
    if (location.hash === '#password') {
      document.getElementById('password')?.scrollIntoView?.({ block: 'start' });
      currentRef.current?.focus();
    }
  }, [location.hash]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      reset();
    } catch (err) {
      applyServerErrors(err, setError, fieldsNamed(PASSWORD_FIELDS));
    }
  });

  const { ref: currentRegisterRef, ...current } = register('current_password');
  return (
    <Section title="Change password" id="password">
      {user.is_temp && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          You signed in with a temporary password. Choose a new one now.
        </Alert>
      )}
      {/* A hidden username field lets password managers pair the new password with the account. */}
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <input type="text" name="username" autoComplete="username" value={user.email ?? ''} readOnly hidden />
        <Stack spacing={2}>
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={!!errors.current_password}
            helperText={errors.current_password?.message}
            {...current}
            inputRef={(el: HTMLInputElement | null) => {
              currentRegisterRef(el);
              currentRef.current = el;
            }}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            error={!!errors.password}
            helperText={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            required
            error={!!errors.password_confirmation}
            helperText={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Change password
            </Button>
          </Box>
        </Stack>
      </form>
    </Section>
  );
}
