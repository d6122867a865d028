import type { Locator, Page } from '@playwright/test';
import writeExcelFile from 'write-excel-file/node';
import { ADMIN, expect, seriousViolations, test } from '../fixtures';

/**
 * The /imports page (ADR 0094, 0096), as the admin, once per theme: upload a small XLSX of
 * properties whose tenant and landlord are named by company name (demo seed companies), map two
 * renamed columns, see a duplicate group and an error row in the preview, apply and watch it
 * finish, find the new units in /properties, revert and see them gone. axe and a screenshot at
 * each step.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: ADMIN });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const setTheme = async (page: Page, theme: 'light' | 'dark') => {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBe(true);
};

/** Nothing half drawn: no loading bar, no tooltip under the pointer. */
const settled = async (page: Page, scope: Locator | Page = page) => {
  await expect(scope.locator('.MuiLinearProgress-indeterminate')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
};

const checked = async (page: Page, what: string, theme: string, dialog = false) => {
  await settled(page);
  expect(
    await seriousViolations(page, dialog ? { include: '[role="dialog"]' } : {}),
    `${what} in the ${theme} theme`,
  ).toEqual([]);
  await shot(page, `imports-${what.replace(/\W+/g, '-')}-${theme}`);
};

/**
 * Four rows under renamed headers ("Shop Ref" for the unit, "Road" for the street): two share a
 * unit, road and post code (a duplicate group within the file), one names a tenant no company
 * has (an error row). The street carries `tag`, so the list search finds this run's units only.
 */
const workbook = (tag: string) => {
  const header = ['Shop Ref', 'Road', 'Town', 'Postcode', 'Tenant', 'Landlord', 'Rent PA'].map((value) => ({
    value,
  }));
  const row = (unit: string, tenant: string, rent: number) =>
    [unit, `${tag} Road`, 'Leeds', 'LS1 6AL', tenant, 'Landsec', rent].map((value) =>
      typeof value === 'number' ? { value, type: Number } : { value },
    );
  return writeExcelFile([
    header,
    row('Unit 1', 'Greggs', 42000),
    row('Unit 2', 'Boots', 65000),
    row('2', 'Boots', 66000),
    row('Unit 3', 'Nowhere Traders Ltd', 30000),
  ]).toBuffer();
};

test.afterEach(async ({ page }) => setTheme(page, 'light'));

for (const theme of ['light', 'dark'] as const) {
  test(`as the admin (${theme}): upload an XLSX of units, map, preview, apply, find them, revert`, async ({
    page,
  }) => {
    const tag = `Imp${theme[0]}${Date.now().toString(36)}`;
    await setTheme(page, theme);
    await page.goto('/imports');
    await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.getByRole('grid', { name: 'Imports' })).toBeVisible();
    await checked(page, 'history', theme);

    // Step 1: the entity and the file.
    await page.getByRole('button', { name: 'New import' }).click();
    const dialog = page.getByRole('dialog', { name: 'New import' });
    await expect(dialog.getByRole('combobox', { name: 'Entity' })).toHaveText('Properties');
    await checked(page, 'file step', theme, true);
    await dialog.getByLabel('Import file').setInputFiles({
      name: `${tag}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook(tag),
    });

    // Step 2: the suggested columns, and the two renamed ones mapped by hand (from the keyboard).
    const unit = dialog.getByRole('combobox', { name: 'Unit', exact: true });
    await expect(unit).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Tenant' })).toHaveText('Tenant');
    await expect(dialog.getByRole('combobox', { name: 'Landlord' })).toHaveText('Landlord');
    await expect(dialog.getByRole('combobox', { name: 'Post code' })).toHaveText('Postcode');
    await unit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Shop Ref' }).click();
    await expect(unit).toHaveText('Shop Ref');
    await dialog.getByRole('combobox', { name: 'Street', exact: true }).click();
    await page.getByRole('option', { name: 'Road' }).click();
    await checked(page, 'mapping step', theme, true);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // Step 3: counts, the error row with its line, the duplicate group.
    await expect(dialog.getByText(/4 rows — 2 create, 0 update, 1 skip, 1 error/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Download error CSV' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Error (1)' }).click();
    const errorRow = dialog.getByRole('table', { name: 'Error rows' }).getByRole('row').nth(1);
    await expect(errorRow).toContainText('5');
    await expect(errorRow).toContainText('No company named "Nowhere Traders Ltd" was found.');
    const groups = dialog.getByRole('table', { name: 'Duplicate groups' });
    await expect(groups.getByRole('row').filter({ hasText: '3, 4' })).toBeVisible();
    await checked(page, 'preview step', theme, true);

    // Step 4: apply (the group as suggested: line 3 creates, line 4 is skipped), then the link.
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText(/Import applied: 2 created/)).toBeVisible();
    await checked(page, 'applied step', theme, true);
    await dialog.getByRole('link', { name: 'Open Properties' }).click();
    await expect(page).toHaveURL(/\/properties$/);
    const search = page.getByRole('textbox', { name: 'Search address, tenant, landlord, scheme' });
    await search.fill(tag);
    const grid = page.getByRole('grid', { name: 'Properties' });
    await expect(grid.getByRole('row').filter({ hasText: tag })).toHaveCount(2);
    await expect(grid.getByRole('row').filter({ hasText: 'Greggs' })).toHaveCount(1);

    // Revert from the history, confirmed; the units are gone.
    await page.goto('/imports');
    const row = page
      .getByRole('grid', { name: 'Imports' })
      .getByRole('row')
      .filter({ hasText: `${tag}.xlsx` });
    await expect(row).toContainText('Applied');
    await row.getByRole('button', { name: `Revert ${tag}.xlsx` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revert this import?' });
    await checked(page, 'revert dialog', theme, true);
    await confirm.getByRole('button', { name: 'Revert' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Reverted');
    await page.goto('/properties');
    await search.fill(tag);
    await expect(grid.getByText('No properties found')).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: tag })).toHaveCount(0);
  });
}
