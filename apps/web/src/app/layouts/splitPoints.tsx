import { Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { MESSAGES } from '@frontage/shared';
import { lazyPage } from '../lazyPage';

/*
 * The shell (top bar, drawer, the create dialogs and their pickers and forms) is loaded on its own,
 * so the sign-in page does not download it (/login ≤ 150 KB gzipped, ADR 0041). A signed-in visit
 * starts loading it at once (see preloadForPath), in parallel with GET /api/auth/me.
 */
const loadShell = () => import('./AppShell');
const loadLogin = () => import('../../features/auth/pages/LoginRoute');

const MainLayoutChunk = lazyPage(() => loadShell().then((m) => ({ default: m.MainLayout })));
const LoginPageChunk = lazyPage(loadLogin);

const quietly = (load: Promise<unknown>) =>
  void load.catch(() => {
    /* the route's own load reports the failure */
  });

/**
 * Starts the download of what the first route will need, before the session check answers —
 * through the lazy components themselves, so that once the code is in they render at once
 * instead of suspending (lib/lazyPage.ts).
 */
export function preloadForPath(pathname: string): void {
  quietly(pathname === '/login' ? LoginPageChunk.preload() : MainLayoutChunk.preload());
}

/** The shell, for a user known to be signed in. */
export function preloadShell(): void {
  quietly(MainLayoutChunk.preload());
}

function ShellLoading() {
  return (
    <Box sx={{ p: 3 }} role="status">
      <Typography>{MESSAGES.loading}</Typography>
    </Box>
  );
}

export function MainLayout() {
  return (
    <Suspense fallback={<ShellLoading />}>
      <MainLayoutChunk />
    </Suspense>
  );
}

export function LoginPage() {
  return (
    <Suspense fallback={<ShellLoading />}>
      <LoginPageChunk />
    </Suspense>
  );
}
