import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * Edit Property and Edit Scheme: the agent edits a demo property's rent and an
 * area in one save, sees them on the view and in its history; both dialogs pass axe in both themes.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
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

interface Row {
  id: number;
  scheme_id: number | null;
  nia_sqrt: number | null;
}

const gbp = (n: number) => `£${n.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

test('the agent edits a demo property’s rent and an area, and sees them on the view and in its history', async ({
  page,
}) => {
  const list = await api<{ data: Row[] }>(page, '/api/properties?per_page=50&sort=-updated_at');
  const target = list.data.find((p) => p.scheme_id === null);
  expect(target, 'a seeded standalone property').toBeTruthy();
  const rent = 100_000 + Math.floor(Math.random() * 800_000);
  const nia = 1_000 + Math.floor(Math.random() * 8_000);

  await page.goto(`/properties?id=${target!.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Rent Info' })).toBeVisible();

  // Focus first: the money field swaps its formatted text for the plain number on focus.
  const rentField = dialog.getByRole('textbox', { name: 'Rent Pa' });
  await rentField.click();
  await expect(rentField).not.toHaveValue(/,/);
  await rentField.fill(String(rent));
  if (target!.nia_sqrt === null) {
    await dialog.getByRole('button', { name: 'Add Areas' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'NIA' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  }
  await dialog.getByRole('textbox', { name: 'NIA' }).fill(String(nia));
  await shot(page, 'edit-property-filled');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('region', { name: 'Rent Info' })).toContainText(gbp(rent));
  await expect(page.getByRole('region', { name: 'Areas' })).toContainText(
    `${nia.toLocaleString('en-GB')} sq ft`,
  );
  const history = page.getByRole('table', { name: 'Field history' });
  await expect(history.getByRole('row').filter({ hasText: 'Rent Pa' }).first()).toContainText(gbp(rent));
  await expect(history.getByRole('row').filter({ hasText: 'NIA' }).first()).toContainText(
    nia.toLocaleString('en-GB'),
  );

  // The agent's changes wait for an admin: reopened, the dialog marks both fields.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog).toBeVisible();
  // Rent Pa, and the rent per sq ft worked out from it and the new NIA (ADR 0079).
  await expect(
    dialog.getByRole('region', { name: 'Rent Info' }).getByRole('img', { name: 'Unverified change' }),
  ).toHaveCount(2);
  const saved = await api<{ data: { rent_sqft: string | null } }>(page, `/api/properties/${target!.id}`);
  expect(saved.data.rent_sqft).toBe((Math.round((rent / nia) * 100) / 100).toFixed(2));
  await expect(
    dialog.getByRole('region', { name: 'Areas' }).getByRole('img', { name: 'Unverified change' }),
  ).toHaveCount(1);
  await dialog.getByRole('region', { name: 'Rent Info' }).scrollIntoViewIfNeeded();
  await shot(page, 'edit-property-unverified');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Edit Property and Edit Scheme dialogs have no serious or critical axe violations (${theme})`, async ({
    page,
  }) => {
    await setTheme(page, theme);
    try {
      const props = await api<{ data: Row[] }>(page, '/api/properties?per_page=20&sort=-updated_at');
      const schemes = await api<{ data: { id: number }[] }>(page, '/api/schemes?per_page=1');
      const checks = [
        { url: `/properties?id=${props.data[0]!.id}`, title: 'Edit Property' },
        { url: `/schemes?id=${schemes.data[0]!.id}`, title: 'Edit Scheme' },
      ];
      for (const { url, title } of checks) {
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        await page.mouse.move(0, 0);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
        await shot(page, `${title.toLowerCase().replace(' ', '-')}-${theme}`);
        expect(await seriousViolations(page, { include: '[role="dialog"]' }), `${title} (${theme})`).toEqual(
          [],
        );
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
    } finally {
      await setTheme(page, 'light');
    }
  });
}

test('the same property edited in two tabs: the second save is refused with the current values shown', async ({
  page: first,
}) => {
  // Two tabs of one signed-in agent: the second page shares the first one's session cookie.
  const context = first.context();
  const list = await api<{ data: Row[] }>(first, '/api/properties?per_page=50&sort=updated_at');
  const target = list.data.find((p) => p.scheme_id === null)!;
  const second = await context.newPage();
  const openEdit = async (page: Page) => {
    await page.goto(`/properties?id=${target.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Property' });
    await expect(dialog.getByRole('heading', { name: 'Rent Info' })).toBeVisible();
    return dialog;
  };
  const setText = async (dialog: ReturnType<Page['getByRole']>, name: string, value: string) => {
    const field = dialog.getByRole('textbox', { name });
    await field.click();
    await field.fill(value);
  };
  const a = await openEdit(first);
  const b = await openEdit(second);

  const rent = 200_000 + Math.floor(Math.random() * 500_000);
  await setText(a, 'Rent Pa', String(rent));
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a).toBeHidden();

  await setText(b, 'Incentive', 'Six months rent free');
  await setText(b, 'Rent Pa', '123456');
  await b.getByRole('button', { name: 'Save' }).click();
  const notice = b.getByRole('alert').filter({ hasText: 'Changed by someone else' });
  await expect(notice).toContainText(
    'This record was changed by someone else after you opened it. Nothing was saved.',
  );
  const changed = notice.getByRole('table', { name: 'Changed since you opened it' });
  await expect(changed.getByRole('row').filter({ hasText: 'Rent Pa' })).toContainText(gbp(rent));
  await shot(second, 'edit-property-stale');
  expect(await seriousViolations(second)).toEqual([]);

  // Nothing of the second tab was written.
  const now = await api<{ data: { rent_pa: string; incentive: string | null } }>(
    first,
    `/api/properties/${target.id}`,
  );
  expect(Number(now.data.rent_pa)).toBe(rent);
  expect(now.data.incentive).not.toBe('Six months rent free');

  // Taking the current values refills the form with the first tab's rent.
  await notice.getByRole('button', { name: 'Use the current values' }).click();
  await expect(b.getByRole('textbox', { name: 'Rent Pa' })).toHaveValue(gbp(rent).slice(1));
});
