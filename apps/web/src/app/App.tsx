import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import { TOAST_DURATION_MS } from '@frontage/shared';
import { AppProviders } from './providers';

/** Shows a warning handed over by the sign-in page once the toasts can show it. */
function StartNotice({ message }: { message: string }) {
  useEffect(() => {
    enqueueSnackbar(message, { variant: 'warning', autoHideDuration: TOAST_DURATION_MS });
  }, [message]);
  return null;
}

export function App({
  router,
  queryClient,
  notice,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  notice?: string;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      {notice && <StartNotice message={notice} />}
      <RouterProvider router={router} />
    </AppProviders>
  );
}
