import type { Locator, Page } from '@playwright/test';
import { AGENT, expect, test } from '../fixtures';

/**
 * Properties and schemes: the standalone property dialog with Fill From Map, an inline
 * "+" tenant and ticked areas; finding and opening the property; a unit added to a seeded scheme.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function shotOf(locator: Locator, name: string) {
  if (SHOTS) await locator.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBeTruthy();
}

/** The "+" button that sits beside a picker. */
const plusBeside = (field: Locator) =>
  field
    .locator('xpath=ancestor::div[contains(@class,"MuiStack-root")][1]')
    .getByRole('button', { name: 'New company' });

interface Addr {
  street: string | null;
  city: string | null;
  post_code: string | null;
  lat: number | null;
  lng: number | null;
  full_address: string;
}

test('create a standalone property from the map with a new tenant and two areas, then find and open it', async ({
  page,
}) => {
  // A seeded address with coordinates: the picker's offline geocoder knows it.
  const seeded = await api<{ data: { address: Addr }[] }>(
    page,
    '/api/properties?per_page=50&include=address&sort=-updated_at',
  );
  const target = seeded.data.map((p) => p.address).find((a) => a.street && a.post_code && a.lat !== null);
  expect(target, 'a seeded property with a geocoded address').toBeTruthy();
  const street = target!.street!;

  await page.goto('/properties');
  await page.getByRole('button', { name: 'New Property' }).click();
  await page.getByRole('menuitem', { name: 'Standalone' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Standalone Property' });
  await expect(dialog).toBeVisible();
  await shot(page, 'standalone-dialog-empty');

  // Fill From Map: search the street to move the map there, then click the map.
  await dialog.getByRole('button', { name: 'Fill From Map' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Address' });
  await expect(picker.getByText('Click on the map to select a location')).toBeVisible();
  const map = picker.getByRole('region', { name: 'Map: click to select a location' });
  await expect(map).toHaveAttribute('aria-busy', 'false');
  await expect(picker.getByRole('button', { name: 'Select Address' })).toBeDisabled();
  await shot(page, 'address-picker-uk');

  await picker
    .getByRole('combobox', { name: 'Search for an address' })
    .fill(`${street} ${target!.post_code}`);
  // The options list is a popup outside the dialog.
  await page.getByRole('option').filter({ hasText: street }).first().click();
  // The map eases to the place the search found, where its pin stands: once the pin is at the
  // middle of the map, a click beside the middle lands on that street.
  const box = (await map.boundingBox())!;
  const pin = map.locator('.maplibregl-marker');
  await expect
    .poll(
      async () => {
        const at = await pin.boundingBox();
        const [midX, midY] = [box.x + box.width / 2, box.y + box.height / 2];
        return !!at && Math.abs(at.x + at.width / 2 - midX) < 2 && at.y <= midY && midY <= at.y + at.height;
      },
      { message: 'the pin of the place found stands at the middle of the map' },
    )
    .toBe(true);
  await page.mouse.click(box.x + box.width / 2 + 6, box.y + box.height / 2 + 6);
  const status = picker.getByRole('status');
  await expect(status).toContainText(street);
  await expect(picker.getByRole('button', { name: 'Select Address' })).toBeEnabled();
  await shot(page, 'address-picker-picked');
  await picker.getByRole('button', { name: 'Select Address' }).click();
  await expect(picker).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(street);
  await expect(dialog.getByRole('textbox', { name: 'Post Code' })).toHaveValue(target!.post_code!);

  const unit = `E2E ${Date.now() % 100000}`;
  await dialog.getByRole('textbox', { name: 'Unit' }).fill(unit);

  // A new tenant company, created in place with "+".
  const tenantName = `E2E Tenant ${Date.now()}`;
  await plusBeside(dialog.getByRole('combobox', { name: 'Tenant', exact: true })).click();
  const create = page.getByRole('dialog', { name: 'Create Company' });
  await create.getByRole('textbox', { name: 'Name' }).fill(tenantName);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Tenant', exact: true })).toHaveValue(tenantName);

  // Two areas ticked.
  await dialog.getByRole('button', { name: 'Add Areas' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'NIA' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'ITZA' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: 'NIA' }).fill('1450');
  await dialog.getByRole('textbox', { name: 'ITZA' }).fill('610.5');
  await dialog.getByRole('textbox', { name: 'Lease End Date' }).fill('24062031');
  await dialog.getByRole('textbox', { name: 'Rent Pa' }).fill('85,000');
  await shot(page, 'standalone-dialog-filled');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/properties\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));

  // Find it in /properties by street.
  await page.goto('/properties');
  await page.getByRole('textbox', { name: 'Search address, tenant, landlord, scheme' }).fill(street);
  const grid = page.getByRole('grid', { name: 'Properties' });
  await expect(grid.getByRole('row').filter({ hasText: tenantName })).toBeVisible();
  await shot(page, 'properties-list');

  // Open it by ?id=.
  await page.goto(`/properties?id=${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(unit);
  const areas = page.getByRole('region', { name: 'Areas' });
  await expect(areas).toContainText('1,450 sq ft');
  await expect(areas).toContainText('610.5 sq ft');
  await expect(page.getByRole('region', { name: 'Parties' })).toContainText(tenantName);
  await expect(page.getByRole('region', { name: 'Lease Info' })).toContainText('24/06/2031');
  await expect(page.getByRole('region', { name: 'Rent Info' })).toContainText('£85,000.00');

  // An edit shows in the History as a user reads it: money with its currency.
  const edit = await page.request.put(`/api/properties/${id}`, {
    headers: XHR,
    data: { rent_pa: '45000.50' },
  });
  expect(edit.ok(), `PUT answered ${edit.status()}`).toBeTruthy();
  await page.reload();
  const history = page.getByRole('table', { name: 'Field history' });
  const rentRow = history.getByRole('row').filter({ hasText: 'Rent Pa' }).first();
  await expect(rentRow).toContainText('£85,000.00');
  await expect(rentRow).toContainText('£45,000.50');
  await expect(history.getByRole('row').filter({ hasText: 'Lease End Date' })).toContainText('24/06/2031');
  await expect(history).toContainText(tenantName); // the tenant by name, not its id
  await shot(page, 'property-view');
  await shotOf(page.getByRole('region', { name: 'History' }), 'property-history');
  await setTheme(page, 'dark');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Areas' })).toContainText('1,450 sq ft');
  await shot(page, 'property-view-dark');
  await expect(rentRow).toContainText('£45,000.50');
  await shotOf(page.getByRole('region', { name: 'History' }), 'property-history-dark');
  await page.goto('/properties');
  await expect(page.getByRole('grid', { name: 'Properties' })).toBeVisible();
  await shot(page, 'properties-list-dark');
  await page.getByRole('button', { name: 'New Property' }).click();
  await page.getByRole('menuitem', { name: 'Standalone' }).click();
  await page
    .getByRole('dialog', { name: 'New Standalone Property' })
    .getByRole('button', { name: 'Fill From Map' })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: 'Select Address' })
      .getByRole('region', { name: 'Map: click to select a location' }),
  ).toHaveAttribute('aria-busy', 'false');
  await shot(page, 'address-picker-dark');
  await setTheme(page, 'light');
});

test('a unit added to a seeded scheme takes the scheme address and landlords, read-only', async ({
  page,
}) => {
  interface S {
    id: number;
    name: string;
    address: Addr;
    landlords: { id: number; name: string }[];
  }
  const schemes = await api<{ data: S[] }>(page, '/api/schemes?per_page=50&include=address,landlords');
  const scheme = schemes.data.find((s) => s.landlords.length > 0 && s.address.street);
  expect(scheme, 'a seeded scheme with landlords').toBeTruthy();

  await page.goto('/schemes');
  await page.getByRole('textbox', { name: 'Search' }).fill(scheme!.name);
  await page
    .getByRole('grid', { name: 'Schemes' })
    .getByRole('link', { name: scheme!.name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: scheme!.name })).toBeVisible();
  await shot(page, 'scheme-view');

  await page.getByRole('button', { name: 'Add Unit' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Scheme Property' });
  await expect(dialog.getByRole('combobox', { name: 'Scheme' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Scheme' })).toHaveValue(scheme!.name);
  const streetField = dialog.getByRole('textbox', { name: 'Street', exact: true });
  await expect(streetField).toHaveValue(scheme!.address.street!);
  await expect(streetField).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue(scheme!.address.city ?? '');
  const landlordSection = dialog.getByRole('region', { name: 'Landlord Contacts' });
  for (const l of scheme!.landlords)
    await expect(landlordSection.getByText(l.name, { exact: true })).toBeVisible();
  await expect(landlordSection.getByRole('combobox', { name: 'Landlords' })).toBeDisabled();
  await shot(page, 'scheme-property-dialog');

  const unit = `Unit E2E-${Date.now() % 10000}`;
  await dialog.getByRole('textbox', { name: 'Unit' }).fill(unit);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Units' }).getByRole('link', { name: unit })).toBeVisible();
  await page.getByRole('table', { name: 'Units' }).getByRole('link', { name: unit }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(unit);
  await expect(page.getByRole('region', { name: 'Parties' })).toContainText(scheme!.landlords[0]!.name);

  await page.goto('/schemes/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Scheme' })).toBeVisible();
  await shot(page, 'scheme-create');
  await page.goto('/schemes');
  await expect(page.getByRole('grid', { name: 'Schemes' })).toBeVisible();
  await shot(page, 'schemes-list');
});

test('the properties table gives Scheme the room Street does not need', async ({ page }) => {
  const grid = page.getByRole('grid', { name: 'Properties' });
  const cut = async (field: string) =>
    grid.locator(`[role=gridcell][data-field=${field}]`).evaluateAll((cells) =>
      cells
        .map((c) => (c.querySelector('.MuiDataGrid-cellContent') ?? c) as HTMLElement)
        .filter((c) => c.scrollWidth > c.clientWidth + 1)
        .map((c) => c.textContent),
    );
  const widthOf = async (field: string) =>
    (await grid.locator(`[role=columnheader][data-field=${field}]`).boundingBox())!.width;
  // A laptop: no street is cut, and Scheme is the wider column.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/properties');
  await expect(grid.getByRole('row').nth(5)).toBeVisible();
  // Text is measured in the font it is shown in, not a fallback drawn while the font loads.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await shot(page, 'properties-list-1440');
  expect(await cut('street')).toEqual([]);
  expect(await widthOf('scheme')).toBeGreaterThan((await widthOf('street')) * 1.5);
  // A desk monitor: every scheme name on the page shows in full.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(grid.getByRole('row').nth(5)).toBeVisible();
  await expect.poll(() => cut('scheme')).toEqual([]);
  expect(await cut('street')).toEqual([]);
  await shot(page, 'properties-list-1920');
});
