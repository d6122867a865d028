import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';
import { shot } from '../mapPage';

/**
 * The company page (/companies/:id, ADR 0092): as the agent, a retailer opened from /companies
 * shows its stores on the Portfolio tab and the map, a deal opens from the Deals tab, and a
 * requirement added from the page shows on the Requirements tab; a landlord's portfolio filtered
 * to landlord. axe on the page in both themes; screenshots (E2E_SHOTS_DIR).
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

interface Ref {
  id: number;
  name: string;
}
type Paged<T> = { data: T[]; meta: { pagination: { total: number } } };

const api = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
};

const totalOf = async (page: Page, path: string) =>
  (await api<Paged<unknown>>(page, path)).meta.pagination.total;

/** A demo retailer with stores and deals: one of the tracked retailers with the most stores. */
async function retailerWithDeals(page: Page): Promise<Ref> {
  const retailers = await api<{ data: Ref[] }>(page, '/api/tracked-retailers?sort=-stores&per_page=10');
  for (const r of retailers.data) {
    if ((await totalOf(page, `/api/companies/${r.id}/deals?per_page=1`)) > 0) return r;
  }
  throw new Error('no demo retailer with deals');
}

/** A demo company holding units as landlord (the seed's landlords carry the Landlord category). */
async function landlordWithUnits(page: Page): Promise<Ref & { units: number }> {
  const categories = await api<{ data: Ref[] }>(page, '/api/company-categories');
  const landlord = categories.data.find((c) => c.name === 'Landlord')!;
  const companies = await api<{ data: Ref[] }>(page, `/api/companies?category_id=${landlord.id}&per_page=25`);
  for (const c of companies.data) {
    const units = await totalOf(page, `/api/companies/${c.id}/portfolio?role=landlord&per_page=1`);
    if (units > 0) return { ...c, units };
  }
  throw new Error('no demo landlord with units');
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  expect((await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok()).toBe(true);
}

async function openFromList(page: Page, company: Ref) {
  await page.goto('/companies');
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
  const grid = page.getByRole('grid', { name: 'Companies' });
  await grid.getByRole('link', { name: company.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
}

test('as the agent: a retailer’s stores on the Portfolio tab and the map, a deal from the Deals tab, a requirement added from the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const retailer = await retailerWithDeals(page);
  await openFromList(page, retailer);

  // Portfolio: its stores in the table, and on the map.
  await expect(page.getByRole('tab', { name: 'Portfolio' })).toHaveAttribute('aria-selected', 'true');
  const grid = page.getByRole('grid', { name: 'Portfolio' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: /Tenant/ }).first()).toBeVisible();
  // The map holds the whole portfolio (clusters of the map's own endpoint), not the table's page.
  const map = page.getByRole('region', { name: "Map of the portfolio's units" });
  await expect(
    map.getByRole('button', { name: /^(Open unit \d+|Cluster of [\d,]+ units: zoom in)$/ }).first(),
  ).toBeAttached();
  await expect(page.getByText(/^[\d,]+ units? in view$/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Role' }).getByRole('button', { name: /^Tenant \([\d,]+\)$/ }),
  ).toBeVisible();

  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await page.reload();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await shot(page, `company-page-portfolio-${mode}`);
    expect(await seriousViolations(page), `company page, ${mode}`).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await expect(page.getByText(/^[\d,]+ units? in view$/)).toBeVisible();
    await shot(page, `company-page-map-${mode}`);
  }
  await setTheme(page, 'light');

  // Deals: newest first with the company's role; the type opens the deal.
  await page.getByRole('tab', { name: 'Deals' }).click();
  await expect(page).toHaveURL(/\?tab=deals$/);
  const deals = page.getByRole('table', { name: 'Deals of this company' });
  const first = deals.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await shot(page, 'company-page-deals');
  const type = (await first.getByRole('link').first().textContent())!;
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/deals\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${type}`) })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Deals' })).toHaveAttribute('aria-selected', 'true');

  // Requirements: added from the page for a scheme, then listed.
  const scheme = (await api<{ data: Ref[] }>(page, '/api/schemes?per_page=1&sort=name')).data[0]!;
  await page.getByRole('tab', { name: 'Requirements' }).click();
  await page.getByRole('button', { name: 'Add requirement' }).click();
  const dialog = page.getByRole('dialog', { name: `New Enquiry for ${retailer.name}` });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(retailer.name);
  await dialog.getByRole('combobox', { name: 'Scheme' }).fill(scheme.name);
  await page.getByRole('option', { name: scheme.name }).first().click();
  await dialog.getByRole('combobox', { name: /^Stage/ }).click();
  await page.getByRole('option', { name: 'Interest' }).click();
  // A size of its own per run, so a retry (CI retries once) still finds its row.
  const size = String(4000 + (Date.now() % 900));
  await dialog.getByRole('textbox', { name: 'Size From' }).fill(size);
  expect(await seriousViolations(page, { include: '[role="dialog"]' }), 'New Enquiry').toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const requirements = page.getByRole('table', { name: `Requirements of ${retailer.name}` });
  const added = requirements
    .getByRole('row')
    .filter({ hasText: `${Number(size).toLocaleString('en-GB')}+ sqft` });
  await expect(added).toContainText(scheme.name);
  await expect(added).toContainText('Interest');
  await shot(page, 'company-page-requirements');
});

test('as the agent: a landlord’s portfolio filtered to landlord', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const landlord = await landlordWithUnits(page);
  await openFromList(page, landlord);

  const grid = page.getByRole('grid', { name: 'Portfolio' });
  for (const mode of ['dark', 'light'] as const) {
    await setTheme(page, mode);
    await page.reload();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await shot(page, `company-page-landlord-${mode}`);
    expect(await seriousViolations(page), `landlord page, ${mode}`).toEqual([]);
  }

  const roles = page.getByRole('group', { name: 'Role' });
  const chip = roles.getByRole('button', { name: `Landlord (${landlord.units.toLocaleString('en-GB')})` });
  const filtered = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === `/api/companies/${landlord.id}/portfolio` &&
      new URL(r.url()).searchParams.get('role') === 'landlord',
  );
  const mapFiltered = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname === '/api/map/clusters' &&
      new URL(r.url()).searchParams.get('company_id') === String(landlord.id) &&
      new URL(r.url()).searchParams.get('company_role') === 'landlord',
  );
  await chip.click();
  await filtered;
  await mapFiltered;
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  const units = `${landlord.units.toLocaleString('en-GB')} unit${landlord.units === 1 ? '' : 's'}`;
  await expect(page.getByText(units, { exact: true })).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const roleCells = grid.locator('[role="gridcell"][data-field="roles"]');
  for (const text of await roleCells.allTextContents()) expect(text).toContain('Landlord');
  await shot(page, 'company-page-landlord-filtered');
});

test('/companies?id= (as comments link a company) opens the company page', async ({ page }) => {
  const retailer = await retailerWithDeals(page);
  await page.goto(`/companies?id=${retailer.id}`);
  await expect(page).toHaveURL(new RegExp(`/companies/${retailer.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: retailer.name })).toBeVisible();
});
