import { StrictMode, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { Box, CssBaseline, ThemeProvider, Typography } from '@mui/material';
import { MESSAGES, type Theme, type User } from '@frontage/shared';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { createAppTheme, readStored, subscribe } from '../lib/appTheme';
import { fetchMe } from '../lib/me';

/*
 * A cold visit to /login downloads only this: React, the MUI parts the form uses and the form
 * (≤ 150 KB gzipped, ADR 0041). No router, TanStack Query, notistack, shell or zod. Once
 * signed in, the app is loaded and mounted on the same root with the session already known, and
 * its guest-only guard sends the user on, as a sign-in inside the app does.
 */
function SignedOutTheme({ children }: { children: ReactNode }) {
  const mode = useSyncExternalStore(subscribe, readStored, () => 'light' as Theme);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

const openApp = async (root: Root, me: User) => {
  const { startApp } = await import('./start');
  startApp(root, { me, notice: me.is_temp ? MESSAGES.changePassword : undefined });
};

export async function startSignIn(root: Root): Promise<void> {
  root.render(
    <StrictMode>
      <SignedOutTheme>
        <Box sx={{ p: 3 }} role="status">
          <Typography>{MESSAGES.loading}</Typography>
        </Box>
      </SignedOutTheme>
    </StrictMode>,
  );
  // Already signed in (a bookmark of /login): straight into the app, which sends the user home.
  const me = await fetchMe().catch(() => null);
  if (me) return openApp(root, me);
  root.render(
    <StrictMode>
      <SignedOutTheme>
        <LoginPage onSignedIn={(user) => void openApp(root, user)} />
      </SignedOutTheme>
    </StrictMode>,
  );
}
