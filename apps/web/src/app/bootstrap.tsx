import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { enqueueSnackbar } from 'notistack';
import { TOAST_DURATION_MS } from '@frontage/shared';
import { configureHttp } from '../lib/http';
import { clearSession } from '../lib/session';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/** Connects the http client's error catalogue to toasts, the session and navigation. */
export function connectHttp(router: AppRouter, queryClient: QueryClient): void {
  configureHttp({
    notify: (message, variant, details) => {
      const content =
        details && details.length > 0 ? (
          <div>
            <strong>{message}</strong>
            <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
              {details.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          </div>
        ) : (
          message
        );
      enqueueSnackbar(content, { variant, autoHideDuration: TOAST_DURATION_MS });
    },
    onUnauthorized: () => {
      const from = router.state.location;
      clearSession(queryClient);
      if (from.pathname !== '/login') void router.navigate('/login', { replace: true, state: { from } });
    },
    onForbidden: () => {
      void router.navigate('/access-error');
    },
  });
}
