import type { Page } from '@playwright/test';
import { AGENT, expect, test } from '../fixtures';

/**
 * List searches and pickers (ADR 0085), as the agent on the demo data: "Priya" typed into a contact
 * picker offers a Priya first and "boots" in a company picker offers Boots first; the Deals and
 * Enquiries lists search from a field whose label says what it searches.
 */

test.use({ signedInAs: AGENT });

/** The options a picker offers once the answer for `text` has arrived, as typed key by key. */
async function optionsFor(page: Page, picker: string, path: string, text: string): Promise<string[]> {
  const field = page.getByRole('combobox', { name: picker });
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith(path) && new URL(r.url()).searchParams.get('q') === text,
  );
  await field.click();
  await field.pressSequentially(text, { delay: 60 });
  await answered;
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  return listbox.getByRole('option').allInnerTexts();
}

test('a picker offers what was typed first: "Priya" a Priya, "boots" Boots', async ({ page }) => {
  await page.goto('/deals');
  const contacts = await optionsFor(page, 'Recorded By', '/api/users', 'Priya');
  expect(contacts[0], contacts.join(' | ')).toMatch(/^Priya /);
  await page.keyboard.press('Escape');
  const companies = await optionsFor(page, 'Tenant', '/api/companies', 'boots');
  expect(companies[0], companies.join(' | ')).toMatch(/^Boots/);
});

test('the Deals and Enquiries lists search from a field that says what it searches', async ({ page }) => {
  await page.goto('/deals');
  const deals = page.getByRole('grid', { name: 'Deals' });
  await expect(deals.getByRole('row').nth(1)).toBeVisible();
  const searched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/deals' && new URL(r.url()).searchParams.get('q') === 'zzzz',
  );
  await page.getByRole('searchbox', { name: 'Search property, scheme, tenant, landlord' }).fill('zzzz');
  await searched;
  await expect(deals.getByText('No deals found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(
    page.getByRole('searchbox', { name: 'Search property, scheme, tenant, landlord' }),
  ).toHaveValue('');

  await page.goto('/enquiries');
  await expect(page.getByRole('searchbox', { name: 'Search company, contact, town' })).toBeVisible();
  await page.goto('/pipelines');
  await expect(page.getByRole('searchbox', { name: 'Search company, contact, town' })).toBeVisible();
});
