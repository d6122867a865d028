import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';
import { XHR, isClusters, mapRegion, openMap, paramsOf, shot, units, zoomIntoTown } from '../mapPage';

/**
 * The map: as the agent, /map shows clusters over the UK; clicking clusters zooms into a
 * town until its units show; a unit's popup opens its property. Turning Shops off takes its markers
 * away; a reload brings back the view, the basemap, the groups and the overlays. axe finds no
 * serious or critical violation (the canvas aside) in either theme; screenshots with E2E_SHOTS_DIR.
 */

test.use({ signedInAs: AGENT });

const legend = (page: Page, group: string) =>
  page
    .getByRole('group', { name: 'Marker groups' })
    .getByRole('checkbox', { name: new RegExp(`^${group} `) });

test('clusters over the UK, a click into a town, a unit popup that opens its property', async ({ page }) => {
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
  // The save that holds the overlay: the legend change before it is saved (debounced) on its own
  // on a slow machine, and reloading after that one alone brings the overlay back off.
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/ui-state/map') &&
      r.request().method() === 'PUT' &&
      r.ok() &&
      (r.request().postDataJSON() as { state?: { overlays?: string[] } }).state?.overlays?.includes(
        'vacancy',
      ) === true,
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
    await openMap(page, theme);
    await shot(page, `map-uk-${theme}`);
    expect(
      await seriousViolations(page, { exclude: '.maplibregl-canvas' }),
      `the UK view in the ${theme} theme`,
    ).toEqual([]);
    await zoomIntoTown(page);
    await units(page).first().click();
    await expect(page.getByTestId('map-popup').getByRole('link', { name: 'Open property' })).toBeVisible();
    await shot(page, `map-town-popup-${theme}`);
    expect(
      await seriousViolations(page, { exclude: '.maplibregl-canvas' }),
      `a town with a popup in the ${theme} theme`,
    ).toEqual([]);
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
    expect(
      await seriousViolations(page, { exclude: '.maplibregl-canvas' }),
      `the layers in the ${theme} theme`,
    ).toEqual([]);
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
