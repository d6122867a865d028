import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026', name: 'Alex Morgan' };
export const AGENT = { email: 'agent@example.com', password: 'demo-agent-2026', name: 'Jamie Patel' };

/**
 * Signs in. The demo seed offers help videos on /properties and /map (issue 17 item 2): their
 * dialog would stand in front of every other spec's screen, so the page's videos are answered
 * with none unless `helpVideos` is asked for (help-videos.spec.ts).
 */
export async function login(
  page: Page,
  who: { email: string; password: string },
  opts: { helpVideos?: boolean } = {},
): Promise<void> {
  if (!opts.helpVideos)
    await page.context().route(
      (url) => url.pathname === '/api/videos',
      (route) => route.fulfill({ json: { data: [] } }),
    );
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
  let axe = new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (scope.include) axe = axe.include(scope.include);
  if (scope.exclude) axe = axe.exclude(scope.exclude);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
}
