import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { loginBodySchema, type LoginBody } from '@frontage/shared';
import { ApiError } from '../../../lib/http';
import { formatWait } from '../../../lib/format';
import { useLogin } from '../api';

const errorText = (err: unknown): string | null => {
  if (!err) return null;
  if (err instanceof ApiError) {
    if (err.status === 429) {
      return err.retryAfter !== null
        ? `${err.message} You can try again in ${formatWait(err.retryAfter)}.`
        : err.message;
    }
    if (err.status === 422) return Object.values(err.fieldErrors).join(' ') || err.message;
    return err.message;
  }
  return err instanceof Error ? err.message : String(err);
};

export default function LoginPage() {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await login.mutateAsync(body);
    } catch {
      /* shown below from login.error */
    }
  });

  const serverError = errorText(login.error);
  const busy = isSubmitting || login.isPending;

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent sx={{ p: 3, '&:last-child': { pb: 3 } }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem', mb: 0.5 }}>
            Frontage
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            Log in to your account
          </Typography>
          <form onSubmit={onSubmit} noValidate aria-label="Log in">
            <Stack spacing={2}>
              {serverError && (
                <Alert severity="error" role="alert" data-testid="login-error">
                  {serverError}
                </Alert>
              )}
              <TextField
                label="E-mail"
                type="email"
                autoComplete="username"
                required
                error={!!errors.email}
                helperText={errors.email?.message}
                {...register('email')}
              />
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                required
                error={!!errors.password}
                helperText={errors.password?.message}
                {...register('password')}
              />
              <Button type="submit" variant="contained" size="medium" disabled={busy} fullWidth>
                Log in
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
