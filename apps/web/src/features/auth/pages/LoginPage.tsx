import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { loginProblems, type LoginInput, type User } from '@frontage/shared';
import { ApiError } from '../../../lib/http';
import { formatWait } from '../formatWait';
import { signIn } from '../signIn';
import { LoginField } from './LoginField';

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

/*
 * Two fields with plain state and loginProblems (the rules of loginBodySchema without zod): the
 * sign-in page is the one form that does not use react-hook-form and zod, so it loads in under
 * 150 KB gzipped (ADR 0041). The server checks the body with loginBodySchema as before.
 */
export interface LoginPageProps {
  /** Called with the signed-in user; the page shows every failure of POST /api/auth/login itself. */
  onSignedIn: (user: User) => void;
}

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginInput, string>>>({});
  const email = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);

  useEffect(() => email.current?.focus(), []);

  const change = (field: keyof LoginInput) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = loginProblems(values);
    setErrors(problems);
    if (problems.email) return email.current?.focus();
    if (problems.password) return password.current?.focus();
    setBusy(true);
    setError(null);
    let user: User;
    try {
      user = await signIn({ email: values.email.trim(), password: values.password });
    } catch (err) {
      setError(err);
      setBusy(false);
      return;
    }
    setBusy(false);
    onSignedIn(user);
  };

  const serverError = errorText(error);

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
          <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Log in">
            <Stack spacing={2}>
              {serverError && (
                <Alert severity="error" role="alert" data-testid="login-error">
                  {serverError}
                </Alert>
              )}
              <LoginField
                ref={email}
                label="E-mail"
                name="email"
                type="email"
                autoComplete="username"
                required
                aria-invalid={!!errors.email}
                error={errors.email}
                value={values.email}
                onChange={change('email')}
              />
              <LoginField
                ref={password}
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={!!errors.password}
                error={errors.password}
                value={values.password}
                onChange={change('password')}
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
