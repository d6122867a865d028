import type { Page } from '@playwright/test';
import { ADMIN, expect, seriousViolations, test } from '../fixtures';

/**
 * The admin's Account section on a contact's edit page (ADR 0065): a temporary
 * password lets the contact sign in and greets them with the change-password warning; axe on the
 * section in both themes; screenshots when E2E_SHOTS_DIR is set.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.use({ signedInAs: ADMIN });

test('an admin gives a contact a temporary password; the contact signs in and is asked to change it', async ({
  page,
  pageAs,
}) => {
  const id = unique();
  const contact = {
    name: `Robin Temp ${id}`,
    email: `robin.${id}@example.com`,
    password: 'temporary-pass-1',
  };
  // A contact nobody can sign in as yet.
  const made = await page.request.post('/api/users', {
    headers: XHR,
    data: { name: contact.name, email: contact.email, company_id: null },
  });
  expect(made.status()).toBe(201);
  const { data } = (await made.json()) as { data: { id: number; can_sign_in: boolean } };
  expect(data.can_sign_in).toBe(false);

  await page.goto(`/users/${data.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit Contact' });
  const account = form.getByRole('region', { name: 'Account' });
  await expect(account.getByRole('combobox', { name: 'User type' })).toHaveText('Ordinary');
  const signIn = account.getByRole('switch', { name: 'Can sign in' });
  await expect(signIn).not.toBeChecked();
  await signIn.check();
  const password = account.getByLabel(/^Temporary password/);
  await password.fill(contact.password);
  await expect(password).toHaveAttribute('type', 'password');
  await account.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(account.getByText('The user will be asked to change it after signing in.')).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme) {
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    }
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // The theme switch's tooltip fades in under the pointer; axe would measure it half transparent.
    await page.mouse.move(0, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    expect(await seriousViolations(page), `edit contact, ${theme} theme`).toEqual([]);
    await shot(page, `accounts-edit-${theme}`);
  }
  // The theme is saved per user: leave the admin on the light theme for the other specs.
  await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${data.id}$`));
  // The saved contact opens on their page.
  await expect(page.getByRole('heading', { level: 1, name: contact.name })).toBeVisible();

  // The contact, in a browser of their own, signs in through the form.
  const visitor = await pageAs(null);
  await visitor.goto('/login');
  await visitor.getByRole('textbox', { name: 'E-mail' }).fill(contact.email);
  await visitor.getByRole('textbox', { name: 'Password', exact: true }).fill(contact.password);
  await visitor.getByRole('button', { name: 'Log in' }).click();
  await expect(visitor.getByText('Please change your password!').first()).toBeVisible();
  await expect(visitor).not.toHaveURL(/\/login$/);
  const me = await visitor.request.get('/api/auth/me', { headers: XHR });
  expect(((await me.json()) as { data: { email: string; is_temp: boolean } }).data).toMatchObject({
    email: contact.email,
    is_temp: true,
  });
});

test('turning a sign-in off asks first', async ({ page }) => {
  const id = unique();
  const made = await page.request.post('/api/users', {
    headers: XHR,
    data: {
      name: `Sam Signed ${id}`,
      email: `sam.${id}@example.com`,
      company_id: null,
      can_sign_in: true,
      password: 'temporary-pass-2',
    },
  });
  const { data } = (await made.json()) as { data: { id: number } };
  await page.goto(`/users/${data.id}/edit`);
  const signIn = page.getByRole('switch', { name: 'Can sign in' });
  await expect(signIn).toBeChecked();
  await signIn.click();
  const dialog = page.getByRole('dialog', { name: 'Turn off sign-in?' });
  await expect(dialog).toContainText(`Sam Signed ${id} will be signed out at once`);
  await shot(page, 'accounts-turn-off');
  await dialog.getByRole('button', { name: 'Turn off sign-in' }).click();
  await expect(signIn).not.toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${data.id}$`));
  const after = await page.request.get(`/api/users/${data.id}`, { headers: XHR });
  expect(((await after.json()) as { data: { can_sign_in: boolean } }).data.can_sign_in).toBe(false);
});
