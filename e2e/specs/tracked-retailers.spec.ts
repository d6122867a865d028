import type { Page } from '@playwright/test';
import { ADMIN, AGENT, expect, seriousViolations, test } from '../fixtures';
import { shot } from '../mapPage';

/**
 * The research desk: as the admin, reconcile a retailer's store list (three groups, apply the
 * new store), verify the retailer and see it green on /core-data; as the agent, /core is
 * refused and a gap analysis leads to a vacant unit. axe on the three pages in both themes.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: ADMIN });

interface Retailer {
  id: number;
  name: string;
  stores: number;
  is_verified: boolean;
  verified_at: string | null;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  expect((await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok()).toBe(true);
}

/** A demo retailer never verified, with a few stores: the one the admin reconciles. */
async function neverVerifiedRetailer(page: Page): Promise<Retailer> {
  const res = await page.request.get('/api/tracked-retailers?verification=never&sort=-stores&per_page=100', {
    headers: XHR,
  });
  const list = (await res.json()) as { data: Retailer[] };
  const r = list.data.find((x) => x.stores >= 3 && x.stores <= 30);
  expect(r, 'a never-verified demo retailer with a few stores').toBeTruthy();
  return r!;
}

/** Its store list as the retailer would send it: one store we hold, one we do not. */
async function storeListCsv(page: Page, retailer: Retailer): Promise<string> {
  const stores = (await (
    await page.request.get(`/api/tracked-retailers/${retailer.id}/stores?per_page=1&sort=address`, {
      headers: XHR,
    })
  ).json()) as { data: Array<{ property_id: number }> };
  const held = (await (
    await page.request.get(`/api/properties/${stores.data[0]!.property_id}?include=address`, { headers: XHR })
  ).json()) as { data: { address: { street: string; city: string; post_code: string } } };
  const a = held.data.address;
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  return [
    'Store name,Address line 1,Town,Post code,Opening date',
    [q(`${retailer.name} ${a.city}`), q(a.street), q(a.city), q(a.post_code), ''].join(','),
    // A street number of its own per run, so a retry (CI retries once) still finds a new store.
    [
      q(`${retailer.name} Kirkgate`),
      q(`${100 + (Date.now() % 800)} Kirkgate`),
      'Leeds',
      q('LS2 7DJ'),
      '01/10/2026',
    ].join(','),
  ].join('\n');
}

test('the admin reconciles a store list, applies the new store and verifies the retailer', async ({
  page,
}) => {
  const retailer = await neverVerifiedRetailer(page);
  const csv = await storeListCsv(page, retailer);

  await page.goto('/core');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracked Retailers (Admin)' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Tracked retailers' });
  await page.getByRole('searchbox', { name: 'Search retailers' }).fill(retailer.name);
  // The rows are drawn again from the search's answer: a menu opened on a row of the list before
  // it closes with that row.
  const searched = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/tracked-retailers' &&
      new URL(r.url()).searchParams.get('q') === retailer.name,
  );
  await page.getByRole('searchbox', { name: 'Search retailers' }).press('Enter');
  await searched;
  await expect(grid.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: `Actions for ${retailer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Reconcile store list' }).click();

  const dialog = page.getByRole('dialog', { name: new RegExp(`Reconcile store list — ${retailer.name}`) });
  await dialog
    .getByLabel('Store list file')
    .setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The three groups, before anything is written.
  await expect(dialog.getByRole('region', { name: 'Matched (1)' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'In the list, not on our data (1)' })).toBeVisible();
  await expect(
    dialog.getByRole('region', { name: `On our data, not in the list (${retailer.stores - 1})` }),
  ).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await shot(page, 'core-reconcile-preview');

  await dialog.getByRole('combobox', { name: 'Action for line 3' }).selectOption({ label: 'Create unit' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Units created: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The new unit is one of its stores now.
  const after = (await (
    await page.request.get(`/api/tracked-retailers/${retailer.id}`, { headers: XHR })
  ).json()) as { data: Retailer };
  expect(after.data.stores).toBe(retailer.stores + 1);
  // The list is drawn again with it before its menu opens (as above).
  await expect(
    grid
      .getByRole('row')
      .filter({ hasText: retailer.name })
      .getByRole('gridcell', { name: String(retailer.stores + 1), exact: true }),
  ).toBeVisible();
  await expect(grid.getByRole('progressbar')).toHaveCount(0);

  await page.getByRole('button', { name: `Actions for ${retailer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Verify now' }).click();
  await page.getByRole('dialog', { name: 'Verify now' }).getByRole('button', { name: 'Verify now' }).click();
  await expect(page.getByText('The retailer has been verified.')).toBeVisible();

  await page.goto('/core-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracked Retailers' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search retailers' }).fill(retailer.name);
  await page.getByRole('searchbox', { name: 'Search retailers' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: retailer.name });
  await expect(row.getByLabel('This retailer is verified')).toBeVisible();
});

test('the agent is refused /core', async ({ pageAs }) => {
  const page = await pageAs(AGENT);
  await page.goto('/core');
  await expect(page).toHaveURL(/\/access-error$/);
  const res = await page.request.get('/api/core/verification-queue', { headers: XHR });
  expect(res.status()).toBe(403);
});

test('the agent runs a gap analysis and opens a vacant unit from it', async ({ pageAs }) => {
  const page = await pageAs(AGENT);
  await page.goto('/reports/gap-analysis');
  await expect(page.getByRole('heading', { level: 1, name: /Gap Analysis/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Retailer' }).fill('Greggs');
  await page.getByRole('option').filter({ hasText: 'Greggs' }).first().click();
  await page.getByRole('button', { name: 'Run analysis' }).click();

  const places = page.getByRole('table', { name: 'Gap analysis places' });
  await expect(places.getByRole('row').nth(1)).toBeVisible();
  // The first place with a vacant unit: expand it and open the unit.
  const expanders = places.getByRole('button', { name: /^Available units in / });
  const count = await expanders.count();
  let opened = false;
  for (let i = 0; i < count && !opened; i++) {
    const button = expanders.nth(i);
    const name = (await button.getAttribute('aria-label'))!;
    await button.click();
    const units = page.getByRole('table', { name });
    await expect(units).toBeVisible();
    const vacant = units.getByRole('row').filter({ hasText: 'Vacant' }).getByRole('link');
    if (await vacant.count()) {
      await vacant.first().click();
      opened = true;
    }
  }
  expect(opened, 'a place of the demo with a vacant unit').toBe(true);
  await expect(page).toHaveURL(/\/properties\?id=\d+/);
  // The unit's view: its parties say it is vacant.
  await expect(page.getByRole('heading', { level: 2, name: 'Parties' })).toBeVisible();
  await expect(page.getByText('Vacant', { exact: true })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the three pages have no serious or critical axe violation (${theme})`, async ({ page }) => {
    await setTheme(page, theme);
    await page.goto('/core-data');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `core-data-${theme}`);

    await page.goto('/core');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Verification queue' }).click();
    await expect(page).toHaveURL(/tab=queue/);
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `core-queue-${theme}`);

    await page.goto('/reports/gap-analysis?company_id=3');
    await expect(page.getByRole('table', { name: 'Gap analysis places' })).toBeVisible();
    await page
      .getByRole('button', { name: /^Available units in / })
      .first()
      .click();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `gap-analysis-${theme}`);
    await page.goto('/core-data/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Greggs' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `retailer-${theme}`);
  });
}
