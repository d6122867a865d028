import type { Locator, Page } from '@playwright/test';
import { AGENT, expect, openHome, seriousViolations, test } from '../fixtures';

/**
 * The command palette (ADR 0084): Ctrl-K from anywhere, a retailer's name or a post
 * code typed without its space, the record opened by keyboard alone; axe on the open palette in
 * both themes. E2E_SHOTS_DIR keeps screenshots of it.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;

test.use({ signedInAs: AGENT });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBeTruthy();
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' });

async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  return palette(page);
}

/** Types `text` and waits for the announced answer for it. */
async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).pressSequentially(text);
  await expect(palette(page).getByRole('status')).toHaveText(/^\d+ results?$|^No results for/);
}

/** Moves the active option down to `option` with the arrow keys only, then presses Enter. */
async function openByKeyboard(page: Page, option: Locator): Promise<void> {
  const target = await option.getAttribute('id');
  expect(target).toBeTruthy();
  const count = await palette(page).getByRole('option').count();
  for (let i = 0; i < count; i++) {
    if ((await searchBox(page).getAttribute('aria-activedescendant')) === target) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', target!);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test('Ctrl-K, "greggs": a Greggs unit opens by keyboard; a post code typed without its space finds its property', async ({
  page,
}) => {
  await openHome(page);
  await openPalette(page);
  // Before typing: the commands at once.
  await expect(palette(page).getByRole('group', { name: 'Commands' })).toContainText('Create Company');

  await search(page, 'greggs');
  const units = palette(page).getByRole('group', { name: 'Properties' }).getByRole('option');
  await expect(units.first()).toBeVisible();
  await openByKeyboard(page, units.first());
  await expect(page).toHaveURL(/\/properties\?id=\d+$/);
  await expect(page.getByRole('region', { name: 'Parties' })).toContainText('Greggs');

  // A seeded post code, typed as people type it: lower case, no space.
  const res = await page.request.get('/api/properties?per_page=50&include=address', { headers: XHR });
  expect(res.ok()).toBeTruthy();
  const { data } = (await res.json()) as { data: { address: { post_code: string | null } | null }[] };
  const postCode = data.map((p) => p.address?.post_code).find((pc) => pc && / /.test(pc));
  expect(postCode, 'a seeded property with a post code').toBeTruthy();

  await openPalette(page);
  // The record opened before is offered first.
  await expect(palette(page).getByRole('group', { name: 'Recent' }).getByRole('option')).toHaveCount(1);
  await search(page, postCode!.replace(/\s+/g, '').toLowerCase());
  const places = palette(page).getByRole('group', { name: 'Properties' }).getByRole('option');
  await expect(places.first()).toBeVisible();
  await openByKeyboard(page, places.first());
  await expect(page).toHaveURL(/\/properties\?id=\d+$/);
  await expect(page.getByRole('region', { name: 'Address' })).toContainText(postCode!);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open palette has no serious or critical axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await setTheme(page, theme);
    try {
      await openHome(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('progressbar')).toHaveCount(0);

      // Opened from the top bar's button, before typing: commands (and any recent records).
      await page.getByRole('button', { name: /^Search/ }).click();
      await expect(searchBox(page)).toBeFocused();
      await expect(palette(page).getByRole('group', { name: 'Commands' })).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/palette-${theme}-commands.png` });
      expect(await seriousViolations(page), `before typing, ${theme}`).toEqual([]);

      // With results.
      await search(page, 'greggs');
      await expect(palette(page).getByRole('progressbar')).toHaveCount(0);
      await expect(palette(page).getByRole('group', { name: 'Properties' })).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/palette-${theme}-results.png` });
      expect(await seriousViolations(page), `with results, ${theme}`).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(palette(page)).toBeHidden();
    } finally {
      // The theme is saved per user: leave the agent on the light theme for the tests after these.
      if (theme === 'dark') await setTheme(page, 'light');
    }
  });
}
