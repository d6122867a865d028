import type { Locator, Page } from '@playwright/test';

/** Helpers the deal wizard specs share (deals, deals-ii, trust). */

/** The vertical stepper's tab of a step. */
export const stepButton = (wizard: Locator, label: string) =>
  wizard.getByRole('tab').filter({ hasText: label });

export const next = (wizard: Locator) => wizard.getByRole('button', { name: 'Next Step' }).click();

/** Ticks each warning's "Record anyway" on the Review step (ADR 0081). */
export async function acknowledgeAll(wizard: Locator) {
  const boxes = wizard.getByRole('checkbox', { name: 'Record anyway' });
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
}

/** Picks `name` in the company combobox (a single field or a list). */
export async function pickCompany(page: Page, box: Locator, name: string) {
  await box.fill(name);
  // An option's name starts with its verification indicator's tooltip: match the shown name.
  await page
    .getByRole('option')
    .filter({ has: page.getByText(name, { exact: true }) })
    .first()
    .click();
}
