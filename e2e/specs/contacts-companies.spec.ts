import type { Page } from '@playwright/test';
import { resolve } from 'node:path';
import { ADMIN, AGENT, expect, openHome, test } from '../fixtures';

const LOGO = resolve(import.meta.dirname, '../fixtures/logo.png');
const SHOTS = process.env.SCREENSHOT_DIR ?? resolve(import.meta.dirname, '../artifacts/screens');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.use({ signedInAs: ADMIN });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

const setTheme = async (page: Page, mode: 'light' | 'dark') => {
  const button = page.getByRole('button', {
    name: mode === 'dark' ? 'Switch to dark theme' : 'Switch to light theme',
  });
  if (await button.isVisible()) await button.click();
};

test('the agent creates a contact from the top bar, with a new company created inside the dialog', async ({
  pageAs,
}) => {
  const id = unique();
  const companyName = `Harbour Lane Retail ${id}`;
  const contactName = `Morgan Tester ${id}`;
  const page = await pageAs(AGENT);
  await openHome(page);

  await page.getByRole('button', { name: 'Create Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Contact' });
  await expect(dialog).toBeVisible();
  expect((await dialog.boundingBox())?.width).toBe(600);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await dialog.getByRole('combobox', { name: 'Company' }).fill(companyName);
  await expect(page.getByText('No companies found')).toBeVisible();
  await page.getByRole('button', { name: 'Create a new company' }).click();

  const companyDialog = page.getByRole('dialog', { name: 'Create Company' });
  await expect(companyDialog.getByRole('textbox', { name: 'Name' })).toHaveValue(companyName);
  await companyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(companyDialog).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue(companyName);

  await dialog.getByRole('textbox', { name: 'Name' }).fill(contactName);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`morgan.${id}@harbourlane.example`);
  await dialog.getByRole('textbox', { name: 'Direct Dial' }).fill('020 7946 0000');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog).toBeHidden();

  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(contactName);
  const grid = page.getByRole('grid', { name: 'Contacts' });
  const row = grid.getByRole('row').filter({ hasText: contactName });
  await expect(row).toBeVisible();
  await expect(row).toContainText(companyName);
  await expect(row).toContainText('020 7946 0000');
});

test('the admin creates a company with a logo and two categories and sees the logo in the list', async ({
  page,
}) => {
  const id = unique();
  const name = `Greenfield Goods ${id}`;
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Create Company' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create Company' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Domain' }).fill(`greenfield-goods-${id}.example`);
  const categories = dialog.getByRole('combobox', { name: 'Categories' });
  await categories.click();
  await page.getByRole('option', { name: 'Homewares' }).click();
  await categories.click();
  await page.getByRole('option', { name: 'Gifts & Cards' }).click();
  await dialog.locator('input[type=file]').setInputFiles(LOGO);
  const preview = dialog.getByRole('img', { name: 'Logo preview' });
  await expect(preview).toBeVisible();
  const box = await preview.boundingBox();
  expect(Math.max(box?.width ?? 0, box?.height ?? 0)).toBeLessThanOrEqual(200);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Company "${name}" created.`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search companies' }).fill(name);
  const row = page.getByRole('grid', { name: 'Companies' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const logo = row.getByRole('img', { name: `${name} logo` });
  await expect(logo).toBeVisible();
  // Shown, then loaded: the image's bytes may still be on their way when its box is laid out.
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // The record opens on its page with its categories and logo (ADR 0092).
  await expect(row).toContainText('Gifts & Cards, Homewares');
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/companies\/\d+$/);
  const details = page.getByRole('region', { name: 'Company details' });
  await expect(details.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(details).toContainText('Homewares');
  await expect(details).toContainText('Gifts & Cards');
  await expect(details.getByRole('img', { name: `${name} logo` })).toBeVisible();
});

test('screenshots of both dialogs and both lists, light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await openHome(page);
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await page.goto('/companies');
    // The search is saved per user: the previous test left one.
    await page.getByRole('searchbox', { name: 'Search companies' }).fill('');
    await expect(page.getByRole('grid', { name: 'Companies' }).getByRole('row').nth(3)).toBeVisible();
    await shot(page, `companies-${mode}`);

    await page.goto('/users');
    await expect(page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(3)).toBeVisible();
    await shot(page, `contacts-${mode}`);

    await page.getByRole('banner').getByRole('button', { name: 'Create Contact' }).click();
    const contact = page.getByRole('dialog', { name: 'Create Contact' });
    await contact.getByRole('textbox', { name: 'E-mail' }).fill('someone@');
    await contact.getByRole('combobox', { name: 'Company' }).fill('bo');
    await expect(page.getByRole('option').first()).toBeVisible();
    await shot(page, `create-contact-${mode}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    // The dialog holds typed input: Escape asks before throwing it away.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Discard changes?' });
    // The screenshot waits for the fade-in to end (the page's running transitions).
    await ask.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await shot(page, `discard-question-${mode}`);
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(contact).toBeHidden();

    await page.getByRole('banner').getByRole('button', { name: 'Create Company' }).click();
    const company = page.getByRole('dialog', { name: 'Create Company' });
    await company.locator('input[type=file]').setInputFiles(LOGO);
    await company.getByRole('combobox', { name: 'Categories' }).click();
    await page.getByRole('option', { name: 'Fashion' }).click();
    await company.getByRole('textbox', { name: 'Name' }).fill('Northbank Outfitters');
    await shot(page, `create-company-${mode}`);
    await company.getByRole('button', { name: 'Cancel' }).click();
    await expect(company).toBeHidden();
  }
});
