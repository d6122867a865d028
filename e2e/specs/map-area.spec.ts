import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';
import { XHR, mapRegion, openMap, paramsOf, shot, zoomIntoTown } from '../mapPage';

/**
 * Area search on the map: as the agent, open /map, zoom into a demo town, draw a polygon
 * over it by clicking the map, see the properties inside listed in the side panel, download them
 * as CSV, save the area under a name, reload and find it among the saved areas. axe finds no serious
 * or critical violation in the panel in either theme; screenshots with E2E_SHOTS_DIR.
 */

test.use({ signedInAs: AGENT });

const panel = (page: Page) => page.getByRole('complementary', { name: 'Map panel' });
const pathOf = (url: string) => new URL(url).pathname;

async function removeSavedAreas(page: Page) {
  const list = (await (await page.request.get('/api/map/searches', { headers: XHR })).json()) as {
    data: { id: number }[];
  };
  for (const s of list.data) await page.request.delete(`/api/map/searches/${s.id}`, { headers: XHR });
}

/** A fresh start with no saved areas either. */
const openMapWithoutAreas = (page: Page, theme: 'light' | 'dark') => openMap(page, theme, removeSavedAreas);

/** Draws a polygon over the middle of the map: four corners, then a click on the first to close. */
async function drawPolygonOverTown(page: Page) {
  const canvas = mapRegion(page).locator('canvas.maplibregl-canvas');
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const corners = [at(0.15, 0.15), at(0.85, 0.15), at(0.85, 0.85), at(0.15, 0.85)];
  for (const c of [...corners, corners[0]!]) {
    await page.mouse.move(c.x, c.y, { steps: 2 });
    await page.mouse.click(c.x, c.y);
  }
}

test('draw a polygon over a town: the list, the CSV, a saved area that comes back', async ({ page }) => {
  await openMapWithoutAreas(page, 'light');
  await zoomIntoTown(page, 40);

  await panel(page).getByRole('tab', { name: 'Area' }).click();
  const drawButton = panel(page).getByRole('button', { name: 'Draw polygon' });
  await drawButton.click();
  await expect(drawButton).toHaveAttribute('aria-pressed', 'true');
  await expect(panel(page).getByRole('status')).toContainText('Esc cancels');

  const listed = page.waitForResponse(
    (r) => pathOf(r.url()) === '/api/map/points' && !!paramsOf(r.url()).polygon,
  );
  await drawPolygonOverTown(page);
  const answer = await listed;
  expect(answer.status()).toBe(200);
  const q = paramsOf(answer.url());
  expect(q.bbox).toBeUndefined();
  expect(q.polygon!.split(';')).toHaveLength(5);
  await expect(drawButton).toHaveAttribute('aria-pressed', 'false');
  await expect(panel(page).getByText('Polygon, 4 corners')).toBeVisible();

  const list = panel(page).getByRole('list', { name: 'Properties in the area' });
  await expect(list.getByRole('link').first()).toBeVisible();
  await expect(list.getByRole('link').first()).toHaveAttribute('href', /^\/(properties|schemes)\?id=\d+$/);
  await shot(page, 'map-area-list-light');

  // The CSV of what is inside, with the list's area and filters.
  const download = page.waitForEvent('download');
  const exported = page.waitForRequest((r) => pathOf(r.url()) === '/api/map/points/export');
  await panel(page).getByRole('button', { name: 'Export CSV' }).click();
  expect(paramsOf((await exported).url()).polygon).toBe(q.polygon);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Type,Name,Address,Town/);
  expect(lines.length).toBeGreaterThan(1);

  // Save the area under a name; after a reload it is among the saved areas.
  await panel(page).getByRole('button', { name: 'Save area' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save area' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Town centre walk');
  const saved = page.waitForResponse(
    (r) => pathOf(r.url()) === '/api/map/searches' && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).not.toBeVisible();

  await page.reload();
  await panel(page).getByRole('tab', { name: 'Saved' }).click();
  const savedList = panel(page).getByRole('list', { name: 'Saved areas' });
  await expect(savedList.getByText('Town centre walk')).toBeVisible();
  await expect(savedList.getByText(/Polygon, 4 corners · saved \d\d\/\d\d\/\d{4}/)).toBeVisible();

  // Picking it applies it: the area list comes back.
  const again = page.waitForResponse(
    (r) => pathOf(r.url()) === '/api/map/points' && !!paramsOf(r.url()).polygon,
  );
  await savedList.getByRole('button', { name: /^Town centre walk/ }).click();
  expect(paramsOf((await again).url()).polygon).toBe(q.polygon);
  await expect(
    panel(page).getByRole('list', { name: 'Properties in the area' }).getByRole('link').first(),
  ).toBeVisible();
  await removeSavedAreas(page);
});

test('Escape cancels drawing; the panel hides and comes back', async ({ page }) => {
  await openMapWithoutAreas(page, 'light');
  await panel(page).getByRole('tab', { name: 'Area' }).click();
  const circle = panel(page).getByRole('button', { name: 'Draw circle' });
  await circle.click();
  await expect(circle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(circle).toHaveAttribute('aria-pressed', 'false');

  await panel(page).getByRole('button', { name: 'Hide the panel' }).click();
  await expect(panel(page).getByRole('tab', { name: 'Area' })).not.toBeVisible();
  await panel(page).getByRole('button', { name: 'Show the panel' }).click();
  await expect(panel(page).getByRole('tab', { name: 'In view' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the map panel has no serious or critical axe violation in the ${theme} theme`, async ({ page }) => {
    await openMapWithoutAreas(page, theme);
    await zoomIntoTown(page, 40);
    await panel(page)
      .getByRole('button', { name: /^Filters/ })
      .click();
    await expect(panel(page).getByRole('checkbox', { name: 'Vacant only' })).toBeInViewport();
    await expect(
      panel(page).getByRole('list', { name: 'Properties in view' }).getByRole('link').first(),
    ).toBeVisible();
    await shot(page, `map-panel-in-view-${theme}`);
    expect(
      await seriousViolations(page, { include: 'aside[aria-label="Map panel"]' }),
      `filters and the in-view list in the ${theme} theme`,
    ).toEqual([]);

    await panel(page)
      .getByRole('button', { name: /^Filters/ })
      .click();
    await panel(page).getByRole('tab', { name: 'Area' }).click();
    await panel(page).getByRole('button', { name: 'Draw polygon' }).click();
    // The hint shows once the drawing tools listen: a click before then is not a corner.
    await expect(panel(page).getByRole('status')).toContainText('Esc cancels');
    await drawPolygonOverTown(page);
    await expect(
      panel(page).getByRole('list', { name: 'Properties in the area' }).getByRole('link').first(),
    ).toBeVisible();
    await shot(page, `map-panel-area-${theme}`);
    expect(
      await seriousViolations(page, { include: 'aside[aria-label="Map panel"]' }),
      `area search in the ${theme} theme`,
    ).toEqual([]);

    await panel(page).getByRole('button', { name: 'Save area' }).click();
    await page
      .getByRole('dialog', { name: 'Save area' })
      .getByRole('textbox', { name: 'Name' })
      .fill('Axe check');
    await page.getByRole('dialog', { name: 'Save area' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Save area' })).not.toBeVisible();
    await panel(page).getByRole('tab', { name: 'Saved' }).click();
    await expect(panel(page).getByText('Axe check')).toBeVisible();
    await shot(page, `map-panel-saved-${theme}`);
    expect(
      await seriousViolations(page, { include: 'aside[aria-label="Map panel"]' }),
      `saved areas in the ${theme} theme`,
    ).toEqual([]);

    // Leave the agent as other specs expect.
    await removeSavedAreas(page);
    await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
    await page.request.put('/api/ui-state/map', { headers: XHR, data: { state: {} } });
  });
}
