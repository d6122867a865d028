import type { BrowserContext, Page } from '@playwright/test';
import { AGENT, expect, hideHelpVideos, seriousViolations, test } from '../fixtures';

test.use({ signedInAs: AGENT });

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme, signedInAs: null });

    test('the login page has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

/** A page's title, or the dialog a create route opens. */
const titled = (p: Page) => p.getByRole('heading', { level: 1 }).or(p.getByRole('dialog')).first();

/** Every screen of the signed-in app the suite visits, with what shows it is ready. */
const SCREENS: Array<{ path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }> = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1, name: 'My Properties' }) },
  { path: '/properties', ready: (p) => p.getByRole('heading', { level: 1, name: 'Properties' }) },
  { path: '/properties/create', ready: titled },
  { path: '/schemes', ready: (p) => p.getByRole('heading', { level: 1, name: 'Schemes' }) },
  { path: '/schemes/create', ready: titled },
  { path: '/deals', ready: (p) => p.getByRole('heading', { level: 1, name: 'Deals' }) },
  { path: '/lease-events', ready: (p) => p.getByRole('heading', { level: 1, name: 'Lease Events' }) },
  { path: '/imports', ready: (p) => p.getByRole('heading', { level: 1, name: 'Imports' }) },
  { path: '/comparables', ready: (p) => p.getByRole('heading', { level: 1, name: 'Comparables' }) },
  { path: '/enquiries', ready: (p) => p.getByRole('heading', { level: 1, name: 'Enquiries' }) },
  { path: '/companies', ready: (p) => p.getByRole('heading', { level: 1, name: 'Companies' }) },
  { path: '/companies/create', ready: titled },
  { path: '/users', ready: (p) => p.getByRole('heading', { level: 1, name: 'Contacts' }) },
  { path: '/users/create', ready: titled },
  // Ready once the last column has its count.
  { path: '/pipelines', ready: (p) => p.getByRole('heading', { level: 2, name: /^Withdrawn, / }) },
  { path: '/notifications', ready: titled },
  // The map: ready once its clusters are drawn.
  { path: '/map', ready: (p) => p.getByRole('button', { name: /^Cluster of / }).first() },
  { path: '/profile', ready: titled },
  { path: '/no-such-page', ready: titled },
];

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

// One test per screen and theme: axe takes 6–8 s on a list screen, and the whole sweep in one test
// (2.6–3.1 min a theme on a loaded 2-core machine) came close to any limit a test can have. The
// tests of a theme share one signed-in page, as a user going from screen to screen: a new context
// per screen fetched and compiled the app’s code again each time (the sweep on one worker: 111 s → 89 s).
for (const theme of ['light', 'dark'] as const) {
  test.describe(`signed in, ${theme} theme`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser, sessions }) => {
      context = await browser.newContext({ storageState: await sessions.stateOf(AGENT) });
      await hideHelpVideos(context);
      page = await context.newPage();
      const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
      expect(res.ok()).toBe(true);
    });
    // The theme is saved per user: leave the agent on the light theme for the tests after these.
    test.afterAll(async () => {
      if (theme === 'dark')
        await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
      await context.close();
    });

    for (const screen of SCREENS) {
      test(`${screen.path} has no serious or critical axe violations`, async () => {
        await page.goto(screen.path);
        await expect(screen.ready(page)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Lists load after their heading; axe waits for nothing.
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        // A tooltip under the pointer fades in; axe would measure it half transparent.
        await page.mouse.move(0, 400);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
        expect(await seriousViolations(page), `${screen.path} in the ${theme} theme`).toEqual([]);
      });
    }
  });
}
