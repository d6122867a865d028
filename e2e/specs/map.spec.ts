import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AGENT, login } from '../fixtures';

/**
 * The map (issue 15): as the agent, /map shows clusters over the UK; clicking clusters zooms into a
 * town until its units show; a unit's popup opens its property. Turning Shops off takes its markers
 * away; a reload brings back the view, the basemap, the groups and the overlays. axe finds no
 * serious or critical violation (the canvas aside) in either theme; screenshots with E2E_SHOTS_DIR.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Map of properties and schemes' });
const clusters = (page: Page) => mapRegion(page).getByRole('button', { name: /^Cluster of / });
const units = (page: Page) => mapRegion(page).locator('.fm-point:not(.fm-scheme)');
const legend = (page: Page, group: string) =>
  page
    .getByRole('group', { name: 'Marker groups' })
    .getByRole('checkbox', { name: new RegExp(`^${group} `) });

const isClusters = (url: string) => new URL(url).pathname === '/api/map/clusters';
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
const countOf = async (cluster: Locator) =>
  Number(
    ((await cluster.getAttribute('aria-label')) ?? '')
      .replace(/^Cluster of ([\d,]+).*$/, '$1')
      .replace(/,/g, ''),
  );

/** A fresh start: no saved map state, the light theme. */
async function openMap(page: Page, theme: 'light' | 'dark' = 'light') {
  await login(page, AGENT);
  expect(
    (await page.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } })).ok(),
  ).toBeTruthy();
  expect(
    (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
  ).toBeTruthy();
  const first = page.waitForResponse((r) => isClusters(r.url()));
  await page.goto('/map');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await first;
  await expect(clusters(page).first()).toBeVisible();
}

/** Clicks the biggest cluster until single units show. */
async function zoomIntoTown(page: Page): Promise<void> {
  for (let step = 0; step < 8 && (await units(page).count()) === 0; step++) {
    let biggest: Locator | null = null;
    let most = 0;
    for (const c of await clusters(page).all()) {
      const n = await countOf(c);
      if (n > most) [biggest, most] = [c, n];
    }
    expect(biggest, 'a cluster to click').not.toBeNull();
    const label = await biggest!.getAttribute('aria-label');
    const answer = page.waitForResponse((r) => isClusters(r.url()) && !paramsOf(r.url()).vacant);
    await biggest!.click();
    await answer;
    // The markers are redrawn from the answer: the clicked cluster is gone or relabelled.
    await expect(mapRegion(page).getByRole('button', { name: label!, exact: true })).not.toBeVisible();
  }
  await expect(units(page).first()).toBeVisible();
}

async function axeMap(page: Page) {
  const results = await new AxeBuilder({ page })
    .exclude('.maplibregl-canvas')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
}

test('clusters over the UK, a click into a town, a unit popup that opens its property', async ({ page }) => {
  test.setTimeout(90_000);
  await openMap(page);
  // The UK view: clusters, and every group on with a count in view.
  for (const g of ['Out of town', 'Leisure', 'Shopping centres', 'Shops'])
    await expect(legend(page, g)).toBeChecked();
  await expect(legend(page, 'Shops')).not.toHaveAccessibleName('Shops 0');
  await zoomIntoTown(page);

  const unit = units(page).first();
  await unit.click();
  const popup = page.getByTestId('map-popup');
  await expect(popup.getByRole('link', { name: 'Open property' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Create Deal' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Add Enquiry' })).toBeVisible();
  await expect(popup.getByText('Lease end')).toBeVisible();
  await popup.getByRole('link', { name: 'Open property' }).click();
  await expect(page).toHaveURL(/\/properties\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Shops off takes its markers away; a reload brings back the view, basemap, groups and overlays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openMap(page);
  await zoomIntoTown(page);
  const shops = mapRegion(page).locator('.fm-marker[data-g="3"]');
  await expect(shops.first()).toBeVisible();
  const markersBefore = await mapRegion(page).locator('.fm-marker').count();

  const answer = page.waitForResponse(
    (r) => isClusters(r.url()) && !paramsOf(r.url()).groups?.includes('shops'),
  );
  await legend(page, 'Shops').uncheck();
  await answer;
  await expect(legend(page, 'Shops')).toHaveAccessibleName('Shops 0');
  await expect(shops).toHaveCount(0);
  expect(await mapRegion(page).locator('.fm-marker').count()).toBeLessThan(markersBefore);

  // An overlay on as well, then wait for the state to be saved before reloading.
  await page.getByRole('button', { name: /^Layers/ }).click();
  const layers = page.getByRole('dialog', { name: 'Map layers' });
  await expect(layers.getByRole('radio', { name: 'Natural Earth (offline)' })).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/ui-state/map') && r.request().method() === 'PUT' && r.ok(),
  );
  await layers.getByRole('checkbox', { name: 'Vacant units' }).check();
  await page.keyboard.press('Escape');
  await saved;
  const before = (await page.request.get('/api/ui-state/map', { headers: XHR }).then((r) => r.json())) as {
    data: { state: { center: { lat: number; lng: number }; zoom: number } };
  };
  const view = before.data.state;

  const again = page.waitForResponse((r) => isClusters(r.url()) && !paramsOf(r.url()).vacant);
  await page.reload();
  const q = paramsOf((await again).url());
  expect(Number(q.zoom)).toBe(Math.floor(view.zoom));
  const [w, s, e, n] = q.bbox!.split(',').map(Number);
  expect((w! + e!) / 2).toBeCloseTo(view.center.lng, 1);
  expect((s! + n!) / 2).toBeCloseTo(view.center.lat, 1);
  expect(q.groups).toBe('out_of_town,leisure,shopping_centres');
  await expect(legend(page, 'Shops')).not.toBeChecked();
  await expect(legend(page, 'Leisure')).toBeChecked();
  await page.getByRole('button', { name: 'Layers (1)' }).click();
  await expect(layers.getByRole('checkbox', { name: 'Vacant units' })).toBeChecked();
  await expect(layers.getByRole('radio', { name: 'Natural Earth (offline)' })).toBeChecked();
  await page.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } });
});

for (const theme of ['light', 'dark'] as const) {
  test(`/map has no serious or critical axe violation in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await openMap(page, theme);
    await shot(page, `map-uk-${theme}`);
    expect(await axeMap(page), `the UK view in the ${theme} theme`).toEqual([]);
    await zoomIntoTown(page);
    await units(page).first().click();
    await expect(page.getByTestId('map-popup').getByRole('link', { name: 'Open property' })).toBeVisible();
    await shot(page, `map-town-popup-${theme}`);
    expect(await axeMap(page), `a town with a popup in the ${theme} theme`).toEqual([]);
    await page.getByRole('button', { name: /^Layers/ }).click();
    const layers = page.getByRole('dialog', { name: 'Map layers' });
    const drawn = Promise.all([
      page.waitForResponse((r) => isClusters(r.url()) && !!paramsOf(r.url()).vacant),
      page.waitForResponse((r) => isClusters(r.url()) && !!paramsOf(r.url()).lease_event),
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/map/heat'),
    ]);
    await layers.getByRole('checkbox', { name: 'Vacant units' }).check();
    await layers.getByRole('checkbox', { name: 'Lease events (12 months)' }).check();
    await layers.getByRole('checkbox', { name: 'Rent per sq ft (heat)' }).check();
    await expect(layers).toBeVisible();
    expect(await axeMap(page), `the layers in the ${theme} theme`).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(layers).toBeHidden();
    // Gone, not fading out, before the picture.
    await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
    await drawn;
    await shot(page, `map-overlays-${theme}`);
    // Leave the agent as other specs expect: the light theme, no saved map state.
    await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
    await page.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } });
  });
}
