import type { Page } from '@playwright/test';
import { ADMIN, AGENT, expect, seriousViolations, test } from '../fixtures';
import { acknowledgeAll, next, pickCompany } from '../wizard';

/**
 * A record people can trust, end to end: a unit of a scheme is sold on its own and the
 * sale voided, a New Letting with a rent alone gets its rent per sq ft worked out, and an archived
 * property leaves the list and the map. axe on the new dialogs and a Review step, in both themes.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Ref {
  id: number;
  name: string;
}
interface Prop {
  id: number;
  building_num: string | null;
  scheme_id: number | null;
  rent_pa: string | null;
  rent_sqft: string | null;
  nia_sqrt: number | null;
  area_size_type: 'sqft' | 'sqm';
  currency: string;
  tenant: Ref | null;
  landlords?: Ref[];
  archived_at?: string | null;
  address: {
    street: string | null;
    post_code: string | null;
    full_address: string;
    lat: number | null;
    lng: number | null;
  };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

type Theme = 'light' | 'dark';
const setTheme = async (page: Page, theme: Theme) => {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBeTruthy();
};

/**
 * axe on a screen in the dark theme: the theme is the user's saved setting, read when the app
 * loads, so `open` loads the page and opens what is checked; the light theme is put back after.
 */
async function axeDark(page: Page, what: string, open: () => Promise<void>, close: () => Promise<void>) {
  await setTheme(page, 'dark');
  try {
    await open();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await seriousViolations(page), `${what}, dark theme`).toEqual([]);
    await close();
  } finally {
    await setTheme(page, 'light');
  }
}

/** Seeded properties, oldest first, from the middle of the first page (other specs take its ends). */
async function seeded(page: Page, include: string): Promise<Prop[]> {
  const res = await api<{ data: Prop[] }>(
    page,
    `/api/properties?per_page=100&include=${include}&sort=created_at`,
  );
  return res.data.slice(20);
}

test.describe('as the agent', () => {
  test.use({ signedInAs: AGENT });

  test('sells a unit of a scheme on its own, then voids the sale and the unit is restored', async ({
    page,
  }) => {
    const units = (await seeded(page, 'address,landlords')).filter(
      (p) => p.scheme_id && p.landlords?.length && p.address.street,
    );
    const unit = units[0]!;
    expect(unit, 'a seeded unit of a scheme with a landlord').toBeTruthy();
    const schemeBefore = (
      await api<{ data: { name: string; landlords: Ref[] } }>(
        page,
        `/api/schemes/${unit.scheme_id}?include=landlords`,
      )
    ).data;
    const companies = (await api<{ data: Ref[] }>(page, '/api/companies?per_page=100')).data;
    const buyer = companies.find(
      (c) =>
        !unit.landlords!.some((l) => l.id === c.id) && !schemeBefore.landlords.some((l) => l.id === c.id),
    )!;

    await page.goto(`/properties?id=${unit.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Create Deal', exact: true }).click();
    const chooser = page.getByRole('dialog', { name: /^Create Deal for / });
    await chooser.getByRole('menuitem', { name: 'Sale', exact: true }).click();

    // The unit's own sale (ADR 0080), not its scheme's.
    const wizard = page.getByRole('dialog', { name: 'Add Deal - Sale' });
    await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(
      unit.address.street!,
    );
    await next(wizard);
    await wizard.getByRole('textbox', { name: 'Effective Date' }).fill('02112026');
    await wizard.getByRole('textbox', { name: 'Price Paid' }).fill('1,250,000');
    await next(wizard);
    const purchasor = wizard.getByRole('region', { name: 'Purchasor' });
    await pickCompany(page, purchasor.getByRole('combobox', { name: 'Landlords', exact: true }), buyer.name);
    await next(wizard);
    await next(wizard);
    const changes = wizard.getByRole('table', { name: 'What will change on the property' });
    await expect(changes.getByRole('row').filter({ hasText: 'Landlords' }).first()).toContainText(buyer.name);
    expect(await seriousViolations(page), 'the sale Review step, light theme').toEqual([]);
    await acknowledgeAll(wizard);
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();

    // The unit has the purchaser; the scheme keeps its landlords.
    await expect(page.getByRole('region', { name: 'Parties' })).toContainText(buyer.name);
    const landlordIds = async () =>
      (await api<{ data: Prop }>(page, `/api/properties/${unit.id}?include=landlords`)).data.landlords!.map(
        (l) => l.id,
      );
    expect(await landlordIds()).toEqual([buyer.id]);
    const schemeAfter = (
      await api<{ data: { landlords: Ref[] } }>(page, `/api/schemes/${unit.scheme_id}?include=landlords`)
    ).data;
    expect(schemeAfter.landlords.map((l) => l.id)).toEqual(schemeBefore.landlords.map((l) => l.id));
    await page.goto(`/schemes?id=${unit.scheme_id}`);
    await expect(page.getByRole('region', { name: 'Landlord Contacts' })).not.toContainText(buyer.name);

    // Void the sale: the unit's landlords come back.
    const deals = await api<{ data: Array<{ id: number; deal_type: string }> }>(
      page,
      `/api/properties/${unit.id}/deals?per_page=1`,
    );
    const sale = deals.data[0]!;
    expect(sale.deal_type).toBe('sale');
    const dialog = page.getByRole('dialog', { name: 'Void this Sale deal?' });
    const openVoid = async () => {
      await page.goto(`/deals?id=${sale.id}`);
      await page.getByRole('button', { name: 'Void', exact: true }).click();
      await expect(dialog).toBeVisible();
    };
    await axeDark(page, 'the Void dialog', openVoid, () =>
      dialog.getByRole('button', { name: 'Cancel' }).click(),
    );
    await openVoid();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await seriousViolations(page), 'the Void dialog, light theme').toEqual([]);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Recorded on the wrong unit');
    await dialog.getByRole('button', { name: 'Void Deal' }).click();
    await expect(dialog).toBeHidden();
    const voided = page.getByRole('status').filter({ hasText: 'Voided by Jamie Patel' });
    await expect(voided).toContainText('Reason: Recorded on the wrong unit');

    await page.goto(`/properties?id=${unit.id}`);
    const restored = page.getByRole('region', { name: 'Parties' });
    for (const l of unit.landlords!) await expect(restored).toContainText(l.name);
    expect(await landlordIds()).toEqual(unit.landlords!.map((l) => l.id));
  });

  test('a Review step in the dark theme has no serious or critical axe violation', async ({ page }) => {
    const p = (await seeded(page, 'address')).find((x) => x.address.street && !x.scheme_id)!;
    const wizard = page.getByRole('dialog', { name: 'Add Deal - Rent Review' });
    await axeDark(
      page,
      'the Rent Review Review step',
      async () => {
        await page.goto(
          `/properties?deal=rent_review&property_id=${p.id}&name=${encodeURIComponent('Review')}`,
        );
        await expect(wizard).toBeVisible();
        const finish = wizard.getByRole('button', { name: 'Finish' });
        for (let i = 0; i < 8 && !(await finish.isVisible()); i++) await next(wizard);
        await expect(wizard.getByRole('heading', { name: 'What will change on the property' })).toBeVisible();
        // No effective date was given: its warning, with its "Record anyway", is on the screen too.
        await expect(wizard.getByRole('checkbox', { name: 'Record anyway' }).first()).toBeVisible();
      },
      () => wizard.getByRole('button', { name: 'Close' }).click(),
    );
  });

  test('saving a New Property without an address asks first, and the question passes axe in both themes', async ({
    page,
  }) => {
    const question = page.getByRole('dialog', { name: 'Save a property without an address?' });
    const ask = async () => {
      await page.goto('/properties/create');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(question).toBeVisible();
    };
    await axeDark(page, 'the address-less question', ask, () =>
      question.getByRole('button', { name: 'Cancel' }).click(),
    );
    await ask();
    expect(await seriousViolations(page), 'the address-less question, light theme').toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).click();
    // Nothing was saved: the form is still open.
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  });

  test('a New Letting with a rent alone gets rent per sq ft = rent ÷ NIA, on the property and in comparables', async ({
    page,
  }) => {
    const p = (await seeded(page, 'address,tenant')).find(
      (x) =>
        !x.scheme_id &&
        x.area_size_type === 'sqft' &&
        Number(x.nia_sqrt) > 100 &&
        x.rent_sqft &&
        x.address.street &&
        x.currency === 'GBP',
    )!;
    expect(p, 'a standalone seeded property with an NIA in sq ft and a rent per sq ft').toBeTruthy();
    const companies = (await api<{ data: Ref[] }>(page, '/api/companies?per_page=100')).data;
    const tenant = companies.find((c) => c.id !== p.tenant?.id)!;
    const expected = (Math.round((38000 / Number(p.nia_sqrt)) * 100) / 100).toFixed(2);

    await page.goto(`/properties?id=${p.id}`);
    await page.getByRole('main').getByRole('link', { name: 'Create Deal', exact: true }).click();
    await page
      .getByRole('dialog', { name: /^Create Deal for / })
      .getByRole('menuitem', { name: 'Letting', exact: true })
      .click();
    const wizard = page.getByRole('dialog', { name: 'Add Deal - New Letting' });
    await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(p.address.street!);
    await next(wizard);
    await wizard.getByRole('textbox', { name: 'Effective Date' }).fill('03112026');
    await next(wizard);
    await next(wizard);
    await pickCompany(
      page,
      wizard
        .getByRole('region', { name: 'New Tenant' })
        .getByRole('combobox', { name: 'Tenant', exact: true }),
      tenant.name,
    );
    await wizard.getByRole('textbox', { name: 'Rent Pa', exact: true }).fill('38,000');
    await next(wizard);
    await next(wizard);
    await expect(wizard.getByRole('table', { name: 'What will change on the property' })).toContainText(
      tenant.name,
    );
    await acknowledgeAll(wizard);
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();

    const after = (await api<{ data: Prop }>(page, `/api/properties/${p.id}`)).data;
    expect(after.rent_pa).toBe('38000.00');
    expect(after.rent_sqft).toBe(expected);
    const comparables = await api<{ data: Array<{ property: { id: number }; rent_sqft: string | null }> }>(
      page,
      `/api/deals/comparables?property_id=${p.id}&per_page=100`,
    );
    const mine = comparables.data.filter((c) => c.property.id === p.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((c) => c.rent_sqft)).toContain(expected);
  });
});

test.describe('as the admin', () => {
  test.use({ signedInAs: ADMIN });

  test('archives a property: it leaves /properties and the map, and shows a banner by id', async ({
    page,
  }) => {
    const p = (await seeded(page, 'address')).find(
      (x) =>
        !x.scheme_id && x.address.street && x.address.post_code && x.address.lat !== null && !x.archived_at,
    )!;
    expect(p, 'a standalone seeded property with a position').toBeTruthy();
    const near = `/api/map/points?center=${p.address.lng},${p.address.lat}&radius_m=30&per_page=100`;
    const onMap = async () => (await api<{ data: Array<{ kind: string; id: number }> }>(page, near)).data;
    expect((await onMap()).some((x) => x.kind === 'property' && x.id === p.id)).toBe(true);

    const dialog = page.getByRole('dialog', { name: 'Archive property' });
    const openArchive = async () => {
      await page.goto(`/properties?id=${p.id}`);
      await page.getByRole('button', { name: 'Archive', exact: true }).click();
      await expect(dialog).toBeVisible();
    };
    await axeDark(page, 'the Archive dialog', openArchive, () =>
      dialog.getByRole('button', { name: 'Cancel' }).click(),
    );
    await openArchive();
    expect(await seriousViolations(page), 'the Archive dialog, light theme').toEqual([]);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Demolished in 2026');
    await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The banner says who, when and why (the reason is also in the History panel's table).
    const banner = page.getByRole('alert', { name: 'This property is archived' });
    await expect(banner).toContainText('Archived by Alex Morgan');
    await expect(banner).toContainText('Demolished in 2026');

    // Gone from the list's search and from the map.
    await page.goto('/properties');
    const searched = page.waitForResponse(
      (r) =>
        r.url().includes('/api/properties?') &&
        new URL(r.url()).searchParams.get('q') === p.address.post_code,
    );
    await page
      .getByRole('textbox', { name: 'Search address, tenant, landlord, scheme' })
      .fill(p.address.post_code!);
    await searched;
    await expect(page.getByRole('row').filter({ hasText: p.address.street! })).toHaveCount(0);
    const found = await api<{ data: Prop[] }>(
      page,
      `/api/properties?q=${encodeURIComponent(p.address.post_code!)}&per_page=100`,
    );
    expect(found.data.map((x) => x.id)).not.toContain(p.id);
    expect((await onMap()).some((x) => x.kind === 'property' && x.id === p.id)).toBe(false);

    // Restore for the specs after this one.
    await page.goto(`/properties?id=${p.id}`);
    await page.getByRole('button', { name: 'Restore' }).click();
    await expect(banner).toBeHidden();
  });
});
