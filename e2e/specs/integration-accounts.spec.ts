import type { Page } from '@playwright/test';
import { ADMIN, expect, seriousViolations, test } from '../fixtures';

/**
 * Integration accounts from the profile (ADR 0104): the admin makes one with the keyboard, goes
 * straight on to its first token (the account already its owner), sees the token once and finds it
 * listed under the account's name; another system uses it as the account. axe on the dialog and
 * the section in both themes.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const section = (page: Page) => page.getByRole('region', { name: 'API tokens' });

test.use({ signedInAs: ADMIN });
test.describe.configure({ mode: 'serial' });

/** Revokes every token the admin's list holds (the admin's own and the integration accounts'). */
const revokeAll = async (page: Page) => {
  const list = (await (await page.request.get('/api/tokens', { headers: XHR })).json()) as {
    data: Array<{ id: number }>;
  };
  for (const t of list.data) await page.request.delete(`/api/tokens/${t.id}`, { headers: XHR });
};

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the admin makes an integration account and its first token`, async ({
    page,
    playwright,
  }) => {
    expect(
      (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
    ).toBeTruthy();
    await revokeAll(page);
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const tokens = section(page);
    const name = `Accounts sync ${theme} ${Date.now().toString(36)}`;

    // Keyboard only: focus the button, Enter, Tab to the name, type it, Enter submits.
    // The button is enabled once the token list has loaded: a disabled button takes no focus.
    const newAccount = tokens.getByRole('button', { name: 'New Integration Account' });
    await expect(newAccount).toBeEnabled();
    await newAccount.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Integration Account' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.type('ab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('The name must be at least 3 characters.')).toBeVisible();
    expect(await seriousViolations(page, { include: '[role="dialog"]' }), `account dialog, ${theme}`).toEqual(
      [],
    );
    await page.screenshot({ path: `test-results/integration-account-dialog-${theme}.png` });
    await dialog.getByLabel('Name').fill(name);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    // The token dialog follows, its owner the new account.
    const tokenDialog = page.getByRole('dialog', { name: 'Create Token' });
    await expect(tokenDialog.getByLabel('Owner')).toContainText(name);
    await tokenDialog.getByLabel('Name').fill('Ledger export');
    await tokenDialog
      .getByRole('group', { name: 'Comments' })
      .getByRole('button', { name: 'Read and write' })
      .click();
    await tokenDialog.getByRole('button', { name: 'Create Token' }).click();
    // Once made, the dialog shows the token under the token's name.
    const issued = page.getByRole('dialog', { name: 'Ledger export' });
    const field = issued.getByLabel('Token');
    await expect(field).toHaveValue(/^frt_/);
    const token = await field.inputValue();
    await issued.getByRole('button', { name: 'Done' }).click();
    await expect(issued).toBeHidden();

    const row = tokens.getByRole('row').filter({ hasText: 'Ledger export' });
    await expect(row).toContainText(name);
    await expect(row).toContainText('comments:write');
    expect(await seriousViolations(page, { include: '#api-tokens' }), `section, ${theme}`).toEqual([]);

    // Another system reads as the account (no cookie, no X-Requested-With).
    const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const outside = await other.get('/api/properties?per_page=1', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(outside.status()).toBe(403);
      const comments = await other.get('/api/comments/search-entity?q=Leeds', {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(comments.status()).toBe(200);
    } finally {
      await other.dispose();
    }
    await revokeAll(page);
    await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
  });
}
