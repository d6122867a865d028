import type { Locator, Page } from '@playwright/test';
import { ADMIN, AGENT, expect, openHome, seriousViolations, test } from '../fixtures';
import { acknowledgeAll, stepButton } from '../wizard';

/**
 * Deals I: the Rent Review wizard end to end as the agent, the same wizard opened from
 * the route and locked on step 2, the Tracked Retailer wizard as the admin, one wizard with the
 * keyboard alone, and axe on every wizard step.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

interface Prop {
  id: number;
  building_num: string | null;
  rent_pa: string | null;
  currency: string;
  tenant: { id: number; name: string } | null;
  address: { street: string | null; post_code: string | null; full_address: string };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Seeded properties with a street, a rent and a tenant, each used by one test only. */
async function seededProperties(page: Page): Promise<Prop[]> {
  const res = await api<{ data: Prop[] }>(
    page,
    '/api/properties?per_page=100&include=address,tenant&sort=created_at',
  );
  return res.data.filter(
    (p) => p.address.street && p.address.post_code && p.rent_pa && p.tenant && p.currency === 'GBP',
  );
}

const gbp = (amount: string) =>
  `£${Number(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'New Deal' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The property as the picker's options name it: the unit, then the full address. */
const optionOf = (page: Page, p: Prop) => {
  const label = [p.building_num, p.address.full_address].filter(Boolean).join(' ');
  return page
    .getByRole('option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
};

async function chooseProperty(page: Page, wizard: Locator, p: Prop) {
  await wizard.getByRole('combobox', { name: 'Search property' }).fill(`${p.address.post_code}`);
  await optionOf(page, p).click();
  await wizard.getByRole('button', { name: 'Select Property' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(p.address.street!);
}

test('as the agent: a rent review from New Deal, with an invalid then a valid link, shows on the property', async ({
  page,
}, testInfo) => {
  // A retry records a second deal on the same property: its own date tells the rows apart.
  const day = String(1 + testInfo.retry).padStart(2, '0');
  await openHome(page);
  const [p] = await seededProperties(page);
  expect(p, 'a seeded property with a rent and a tenant').toBeTruthy();

  await openFromMenu(page, 'Rent Review');
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Rent Review' });
  await expect(wizard).toBeVisible();
  expect(await seriousViolations(page), 'step 1').toEqual([]);
  await chooseProperty(page, wizard, p!);
  await shot(page, 'rent-review-step2');
  expect(await seriousViolations(page), 'step 2').toEqual([]);

  await wizard.getByRole('button', { name: 'Next Step' }).click();
  await expect(wizard.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue(p!.tenant!.name);
  expect(await seriousViolations(page), 'step 3').toEqual([]);
  await wizard.getByRole('button', { name: 'Next Step' }).click();

  // Rent Information: the old rent is the property's; a new one is typed.
  await expect(wizard.getByRole('textbox', { name: 'Old Rent Pa' })).toHaveValue(
    gbp(p!.rent_pa!).replace('£', ''),
  );
  await wizard.getByRole('textbox', { name: 'New Rent Pa' }).fill('123,456.78');
  await shot(page, 'rent-review-step4');
  expect(await seriousViolations(page), 'step 4').toEqual([]);
  await wizard.getByRole('button', { name: 'Next Step' }).click();
  await wizard.getByRole('textbox', { name: 'Effective Date' }).fill(`${day}062026`);
  expect(await seriousViolations(page), 'step 5').toEqual([]);
  await wizard.getByRole('button', { name: 'Next Step' }).click();

  // Comments And Links: an invalid link is refused with the notice, a valid one is listed.
  const link = wizard.getByRole('textbox', { name: 'Link' });
  await link.fill('not a link');
  await wizard.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByText('Invalid URL')).toBeVisible();
  await expect(wizard.getByRole('list', { name: 'Links' })).toHaveCount(0);
  await link.fill('https://example.com/rent-review-2026');
  await link.press('Enter');
  const added = wizard.getByRole('link', { name: 'https://example.com/rent-review-2026' });
  await expect(added).toHaveAttribute('target', '_blank');
  await shot(page, 'rent-review-step6');
  expect(await seriousViolations(page), 'step 6').toEqual([]);

  // The Review: the rent before → after (ADR 0081).
  await wizard.getByRole('button', { name: 'Next Step' }).click();
  const rent = wizard
    .getByRole('table', { name: 'What will change on the property' })
    .getByRole('row')
    .filter({ hasText: 'Rent Pa' });
  await expect(rent).toContainText(gbp(p!.rent_pa!));
  await expect(rent).toContainText('£123,456.78');
  await shot(page, 'rent-review-step7');
  expect(await seriousViolations(page), 'step 7 (review)').toEqual([]);
  await acknowledgeAll(wizard);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText('Rent Review deal recorded.')).toBeVisible();

  await page.goto(`/properties?id=${p!.id}`);
  await expect(page.getByRole('region', { name: 'Rent Info' })).toContainText('£123,456.78');
  const deals = page.getByRole('table', { name: 'Deals of this property' });
  const row = deals.getByRole('row').filter({ hasText: `${day}/06/2026` });
  await expect(row.getByRole('link', { name: 'Rent Review' })).toBeVisible();
  await expect(row).toContainText('£123,456.78');
  await expect(row).toContainText(AGENT.name);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(gbp(p!.rent_pa!));
  await deals.scrollIntoViewIfNeeded();
  await shot(page, 'rent-review-property-view');
  expect(await seriousViolations(page), 'property view with its deals').toEqual([]);
});

test('a wizard opened with ?property_id and name starts locked on step 2 (dark theme)', async ({ page }) => {
  const theme = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'dark' } });
  expect(theme.ok()).toBeTruthy();
  const p = (await seededProperties(page))[1]!;
  const name = `${p.building_num ?? ''} ${p.address.full_address}`.trim();
  await page.goto(`/properties?deal=rent_review&property_id=${p.id}&name=${encodeURIComponent(name)}`);
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Rent Review' });
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(p.address.street!);
  await stepButton(wizard, 'Select Property').click();
  await expect(wizard.getByRole('textbox', { name: 'Property' })).toBeDisabled();
  await expect(wizard.getByRole('textbox', { name: 'Property' })).toHaveValue(name);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await stepButton(wizard, 'Contact information').click();
  await shot(page, 'rent-review-contacts-dark');
  expect(await seriousViolations(page), 'contacts step, dark').toEqual([]);
  await stepButton(wizard, 'Comments And Links').click();
  await expect(wizard.getByRole('textbox', { name: 'Write a comment' })).toBeVisible();
  await shot(page, 'rent-review-comments-dark');
  expect(await seriousViolations(page), 'comments step, dark').toEqual([]);
  await stepButton(wizard, 'Review').click();
  await expect(wizard.getByRole('heading', { name: 'What will change on the property' })).toBeVisible();
  await shot(page, 'rent-review-review-dark');
  expect(await seriousViolations(page), 'review step, dark').toEqual([]);
  await wizard.getByRole('button', { name: 'Close' }).click();
  await expect(wizard).toBeHidden();
  await expect(page).not.toHaveURL(/deal=/);
  await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
});

test('as the admin: a tracked retailer needs an effective date, then records the tenant change', async ({
  pageAs,
}, testInfo) => {
  const day = String(15 + testInfo.retry);
  const page = await pageAs(ADMIN);
  await openHome(page);
  const list = await seededProperties(page);
  const p = list[2];
  const newTenant = list.find((x) => x.tenant!.name !== p!.tenant!.name)!.tenant!.name;

  await openFromMenu(page, 'Tracked Retailer');
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Tracked Retailer' });
  await chooseProperty(page, wizard, p!);
  for (let i = 0; i < 6; i++) await wizard.getByRole('button', { name: 'Next Step' }).click();
  await expect(stepButton(wizard, 'Review')).toHaveAttribute('aria-selected', 'true');
  await expect(wizard.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await expect(stepButton(wizard, 'Reason')).toContainText('Effective date is required');
  await shot(page, 'tracked-retailer-review-blocked');

  await stepButton(wizard, 'Reason').click();
  await wizard.getByRole('textbox', { name: 'Effective Date' }).fill(`${day}092026`);
  await stepButton(wizard, 'Tenant Information').click();
  await expect(wizard.getByRole('combobox', { name: 'Tenant', exact: true }).first()).toHaveValue(
    p!.tenant!.name,
  );
  const tenant = wizard
    .getByRole('region', { name: 'New Tenant' })
    .getByRole('combobox', { name: 'Tenant', exact: true });
  await tenant.fill(newTenant);
  await page.getByRole('option', { name: newTenant }).first().click();
  await shot(page, 'tracked-retailer-tenants');
  expect(await seriousViolations(page), 'tracked retailer step 4').toEqual([]);
  await stepButton(wizard, 'Review').click();
  await expect(
    wizard
      .getByRole('table', { name: 'What will change on the property' })
      .getByRole('row', { name: /^Tenant / })
      .first(),
  ).toContainText(newTenant);
  await acknowledgeAll(wizard);
  await expect(wizard.getByRole('button', { name: 'Finish' })).toBeEnabled();
  await shot(page, 'tracked-retailer-review');
  expect(await seriousViolations(page), 'tracked retailer review').toEqual([]);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  await page.goto(`/properties?id=${p!.id}`);
  await expect(page.getByRole('region', { name: 'Parties' })).toContainText(newTenant);
  const deals = page.getByRole('table', { name: 'Deals of this property' });
  const row = deals.getByRole('row').filter({ hasText: `${day}/09/2026` });
  await expect(row).toContainText(`${p!.tenant!.name} → ${newTenant}`);
  await row.getByRole('link', { name: 'Tracked Retailer' }).click();
  const deal = page.getByRole('region', { name: 'Tenant' });
  await expect(deal).toContainText(p!.tenant!.name);
  await expect(deal).toContainText(newTenant);
  await shot(page, 'deal-view');
  expect(await seriousViolations(page), 'deal view').toEqual([]);
});

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control never took the focus');
}

test('a lease renewal completed with the keyboard alone', async ({ page }) => {
  const p = (await seededProperties(page))[4]!;
  await page.goto(`/properties?id=${p.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'New Deal' }));
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Lease Renewal/Re-gear' });
  for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Lease Renewal/Re-gear' });
  const search = wizard.getByRole('combobox', { name: 'Search property' });
  await tabTo(page, search);
  await page.keyboard.type(p.address.post_code!);
  const option = optionOf(page, p);
  await expect(option).toBeVisible();
  for (let i = 0; i < 50 && (await option.getAttribute('class'))?.includes('Mui-focused') !== true; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await tabTo(page, wizard.getByRole('button', { name: 'Select Property' }));
  await page.keyboard.press('Enter');
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(p.address.street!);

  // Step 2 skips to Lease Date.
  await tabTo(page, wizard.getByRole('button', { name: 'Skip to Lease Date' }));
  await page.keyboard.press('Enter');
  const end = wizard.getByRole('textbox', { name: 'Lease End Date' });
  await tabTo(page, end);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('31012036');
  await tabTo(page, wizard.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  await expect(stepButton(wizard, 'Comments And Links')).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, wizard.getByRole('button', { name: 'Next Step' }));
  await page.keyboard.press('Enter');
  // The Review: no effective date was given, a warning to acknowledge with Space.
  const records = wizard.getByRole('checkbox', { name: 'Record anyway' });
  await expect(records.first()).toBeVisible();
  for (let i = 0; i < (await records.count()); i++) {
    await tabTo(page, records.nth(i));
    await page.keyboard.press('Space');
    await expect(records.nth(i)).toBeChecked();
  }
  await tabTo(page, wizard.getByRole('button', { name: 'Finish' }));
  await page.keyboard.press('Enter');
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('region', { name: 'Lease Info' })).toContainText('31/01/2036');
});
