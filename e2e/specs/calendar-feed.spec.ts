import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * The calendar feed from the profile (ADR 0090): the agent makes the subscribe URL, which a
 * calendar fetches with no cookie and gets an iCalendar; regenerated, the old URL is gone. axe on
 * the section in both themes.
 */
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const section = (page: Page) => page.getByRole('region', { name: 'Calendar feed' });

test.use({ signedInAs: AGENT });
test.describe.configure({ mode: 'serial' });

test('the agent creates the subscribe URL; a calendar reads it without a session; regenerated, the old one is gone', async ({
  page,
  playwright,
}) => {
  await page.goto('/profile');
  const feed = section(page);
  await expect(
    feed.getByText('Google may take up to a day to refresh a subscription.', { exact: false }),
  ).toBeVisible();
  // Start from no feed, whatever an earlier run left.
  expect((await page.request.delete('/api/settings/calendar-feed', { headers: XHR })).ok()).toBeTruthy();
  await page.reload();
  await feed.getByRole('button', { name: 'Create Feed URL' }).click();
  const field = feed.getByLabel('Feed URL');
  await expect(field).toHaveValue(/\/api\/calendar\/frf_[\w-]{43}\.ics$/);
  const url = await field.inputValue();

  // A calendar service: no cookie, no X-Requested-With.
  const calendar = await playwright.request.newContext();
  try {
    const res = await calendar.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');

    await feed.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate' }).click();
    await expect(field).not.toHaveValue(url);
    expect((await calendar.get(url)).status()).toBe(404);
    expect((await calendar.get(await field.inputValue())).status()).toBe(200);
  } finally {
    await calendar.dispose();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the Calendar feed section passes axe`, async ({ page }) => {
    expect(
      (await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } })).ok(),
    ).toBeTruthy();
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const feed = section(page);
    await expect(feed.getByRole('status')).toBeVisible();
    expect(await seriousViolations(page, { include: '#calendar-feed' })).toEqual([]);
    // The agent's theme as the other specs find it.
    await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
  });
}
