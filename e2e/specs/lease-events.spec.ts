import type { Locator, Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * The lease-events work list (ADR 0088), as the agent: /lease-events filtered to hard events, a
 * break-notice deadline's unit opened from its row (the property view's Lease events card), a
 * Lease Renewal started from the event with the keyboard, the card's Done with a reason; axe on
 * the page and the card in both themes, with screenshots of each.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const iso = (d: Date) => d.toISOString().slice(0, 10);
const shift = (days: number, months = 0) => {
  const d = new Date();
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate() + days)));
};

interface Created {
  id: number;
  label: string;
  street: string;
}

/**
 * A let unit whose tenant's break falls in 6 months and 40 days with 6 months' notice, so its
 * break-notice deadline is 40 days ahead, inside the default 90-day window. Made through the API
 * (whatever the demo data holds), with a unit number no other record has.
 */
async function letUnitWithBreak(page: Page): Promise<Created> {
  const companies = await page.request.get('/api/companies?per_page=5', { headers: XHR });
  expect(companies.ok()).toBe(true);
  const tenant = ((await companies.json()) as { data: Array<{ id: number }> }).data[0]!;
  const unit = `LE-${Date.now().toString(36).toUpperCase()}`;
  const street = 'Granby Street';
  const res = await page.request.post('/api/properties', {
    headers: XHR,
    data: {
      building_num: unit,
      tenant_id: tenant.id,
      lease_start_date: shift(0, -48),
      lease_end_date: shift(0, 72),
      break_date: shift(40, 6),
      security_of_tenure: 'inside_act',
      break_party: 'tenant',
      break_kind: 'fixed',
      break_notice_months: 6,
      review_interval_years: 5,
      address: { street, city: 'Leicester', post_code: 'LE1 6FB', country: 'United Kingdom' },
    },
  });
  expect(res.ok(), `creating the unit answered ${res.status()}: ${await res.text()}`).toBe(true);
  const id = ((await res.json()) as { data: { id: number } }).data.id;
  return { id, label: unit, street };
}

const setTheme = async (page: Page, theme: 'light' | 'dark') => {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBe(true);
};

/** Nothing half drawn: lists loaded, no tooltip fading in under the pointer. */
const settled = async (page: Page) => {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.mouse.move(0, 400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
};

/** The work list's row of our unit's event. */
const rowOf = (page: Page, unit: string, event: string): Locator =>
  page
    .getByRole('grid', { name: 'Lease events' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: new RegExp(unit) }) })
    .filter({ hasText: event });

test.afterEach(async ({ page }) => setTheme(page, 'light'));

test('as the agent: filter to hard events, open a break-notice deadline’s unit, start a Lease Renewal from the event', async ({
  page,
}) => {
  const unit = await letUnitWithBreak(page);

  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto('/lease-events');
    await expect(page.getByRole('heading', { level: 1, name: 'Lease Events' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const filters = page.getByRole('search', { name: 'Lease events filters' });
    const hardOnly = filters.getByRole('checkbox', { name: 'Hard only' });
    if (!(await hardOnly.isChecked())) {
      // From the keyboard: the box takes the focus, Space ticks it.
      await hardOnly.focus();
      await page.keyboard.press('Space');
    }
    await expect(hardOnly).toBeChecked();
    await filters.getByRole('textbox', { name: 'Town' }).fill('Leicester');
    const row = rowOf(page, unit.label, 'Break notice deadline');
    await expect(row).toBeVisible();
    await expect(row.getByText('Hard', { exact: true })).toBeVisible();
    // Hard only: every row carries the chip.
    const rows = page.getByRole('grid', { name: 'Lease events' }).getByRole('row');
    const n = await rows.count();
    for (let i = 1; i < n; i++) await expect(rows.nth(i).getByText('Hard', { exact: true })).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page), `/lease-events in the ${theme} theme`).toEqual([]);
    await shot(page, `lease-events-${theme}`);

    // The unit's view, from its link; its Lease events card.
    await row.getByRole('link', { name: new RegExp(unit.label) }).click();
    await expect(page).toHaveURL(new RegExp(`/properties\\?id=${unit.id}$`));
    const card = page.getByRole('region', { name: 'Lease events' });
    const upcoming = card.getByRole('table', { name: 'Upcoming lease events' });
    await expect(upcoming.getByRole('row').filter({ hasText: 'Break notice deadline' })).toBeVisible();
    await expect(upcoming.getByRole('row').filter({ hasText: 'Lease expiry' })).toBeVisible();
    // Done and Dismiss in one column, whether or not the row offers a New Letting (a rent review
    // does not; a break notice deadline does).
    const doneX = async (event: string) =>
      (await upcoming
        .getByRole('row')
        .filter({ hasText: event })
        .getByRole('button', { name: 'Done' })
        .boundingBox())!.x;
    expect(await doneX('Rent review')).toBe(await doneX('Break notice deadline'));
    await card.scrollIntoViewIfNeeded();
    await settled(page);
    expect(
      await seriousViolations(page, { include: 'section[aria-label="Lease events"]' }),
      `the Lease events card in the ${theme} theme`,
    ).toEqual([]);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/lease-events-card-${theme}.png` });
  }

  // Back on the list (its filters restored): Create Deal with the keyboard opens the renewal on the unit.
  await page.goto('/lease-events');
  const row = rowOf(page, unit.label, 'Break notice deadline');
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: 'Create Deal' }).focus();
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Add Deal - Lease Renewal/Re-gear' });
  await expect(wizard).toBeVisible();
  await expect(wizard.getByRole('textbox', { name: 'Street', exact: true })).toHaveValue(unit.street);
  expect(new URL(page.url()).searchParams.get('property_id')).toBe(String(unit.id));
  await page.keyboard.press('Escape');
  await expect(wizard).toBeHidden();
  // The tenant may break: the same row offers a New Letting on the unit.
  await row.getByRole('link', { name: 'New Letting' }).click();
  const letting = page.getByRole('dialog', { name: 'Add Deal - New Letting' });
  await expect(letting).toBeVisible();
  expect(new URL(page.url()).searchParams.get('property_id')).toBe(String(unit.id));
  await page.keyboard.press('Escape');
  await expect(letting).toBeHidden();

  // The card's Done: a hard event asks for a reason; given one, the event shows as done.
  await page.goto(`/properties?id=${unit.id}`);
  const card = page.getByRole('region', { name: 'Lease events' });
  const event = card.getByRole('row').filter({ hasText: 'Break notice deadline' });
  await event.getByRole('button', { name: 'Done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark done: Break notice deadline' });
  await dialog.getByRole('button', { name: 'Mark Done' }).click();
  await expect(dialog.getByText('A hard event needs a reason to be marked done or dismissed.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Tenant will not break: confirmed by letter');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(event.getByText('Done', { exact: true })).toBeVisible();
  await expect(event.getByText(/Tenant will not break/)).toBeVisible();
  await expect(event.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('as the agent: watch a unit from its view and find it in the profile’s Watching list, then stop', async ({
  page,
}) => {
  const unit = await letUnitWithBreak(page);
  await page.goto(`/properties?id=${unit.id}`);
  const watch = page.getByRole('button', { name: 'Watch', exact: true });
  await expect(watch).toBeEnabled();
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.focus();
  await page.keyboard.press('Enter');
  const watching = page.getByRole('button', { name: 'Watching', exact: true });
  await expect(watching).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/profile');
  const reminders = page.getByRole('region', { name: 'Lease event reminders' });
  await expect(
    reminders.getByRole('checkbox', { name: 'Units, schemes and companies I watch' }),
  ).toBeChecked();
  const list = reminders.getByRole('region', { name: /^Watching \(\d+\)$/ });
  const link = list.getByRole('link', { name: new RegExp(unit.label) });
  await expect(link).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.reload();
    await expect(link).toBeVisible();
    await settled(page);
    expect(
      await seriousViolations(page, { include: 'section[aria-labelledby="watching-heading"]' }),
      `the Watching list in the ${theme} theme`,
    ).toEqual([]);
    await shot(page, `profile-watching-${theme}`);
  }
  await list.getByRole('button', { name: new RegExp(`^Stop watching: ${unit.label}`) }).click();
  await expect(link).toBeHidden();
});
