import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../src/app/App';
import { connectHttp } from '../src/app/bootstrap';
import { appRoutes } from '../src/app/routes';
import { installAppApi, testQueryClient, type FakeApiOptions } from './appApi';
import { setupUser } from './user';

export { CONFIG } from './appApi';

/**
 * Renders the whole app at `path` with a fake API: the session check, the guards, the shell (top
 * bar, drawer, its dialogs) and every lazily loaded route. For tests about the shell, navigation
 * between screens and the guards; a test about one screen or dialog uses renderRoute.
 */
export function renderApp(path: string, opts: FakeApiOptions) {
  const api = installAppApi(opts);
  const queryClient = testQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  connectHttp(router, queryClient);
  const user = setupUser();
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, queryClient, api, user };
}
