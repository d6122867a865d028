import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * API tokens from the profile (ADR 0097): the agent makes a token, sees it once, another system
 * uses it with no cookie and no X-Requested-With, and once revoked it is refused. axe on the
 * section and the dialogs in both themes.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const section = (page: Page) => page.getByRole('region', { name: 'API tokens' });

test.use({ signedInAs: AGENT });
test.describe.configure({ mode: 'serial' });

/** Revokes every token the agent holds, whatever an earlier run left. */
const revokeAll = async (page: Page) => {
  const list = (await (await page.request.get('/api/tokens', { headers: XHR })).json()) as {
    data: Array<{ id: number }>;
  };
  for (const t of list.data) await page.request.delete(`/api/tokens/${t.id}`, { headers: XHR });
};

test('the agent creates a token, sees it once, an integration uses it, and revoking it ends it', async ({
  page,
  playwright,
}) => {
  await revokeAll(page);
  await page.goto('/profile');
  const tokens = section(page);
  await expect(tokens.getByText('You have no API tokens.')).toBeVisible();

  await tokens.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Website availability');
  await dialog
    .getByRole('group', { name: 'Properties and schemes' })
    .getByRole('button', { name: 'Read', exact: true })
    .click();
  await dialog.getByLabel('Expires in (days)').fill('30');
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  const field = dialog.getByLabel('Token');
  await expect(field).toHaveValue(/^frt_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
  await expect(dialog.getByText('Copy the token now: you will not see it again.')).toBeVisible();
  const token = await field.inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed, never shown again.
  const row = tokens.getByRole('row').filter({ hasText: 'Website availability' });
  await expect(row).toContainText('properties:read');
  await expect(row).toContainText('Never');
  await expect(tokens).not.toContainText(token);

  // Another system: a bearer token, no cookie, no X-Requested-With.
  const other = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const auth = { Authorization: `Bearer ${token}` };
    expect((await other.get('/api/properties', { headers: auth })).status()).toBe(200);
    expect((await other.get('/api/deals', { headers: auth })).status()).toBe(403);

    await page.reload();
    await expect(row).not.toContainText('Never');
    await row.getByRole('button', { name: 'Revoke Website availability' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(tokens.getByText('You have no API tokens.')).toBeVisible();
    expect((await other.get('/api/properties', { headers: auth })).status()).toBe(401);
  } finally {
    await other.dispose();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the API tokens section, its dialog and the shown-once token pass axe`, async ({ page }) => {
    expect(
      (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
    ).toBeTruthy();
    await revokeAll(page);
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const tokens = section(page);
    await tokens.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Axe ${theme}`);
    await dialog
      .getByRole('group', { name: 'Deals' })
      .getByRole('button', { name: 'Read and write' })
      .click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/api-tokens-dialog-${theme}.png` });
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect(dialog.getByLabel('Token')).toHaveValue(/^frt_/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/api-tokens-once-${theme}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(tokens.getByRole('row').filter({ hasText: `Axe ${theme}` })).toBeVisible();
    expect(await seriousViolations(page, { include: '#api-tokens' })).toEqual([]);
    await tokens.screenshot({ path: `test-results/api-tokens-section-${theme}.png` });
    await revokeAll(page);
    // The agent's theme as the other specs find it.
    await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
  });
}
