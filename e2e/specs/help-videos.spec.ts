import type { Page } from '@playwright/test';
import { ADMIN, AGENT, expect, login, seriousViolations, test } from '../fixtures';

/**
 * Help videos (ADR 0063/0064) against the demo seed's two videos on /properties:
 * declined, they are not offered again in the browser session; declined with "Don't show again",
 * never again, in a new session too. The machine has no internet: the carousel shows the fallback
 * message in place of the player, never a broken frame. axe on the dialog and the admin tab.
 */
const INTRO = 'Would you like to watch a video on how to use this page?';
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const intro = (page: Page) => page.getByRole('dialog', { name: INTRO });
const useTheme = async (page: Page, theme: 'light' | 'dark') => {
  expect(
    (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
  ).toBeTruthy();
};
/** Opens /properties once its videos have been asked for (so "not offered" is a real answer). */
const openProperties = async (page: Page) => {
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/videos' && r.ok());
  await page.goto('/properties');
  await asked;
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
};

test.describe.configure({ mode: 'serial' });

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the intro and the carousel (offline fallback) pass axe; closing hides them for the session`, async ({
    pageAs,
  }) => {
    // A browser session of its own: what closing hides is kept for the browser session.
    const page = await pageAs(ADMIN, { helpVideos: true });
    await useTheme(page, theme);
    await page.goto('/properties');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const dialog = intro(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: "Don't show again" })).not.toBeChecked();
    await shot(page, `help-videos-intro-${theme}`);
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

    await dialog.getByRole('button', { name: 'Yes Please' }).click();
    const carousel = page.getByRole('dialog', { name: 'Finding properties' });
    await expect(carousel.getByText('Video 1 of 2')).toBeVisible();
    // No internet here: the host's thumbnail cannot load, so the message takes the player's place.
    await expect(carousel.getByTestId('video-fallback')).toContainText(
      "This video can't be played right now",
    );
    await expect(carousel.getByRole('link', { name: 'Open the video in a new tab' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.youtube\.com\/watch\?v=/,
    );
    await expect(carousel.locator('iframe')).toHaveCount(0);
    await carousel.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('dialog', { name: 'Filters and saved lists' });
    await expect(second.getByText('Video 2 of 2')).toBeVisible();
    await expect(second.getByTestId('video-fallback')).toBeVisible();
    await shot(page, `help-videos-carousel-${theme}`);
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);

    await second.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await useTheme(page, 'light');
  });
}

test('as the agent: declined, not offered again this session; "Don\'t show again", never again', async ({
  browser,
}) => {
  // First browser session: No Thank You hides them for the session only.
  const first = await browser.newContext();
  let page = await first.newPage();
  await login(page, AGENT, { helpVideos: true });
  await page.goto('/properties');
  await intro(page).getByRole('button', { name: 'No Thank You' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await openProperties(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await first.close();

  // A new browser session: offered again; this time "Don't show again" and decline.
  const second = await browser.newContext();
  page = await second.newPage();
  await login(page, AGENT, { helpVideos: true });
  await page.goto('/properties');
  const dialog = intro(page);
  await dialog.getByRole('checkbox', { name: "Don't show again" }).check();
  const hidden = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/settings/hide-video' && r.ok(),
  );
  await dialog.getByRole('button', { name: 'No Thank You' }).click();
  await hidden;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await second.close();

  // A third session, signed in afresh: never offered.
  const third = await browser.newContext();
  page = await third.newPage();
  await login(page, AGENT, { helpVideos: true });
  await openProperties(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const res = await page.request.get('/api/videos?route=/properties', { headers: XHR });
  expect((await res.json()).data).toEqual([]);
  await third.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the admin Videos tab lists the videos and passes axe`, async ({ pageAs }) => {
    const page = await pageAs(ADMIN);
    await useTheme(page, theme);
    await page.goto('/core?tab=videos');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('tab', { name: 'Videos', selected: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Help videos' });
    await expect(table.getByRole('row', { name: /Finding properties/ })).toContainText('/properties');
    await expect(table.getByRole('row', { name: /Searching the map/ })).toContainText('/map');
    await shot(page, `help-videos-admin-${theme}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Video' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Video' })).toBeVisible();
    expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await useTheme(page, 'light');
  });
}
