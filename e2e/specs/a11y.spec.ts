import { expect, test, type Page } from '@playwright/test';
import { AGENT, login, seriousViolations } from '../fixtures';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('the login page has no serious or critical axe violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

/** Every screen of the signed-in app the suite visits, with what shows it is ready. */
/** A page's title, or the dialog a create route opens. */
const titled = (p: Page) => p.getByRole('heading', { level: 1 }).or(p.getByRole('dialog')).first();

const SCREENS: Array<{ path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }> = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1, name: 'My Properties' }) },
  { path: '/properties', ready: (p) => p.getByRole('heading', { level: 1, name: 'Properties' }) },
  { path: '/properties/create', ready: titled },
  { path: '/schemes', ready: (p) => p.getByRole('heading', { level: 1, name: 'Schemes' }) },
  { path: '/schemes/create', ready: titled },
  { path: '/deals', ready: (p) => p.getByRole('heading', { level: 1, name: 'Deals' }) },
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

// One test per theme: axe takes 6–8 s on each list screen, so both themes in one test ran into
// its time limit. 15 screens took 108 s in CI: the limit leaves room for a slower machine.
for (const theme of ['light', 'dark'] as const) {
  test(`every signed-in screen has no serious or critical axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await login(page, AGENT);
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // Lists load after their heading; axe waits for nothing.
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      // The theme switch's tooltip fades in under the pointer; axe would measure it half transparent.
      await page.mouse.move(0, 400);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      expect(await seriousViolations(page), `${screen.path} in the ${theme} theme`).toEqual([]);
    }
    // The theme is saved per user: leave the agent on the light theme for the tests after this one.
    if (theme === 'dark') await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
}
