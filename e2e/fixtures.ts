import { expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@example.com', password: 'demo-admin-2026', name: 'Alex Morgan' };
export const AGENT = { email: 'agent@example.com', password: 'demo-agent-2026', name: 'Jamie Patel' };

export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
}

export const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
