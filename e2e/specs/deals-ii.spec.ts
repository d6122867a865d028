import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';
import { acknowledgeAll, next, pickCompany, stepButton } from '../wizard';

/**
 * Deals II: a scheme sold from its view through Create Deal → Sales changes its
 * landlords; a new letting from a property's view through Create Deal → Letting is found on /deals
 * by its tenant, and the property's comparables show their chart and median; a property sold as an
 * investment and a sub-letting from the New Deal menu. axe on every new wizard's steps and /deals.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

interface Ref {
  id: number;
  name: string;
}
interface Prop {
  id: number;
  building_num: string | null;
  rent_pa: string | null;
  currency: string;
  scheme_id: number | null;
  tenant: Ref | null;
  legal_tenant: Ref | null;
  address: { street: string | null; post_code: string | null; full_address: string };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Standalone seeded properties with a street, a rent and a tenant (the last ones: deals.spec takes the first). */
async function standaloneProperties(page: Page): Promise<Prop[]> {
  const res = await api<{ data: Prop[] }>(
    page,
    '/api/properties?per_page=100&include=address,tenant,legal_tenant&sort=-created_at',
  );
  return res.data.filter(
    (p) =>
      !p.scheme_id &&
      p.address.street &&
      p.address.post_code &&
      p.rent_pa &&
      p.tenant &&
      p.currency === 'GBP',
  );
}

async function companies(page: Page): Promise<Ref[]> {
  return (await api<{ data: Ref[] }>(page, '/api/companies?per_page=100')).data;
}

test('as the agent: Create Deal → Sales on a scheme makes the purchaser its landlord', async ({ page }) => {
  const schemes = await api<{ data: Array<Ref & { landlords: Ref[] }> }>(
    page,
    '/api/schemes?per_page=50&include=landlords&sort=-created_at',
  );
  const s = schemes.data.find((x) => x.landlords.length > 0)!;
  expect(s, 'a seeded scheme with a landlord').toBeTruthy();
  const buyer = (await companies(page)).find((c) => !s.landlords.some((l) => l.id === c.id))!;

  await page.goto(`/schemes?id=${s.id}`);
  await page.getByRole('link', { name: 'Create Deal', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: `Create Deal for ${s.name}` });
  await expect(chooser.getByRole('menuitem')).toHaveText(['Sales', 'Letting', 'Sub-Letting/Assignment']);
  expect(await seriousViolations(page), 'chooser').toEqual([]);
  await chooser.getByRole('menuitem', { name: 'Sales' }).click();

  const wizard = page.getByRole('dialog', { name: 'Add Deal - Sale' });
  await expect(wizard.getByRole('textbox', { name: 'Scheme Name' })).toHaveValue(s.name);
  await expect(wizard.getByRole('tab')).toHaveCount(6);
  await shot(page, 'sale-scheme-step2');
  expect(await seriousViolations(page), 'sale step 2 (scheme)').toEqual([]);
  await stepButton(wizard, 'Select a Property that has been Sold').click();
  // Opened on the scheme: the choice is locked on it.
  await expect(wizard.getByRole('textbox', { name: 'Scheme' })).toBeDisabled();
  await expect(wizard.getByRole('textbox', { name: 'Scheme' })).toHaveValue(s.name);
  expect(await seriousViolations(page), 'sale step 1 (scheme)').toEqual([]);
  await stepButton(wizard, 'Check Property Information').click();
  await next(wizard);

  await wizard.getByRole('textbox', { name: 'Effective Date' }).fill('01102026');
  await wizard.getByRole('textbox', { name: 'Price Paid' }).fill('12,500,000');
  expect(await seriousViolations(page), 'sale details').toEqual([]);
  await next(wizard);

  const vendor = wizard.getByRole('region', { name: 'Vendor' });
  await expect(vendor).toContainText(s.landlords[0]!.name);
  const purchasor = wizard.getByRole('region', { name: 'Purchasor' });
  await pickCompany(page, purchasor.getByRole('combobox', { name: 'Landlords', exact: true }), buyer.name);
  await shot(page, 'sale-scheme-contacts');
  expect(await seriousViolations(page), 'sale contacts').toEqual([]);
  await next(wizard);
  await expect(stepButton(wizard, 'Comments And Links')).toHaveAttribute('aria-selected', 'true');
  expect(await seriousViolations(page), 'sale comments').toEqual([]);
  await next(wizard);
  // The Review: the scheme's landlords, before → after.
  const changes = wizard.getByRole('table', { name: 'What will change on the scheme' });
  await expect(changes.getByRole('row').filter({ hasText: 'Landlords' }).first()).toContainText(buyer.name);
  expect(await seriousViolations(page), 'sale review').toEqual([]);
  await acknowledgeAll(wizard);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  const landlords = page.getByRole('region', { name: 'Landlord Contacts' });
  await expect(landlords).toContainText(buyer.name);
  for (const l of s.landlords) await expect(landlords).not.toContainText(l.name);
});

test('as the agent: Create Deal → Letting, found on /deals by its tenant, then the comparables', async ({
  page,
}, testInfo) => {
  const day = String(10 + testInfo.retry);
  const p = (await standaloneProperties(page))[0]!;
  expect(p, 'a standalone seeded property').toBeTruthy();
  const tenant = (await companies(page)).find((c) => c.id !== p.tenant!.id && c.id !== p.legal_tenant?.id)!;

  await page.goto(`/properties?id=${p.id}`);
  await page.getByRole('link', { name: 'Create Deal', exact: true }).click();
  const chooser = page.getByRole('dialog', { name: /^Create Deal for / });
  await expect(chooser.getByRole('menuitem')).toHaveText(['Sale', 'Letting', 'Sub-Letting/Assignment']);
  await chooser.getByRole('menuitem', { name: 'Letting', exact: true }).click();

  const wizard = page.getByRole('dialog', { name: 'Add Deal - New Letting' });
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(p.address.street!);
  expect(await seriousViolations(page), 'letting step 2').toEqual([]);
  await next(wizard);
  await wizard.getByRole('textbox', { name: 'Effective Date' }).fill(`${day}072026`);
  expect(await seriousViolations(page), 'letting step 3').toEqual([]);
  await next(wizard);
  expect(await seriousViolations(page), 'letting step 4').toEqual([]);
  await next(wizard);
  const previous = wizard.getByRole('region', { name: 'Previous Tenant' });
  await expect(previous.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue(p.tenant!.name);
  // The previous lease is shown, read-only; the new one starts empty (ADR 0081).
  await expect(wizard.getByRole('region', { name: 'Previous Lease' })).toContainText(p.tenant!.name);
  await expect(wizard.getByRole('textbox', { name: 'Rent Pa', exact: true })).toHaveValue('');
  const fresh = wizard.getByRole('region', { name: 'New Tenant' });
  await pickCompany(page, fresh.getByRole('combobox', { name: 'Tenant', exact: true }), tenant.name);
  await wizard.getByRole('textbox', { name: 'Rent Pa', exact: true }).fill('48,250');
  await shot(page, 'letting-lease');
  expect(await seriousViolations(page), 'letting step 5').toEqual([]);
  await next(wizard);
  expect(await seriousViolations(page), 'letting step 6').toEqual([]);
  await next(wizard);
  await expect(wizard.getByRole('table', { name: 'What will change on the property' })).toContainText(
    tenant.name,
  );
  expect(await seriousViolations(page), 'letting review').toEqual([]);
  await acknowledgeAll(wizard);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByRole('region', { name: 'Parties' })).toContainText(tenant.name);

  // /deals: the letting is found by filtering on its tenant.
  await page.goto('/deals');
  await pickCompany(page, page.getByRole('combobox', { name: 'Tenant', exact: true }), tenant.name);
  // The new letting's row: the seeded deals of the same tenant may share its date.
  const row = page
    .getByRole('row')
    .filter({ hasText: `${day}/07/2026` })
    .filter({ hasText: 'New Letting' })
    .filter({ hasText: p.address.street! });
  await expect(row).toContainText('New Letting');
  await expect(row).toContainText(tenant.name);
  await expect(row).toContainText('£48,250.00');
  await shot(page, 'deals-page');
  expect(await seriousViolations(page), '/deals').toEqual([]);

  // The property's comparables: the chart and the median.
  await page.goto(`/properties?id=${p.id}`);
  await page.getByRole('main').getByRole('link', { name: 'Comparables' }).click();
  await expect(page).toHaveURL(new RegExp(`/comparables\\?property_id=${p.id}`));
  await expect(page.locator('.recharts-wrapper')).toBeVisible();
  await expect(page.getByText('Median').first()).toBeVisible();
  await shot(page, 'comparables');
  expect(await seriousViolations(page), 'comparables').toEqual([]);
});

test('a property sold as an investment has the tenancy step; a sub-letting keeps the legal tenant', async ({
  page,
}) => {
  const [, sold, sublet] = await standaloneProperties(page);
  expect(sold && sublet, 'two more standalone seeded properties').toBeTruthy();

  await page.goto(`/properties?deal=sale&property_id=${sold!.id}&name=${encodeURIComponent('Sold')}`);
  const sale = page.getByRole('dialog', { name: 'Add Deal - Sale' });
  await expect(sale.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(sold!.address.street!);
  await expect(sale.getByRole('tab')).toHaveCount(6);
  await next(sale);
  await sale.getByRole('combobox', { name: 'Sale Type' }).click();
  await page.getByRole('option', { name: 'Investment' }).click();
  await expect(sale.getByRole('tab')).toHaveCount(7);
  await stepButton(sale, 'Tenancy/Lease information').click();
  await expect(sale.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue(sold!.tenant!.name);
  await shot(page, 'sale-tenancy');
  expect(await seriousViolations(page), 'sale tenancy step').toEqual([]);
  await sale.getByRole('button', { name: 'Close' }).click();
  await expect(sale).toBeHidden();

  const tenant = (await companies(page)).find((c) => c.id !== sublet!.tenant!.id)!;
  await page.getByRole('button', { name: 'New Deal' }).click();
  await page.getByRole('menuitem', { name: 'Sub-letting/Assignment' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Sub-letting/Assignment' });
  await wizard.getByRole('combobox', { name: 'Search property' }).fill(sublet!.address.post_code!);
  const label = [sublet!.building_num, sublet!.address.full_address].filter(Boolean).join(' ');
  await page.getByRole('option').filter({ hasText: label }).first().click();
  await wizard.getByRole('button', { name: 'Select Property' }).click();
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(
    sublet!.address.street!,
  );
  await next(wizard);
  expect(await seriousViolations(page), 'sub-letting reason').toEqual([]);
  await next(wizard);
  expect(await seriousViolations(page), 'sub-letting contacts').toEqual([]);
  await next(wizard);
  const fresh = wizard.getByRole('region', { name: 'New Tenant' });
  await pickCompany(page, fresh.getByRole('combobox', { name: 'Tenant', exact: true }), tenant.name);
  expect(await seriousViolations(page), 'sub-letting lease').toEqual([]);
  await next(wizard);
  await expect(stepButton(wizard, 'Comments And Links')).toHaveAttribute('aria-selected', 'true');
  await next(wizard);
  await acknowledgeAll(wizard);
  await wizard.getByRole('button', { name: 'Finish' }).click();
  await expect(wizard).toBeHidden();

  // The copy rule: the new legal tenant was left empty, so the previous one stands.
  const after = await api<{ data: Prop }>(page, `/api/properties/${sublet!.id}?include=tenant,legal_tenant`);
  expect(after.data.tenant?.id).toBe(tenant.id);
  expect(after.data.legal_tenant?.id ?? null).toBe(sublet!.legal_tenant?.id ?? null);
});
