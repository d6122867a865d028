import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Typography } from '@mui/material';
import { MESSAGES, SESSION_REFRESH_INTERVAL_MINUTES, isAdmin, type User } from '@frontage/shared';
import { http } from '../lib/http';
import { setMe, useMe } from '../lib/session';

/** Waits for GET /api/auth/me before anything else renders (spec A §2: 'Loading ...'). */
export function BootGate() {
  const { isPending, isError, refetch } = useMe();
  if (isPending) {
    return (
      <Box sx={{ p: 3 }} role="status">
        <Typography>{MESSAGES.loading}</Typography>
      </Box>
    );
  }
  if (isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {MESSAGES.networkError}
        </Alert>
      </Box>
    );
  }
  return <Outlet />;
}

interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Every route but /login: signed-in users only; others go to /login and come back afterwards. */
export function RequireAuth() {
  const { data: user } = useMe();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  return (
    <>
      <SessionRefresh />
      <Outlet />
    </>
  );
}

/** /login: visitors only; a signed-in user is sent to where they came from, or home. */
export function GuestOnly() {
  const { data: user } = useMe();
  const location = useLocation();
  if (user) {
    const from = (location.state as FromState | null)?.from;
    const to =
      from && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/';
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

/** Admin-only routes (/core): others are sent to /access-error. */
export function RequireAdmin() {
  const { data: user } = useMe();
  if (!isAdmin(user)) return <Navigate to="/access-error" replace />;
  return <Outlet />;
}

/** POST /api/auth/refresh every SESSION_REFRESH_INTERVAL_MINUTES while signed in. */
function SessionRefresh() {
  const qc = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(
      () => {
        http
          .post<{ data: User }>('/auth/refresh', undefined, { successNotice: false })
          .then((res) => setMe(qc, res.data))
          .catch(() => {
            /* a 401 already logged the user out */
          });
      },
      SESSION_REFRESH_INTERVAL_MINUTES * 60 * 1000,
    );
    return () => window.clearInterval(timer);
  }, [qc]);
  return null;
}
