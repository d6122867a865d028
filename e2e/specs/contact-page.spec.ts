import type { APIRequestContext, Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * The contact page, /users/{id} (ADR 0093): the agent opens a contact from /users and
 * sees their details, company link and the deals they are a party to (GET /api/users/{id}/deals),
 * opens one; axe in both themes; the profile, which shares the contact form's fields, still saves.
 * Screenshots when E2E_SHOTS_DIR is set.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.use({ signedInAs: AGENT });

interface Ref {
  id: number;
  name: string;
}

/** The party lists of a deal that hold contacts (DEAL_PARTY_LISTS of kind 'user'). */
const CONTACT_LISTS = [
  'landlord_contacts',
  'landlord_agent_contacts',
  'tenant_agent_contacts',
  'tenant_contacts',
] as const;

/** The newest seeded deal that names a contact among its parties, and that contact. */
async function dealWithContact(request: APIRequestContext): Promise<{ deal: number; contact: Ref }> {
  const list = await request.get('/api/deals?sort=-effective_date&per_page=50', { headers: XHR });
  expect(list.ok()).toBe(true);
  for (const { id } of (await list.json()).data as Ref[]) {
    const res = await request.get(`/api/deals/${id}`, { headers: XHR });
    const deal = (await res.json()).data as Record<string, Ref[] | undefined>;
    for (const name of CONTACT_LISTS) {
      const contact = deal[name]?.[0];
      if (contact) return { deal: id, contact };
    }
  }
  throw new Error('no seeded deal names a contact');
}

test('the agent opens a contact from /users: details, company link, their deals; axe in both themes', async ({
  page,
}) => {
  const { deal, contact } = await dealWithContact(page.request);
  const record = (await (await page.request.get(`/api/users/${contact.id}`, { headers: XHR })).json())
    .data as { email: string; company: Ref | null };

  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(contact.name);
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await grid.getByRole('link', { name: contact.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/users/${contact.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: contact.name })).toBeVisible();

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details.getByRole('link', { name: record.email })).toBeVisible();
  if (record.company)
    await expect(details.getByRole('link', { name: record.company.name })).toHaveAttribute(
      'href',
      `/companies/${record.company.id}`,
    );

  // The deals tab is the first: the newest deal naming the contact is on its first page.
  const deals = page.getByRole('table', { name: 'Deals of this contact' });
  await expect(deals).toBeVisible();
  const link = deals.locator(`a[href="/deals?id=${deal}"]`);
  await expect(link).toBeVisible();

  await page.setViewportSize({ width: 1366, height: 860 });
  for (const theme of ['light', 'dark'] as const) {
    const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
    expect(res.ok()).toBe(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(deals).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.mouse.move(0, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    expect(await seriousViolations(page), `contact page, ${theme} theme`).toEqual([]);
    await shot(page, `contact-page-${theme}`);
    // The timeline's tab, by keyboard: the tabs are one stop, arrows move between them.
    await page.getByRole('tab', { name: 'Deals' }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Activity' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await seriousViolations(page), `contact activity, ${theme} theme`).toEqual([]);
    await shot(page, `contact-activity-${theme}`);
    await page.getByRole('tab', { name: 'Deals' }).click();
  }
  // The theme is saved per user: leave the agent on the light theme for the other specs.
  await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/deals\\?id=${deal}$`));
});

test('/users?id= (as comments link a contact) opens the contact page', async ({ page }) => {
  const me = (await (await page.request.get('/api/auth/me', { headers: XHR })).json()).data as Ref;
  await page.goto(`/users?id=${me.id}`);
  await expect(page).toHaveURL(new RegExp(`/users/${me.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: AGENT.name })).toBeVisible();
});

test('the profile, on the shared person fields, still saves', async ({ page }) => {
  const me = (await (await page.request.get('/api/auth/me', { headers: XHR })).json()).data as {
    name: string;
    direct_dial: string | null;
    mobile: string | null;
    currency: string;
  };
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Profile details' });
  const mobile = form.getByRole('textbox', { name: 'Mobile' });
  const next = me.mobile === '07700 900555' ? '07700 900556' : '07700 900555';
  await mobile.fill(next);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Mobile' })).toHaveValue(next);
  // The name is checked as the contact form checks it.
  await form.getByRole('textbox', { name: 'Name' }).fill('Al');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The name must be at least 3 characters.')).toBeVisible();

  await page.request.put('/api/auth/me', {
    headers: XHR,
    data: { name: me.name, direct_dial: me.direct_dial, mobile: me.mobile, currency: me.currency },
  });
});
