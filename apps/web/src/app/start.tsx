import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import type { User } from '@frontage/shared';
import { setMe } from '../lib/session';
import { createQueryClient } from '../lib/queryClient';
import { App } from './App';
import { connectHttp } from './bootstrap';
import { preloadForPath, preloadShell } from './layouts/splitPoints';
import { appRoutes } from './routes';

export interface StartOptions {
  /** The user the sign-in page just signed in: the app starts with the session known. */
  me?: User;
  /** A warning to show once the app is up (the temporary-password notice after a sign-in). */
  notice?: string;
}

/** Mounts the whole app (router, queries, shell) on the page's root. */
export function startApp(root: Root, { me, notice }: StartOptions = {}): void {
  if (me) preloadShell();
  else preloadForPath(window.location.pathname);
  const queryClient = createQueryClient();
  if (me) setMe(queryClient, me);
  const router = createBrowserRouter(appRoutes);
  connectHttp(router, queryClient);
  root.render(
    <StrictMode>
      <App router={router} queryClient={queryClient} notice={notice} />
    </StrictMode>,
  );
}
