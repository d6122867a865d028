import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';
import { stepButton } from '../wizard';

/**
 * The lease terms (ADR 0086): the agent records them in the Edit Property dialog's Lease Info
 * section and reads them back on the view and in the history; the section passes axe in both
 * themes, as does a rent review's Lease Date step. With E2E_SHOTS_DIR set, the section, the view's
 * card and the step are photographed in each theme.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBeTruthy();
}

/**
 * A standalone unit of its own, made through the API: a seeded one may have been edited, archived
 * or sold by another spec on this worker's server before this one runs.
 */
async function standaloneUnit(page: Page): Promise<number> {
  const res = await page.request.post('/api/properties', {
    headers: XHR,
    data: {
      building_num: `LT-${Date.now().toString(36).toUpperCase()}`,
      address: {
        street: 'Granby Street',
        city: 'Leicester',
        post_code: 'LE1 6FB',
        country: 'United Kingdom',
      },
    },
  });
  expect(res.ok(), `creating the unit answered ${res.status()}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, field: string, option: string) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('the agent records a unit’s lease terms and reads them on the view and in its history', async ({
  page,
}) => {
  const id = await standaloneUnit(page);
  await page.goto(`/properties?id=${id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Property' });
  const lease = dialog.getByRole('region', { name: 'Lease Info' });
  await expect(lease.getByRole('combobox', { name: 'Security of Tenure' })).toBeVisible();

  await choose(page, lease, 'Security of Tenure', 'Contracted out');
  await choose(page, lease, 'Review Basis', 'Index-linked (RPI/CPI)');
  await choose(page, lease, 'Break Exercisable By', 'Landlord');
  await choose(page, lease, 'Break Type', 'Rolling');
  await lease.getByRole('spinbutton', { name: 'Break Notice (months)' }).fill('9');
  await lease.getByRole('spinbutton', { name: 'Review Every (years)' }).fill('4');
  await lease.getByRole('textbox', { name: 'Lease Notes' }).fill('Landlord may break on redevelopment.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('region', { name: 'Lease Info' });
  for (const text of [
    'Contracted out',
    'Index-linked (RPI/CPI)',
    'Landlord',
    'Rolling',
    '9 months',
    '4 years',
    'Landlord may break on redevelopment.',
  ])
    await expect(card).toContainText(text);
  const history = page.getByRole('table', { name: 'Field history' });
  await expect(history.getByRole('row').filter({ hasText: 'Security of Tenure' }).first()).toContainText(
    'Contracted out',
  );
  await expect(history.getByRole('row').filter({ hasText: 'Break Notice (months)' }).first()).toContainText(
    '9 months',
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Lease Info section with its terms has no serious or critical axe violations (${theme})`, async ({
    page,
  }) => {
    await setTheme(page, theme);
    try {
      const id = await standaloneUnit(page);
      await page.goto(`/properties?id=${id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Property' });
      const lease = dialog.getByRole('region', { name: 'Lease Info' });
      await expect(lease.getByRole('textbox', { name: 'Lease Notes' })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await lease.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      if (SHOTS) await lease.screenshot({ path: `${SHOTS}/lease-info-${theme}.png` });
      expect(await seriousViolations(page, { include: '[role="dialog"]' }), theme).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByRole('region', { name: 'Lease Info' });
      await card.scrollIntoViewIfNeeded();
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/lease-info-card-${theme}.png` });

      // The rent review's Lease Date step: the spec's seven fields, then the terms on rows of their own.
      await page.goto(`/properties?deal=rent_review&property_id=${id}&name=Unit`);
      const wizard = page.getByRole('dialog', { name: 'Add Deal - Rent Review' });
      await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toBeVisible();
      await stepButton(wizard, 'Lease Date').click();
      const step = wizard.getByRole('region', { name: 'Lease Date' });
      await expect(step.getByRole('combobox', { name: 'Security of Tenure' })).toBeVisible();
      await page.mouse.move(0, 0);
      if (SHOTS) await step.screenshot({ path: `${SHOTS}/lease-date-step-${theme}.png` });
      expect(await seriousViolations(page, { include: '[role="dialog"]' }), `Lease Date, ${theme}`).toEqual(
        [],
      );
      await wizard.getByRole('button', { name: 'Close' }).click();
      await expect(wizard).toBeHidden();
    } finally {
      await setTheme(page, 'light');
    }
  });
}
