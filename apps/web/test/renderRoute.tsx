import { Suspense, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { Box, LinearProgress } from '@mui/material';
import type { User } from '@frontage/shared';
import { App } from '../src/app/App';
import { connectHttp } from '../src/app/bootstrap';
import { PageErrorBoundary } from '../src/app/lazyPage';
import { queryKeys } from '../src/lib/queryClient';
import type { FakeHandler } from './fakeFetch';
import { installAppApi, testQueryClient } from './appApi';
import { setupUser } from './user';

export interface RouteOptions {
  /** The signed-in user, known from the start (as after the app's session check). */
  user: User;
  /**
   * The screens under test by route pattern, e.g. `{ '/companies/:id/edit': <EditCompanyPage /> }`.
   * Any other path renders an empty page, so a test can still follow a navigation in `router.state`.
   */
  pages?: Record<string, ReactElement>;
  /**
   * The parts of the shell a test needs, rendered beside every page: a dialog host the shell
   * renders (DealWizardHost, ShellDialogs) or the top bar that opens the shell's dialogs.
   */
  beside?: ReactNode;
  /** Fake API routes, beside the session's and the shell's. */
  routes?: Record<string, FakeHandler>;
  /** The unread count the fake API answers (the top bar's bell). */
  unread?: number;
}

/** What the shell puts around a routed page: its main landmark, error boundary and Suspense. */
function Frame({ beside }: { beside: ReactNode }) {
  return (
    <>
      <Box component="main">
        <PageErrorBoundary>
          <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Box>
      {beside}
    </>
  );
}

/**
 * Renders the screens of one feature at `path` inside the app's providers (query client, theme,
 * toasts), a memory router and the http client's wiring (401 → sign-in, 403 → access error, error
 * toasts), with `user` signed in — without the shell, the guards or the other lazy routes. For
 * tests about a page or a dialog; renderApp is for the shell, navigation and the guards.
 */
export function renderRoute(path: string, opts: RouteOptions) {
  const api = installAppApi({ user: opts.user, routes: opts.routes, unread: opts.unread });
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.me, opts.user);
  const routes: RouteObject[] = [
    {
      element: <Frame beside={opts.beside} />,
      children: [
        ...Object.entries(opts.pages ?? {}).map(([pattern, element]) => ({ path: pattern, element })),
        { path: '*', element: null },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  connectHttp(router, queryClient);
  const user = setupUser();
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, queryClient, api, user };
}
