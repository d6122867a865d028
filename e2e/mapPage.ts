import { expect, type Locator, type Page } from '@playwright/test';

/** What the map specs share: the map's locators, a fresh start on /map, and zooming into a town. */

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;
export const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

export const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of properties and schemes' });
export const clusters = (page: Page) => mapRegion(page).getByRole('button', { name: /^Cluster of / });
export const units = (page: Page) => mapRegion(page).locator('.fm-point:not(.fm-scheme)');
export const isClusters = (url: string) => new URL(url).pathname === '/api/map/clusters';
export const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const countOf = async (cluster: Locator) =>
  Number(
    ((await cluster.getAttribute('aria-label')) ?? '')
      .replace(/^Cluster of ([\d,]+).*$/, '$1')
      .replace(/,/g, ''),
  );

/**
 * A fresh start for the signed-in page (the map specs sign in as the agent): no saved map state,
 * the theme asked for; `before` runs before /map opens.
 */
export async function openMap(
  page: Page,
  theme: 'light' | 'dark' = 'light',
  before?: (page: Page) => Promise<void>,
) {
  expect(
    (await page.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } })).ok(),
  ).toBeTruthy();
  expect(
    (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
  ).toBeTruthy();
  await before?.(page);
  const first = page.waitForResponse((r) => isClusters(r.url()));
  await page.goto('/map');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await first;
  await expect(clusters(page).first()).toBeVisible();
}

/**
 * Clicks the biggest cluster until single units show and no cluster holds more than `maxCluster`
 * points (a town's streets), each click waiting for the map's next answer.
 */
export async function zoomIntoTown(page: Page, maxCluster = Infinity): Promise<void> {
  for (let step = 0; step < 10; step++) {
    let biggest: Locator | null = null;
    let most = 0;
    for (const c of await clusters(page).all()) {
      const n = await countOf(c);
      if (n > most) [biggest, most] = [c, n];
    }
    if (!biggest || (most <= maxCluster && (await units(page).count()) > 0)) break;
    const label = await biggest.getAttribute('aria-label');
    const answer = page.waitForResponse((r) => isClusters(r.url()) && !paramsOf(r.url()).vacant);
    await biggest.click();
    await answer;
    // The markers are redrawn from the answer: the clicked cluster is gone or relabelled.
    await expect(mapRegion(page).getByRole('button', { name: label!, exact: true })).not.toBeVisible();
  }
  await expect(units(page).first()).toBeVisible();
}
