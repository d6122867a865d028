import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { serverURL } from './support/servers';

export interface Who {
  email: string;
  password: string;
  name: string;
}

export const ADMIN: Who = { email: 'admin@example.com', password: 'demo-admin-2026', name: 'Alex Morgan' };
export const AGENT: Who = { email: 'agent@example.com', password: 'demo-agent-2026', name: 'Jamie Patel' };

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

/**
 * The demo seed offers help videos on /properties and /map: their dialog would stand in front of
 * every other spec's screen, so the page's videos are answered with none unless a test asks for
 * them (help-videos.spec.ts).
 */
export const hideHelpVideos = (context: BrowserContext) =>
  context.route(
    (url) => url.pathname === '/api/videos',
    (route) => route.fulfill({ json: { data: [] } }),
  );

/**
 * One session per role and worker, made through POST /api/auth/login the first time a test asks
 * for the role and reused by the tests after it: the sign-in form is what the sign-in specs test,
 * the others only need to be signed in. Sessions are per browser (ADR 0074): a test that signs out
 * on a shared state ends it for everybody, so every hand-out asks GET /api/auth/me first and signs
 * in again when the session has ended (signed out, refreshed away, or ended by an admin).
 */
class Sessions {
  private readonly apis = new Map<string, APIRequestContext>();

  constructor(
    private readonly playwright: PlaywrightWorkerArgs['playwright'],
    private readonly baseURL: string,
  ) {}

  async stateOf(who: Who): Promise<StorageState> {
    let api = this.apis.get(who.email);
    if (api && (await api.get('/api/auth/me')).ok()) return api.storageState();
    if (!api) {
      api = await this.playwright.request.newContext({
        baseURL: this.baseURL,
        extraHTTPHeaders: XHR,
        storageState: SIGNED_OUT,
      });
      this.apis.set(who.email, api);
    }
    const res = await api.post('/api/auth/login', { data: { email: who.email, password: who.password } });
    expect(res.ok(), `signing in ${who.email} answered ${res.status()}`).toBe(true);
    return api.storageState();
  }

  async dispose(): Promise<void> {
    for (const api of this.apis.values()) await api.dispose();
  }
}

interface Options {
  /** Who `page` starts signed in as (a session this worker keeps), or null for a visitor. */
  signedInAs: Who | null;
  /** Whether `page` is offered the demo seed's help videos. */
  helpVideos: boolean;
}

interface Fixtures {
  /**
   * A page in a context of its own: signed in as `who` (the worker's session for the role, as
   * `signedInAs` gives) or, with null, a visitor with no cookie. Closed when the test ends.
   */
  pageAs: (who: Who | null, opts?: { helpVideos?: boolean }) => Promise<Page>;
}

export const test = base.extend<Options & Fixtures, { sessions: Sessions; serverURL: string }>({
  signedInAs: [null, { option: true }],
  helpVideos: [false, { option: true }],
  /** This worker's own server (playwright.config.ts starts one per worker slot). */
  serverURL: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => use(serverURL(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => use(serverURL),
  sessions: [
    async ({ playwright, serverURL }, use) => {
      const sessions = new Sessions(playwright, serverURL);
      await use(sessions);
      await sessions.dispose();
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInAs, sessions, storageState }, use) => {
    await use(signedInAs ? await sessions.stateOf(signedInAs) : storageState);
  },
  context: async ({ context, helpVideos }, use) => {
    if (!helpVideos) await hideHelpVideos(context);
    await use(context);
  },
  pageAs: async ({ browser, sessions }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (who, opts = {}) => {
      // An explicit state: a context of the test's browser inherits `signedInAs` otherwise.
      const context = await browser.newContext({
        storageState: who ? await sessions.stateOf(who) : SIGNED_OUT,
      });
      opened.push(context);
      if (!opts.helpVideos) await hideHelpVideos(context);
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },
});

export { expect };

/** Opens the app on My Properties, the page a sign-in lands on. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
}

/**
 * Signs in through the form, for the specs about signing in; a page's own context must not hold a
 * shared session (signing in ends the browser's previous session, ADR 0074).
 */
export async function login(
  page: Page,
  who: { email: string; password: string },
  opts: { helpVideos?: boolean } = {},
): Promise<void> {
  if (!opts.helpVideos) await hideHelpVideos(page.context());
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
}

export const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * axe on every screen the suite reaches, in both themes: no serious or critical violation. The
 * experimental rules are on too: `label-content-name-mismatch` (a control's accessible name must
 * contain the text it shows, WCAG 2.5.3) is one of them, and it found the avatar button.
 */
export async function seriousViolations(page: Page, scope: { include?: string; exclude?: string } = {}) {
  let axe = new AxeBuilder({ page })
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    // axe.run in the page itself. The default (runPartial, then finishRun in a new blank page the
    // builder opens for every call, fed the whole page's partial results) took 2.3–2.8 s a list
    // screen on an idle 2-core machine; this 0.6–1.0 s, with the same findings (ADR 0109). The
    // default exists for cross-origin iframes, and the app's only iframe is a video host's player.
    .setLegacyMode(true);
  if (scope.include) axe = axe.include(scope.include);
  if (scope.exclude) axe = axe.exclude(scope.exclude);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // The element's opening tag too: a selector such as `:root` does not say which attribute.
      nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`),
    }));
}
