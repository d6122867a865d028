import { request, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, expect, logout, seriousViolations, test } from '../fixtures';

/**
 * What's New (spec A §2, §4; ADR 0061): the agent sees news written after their last activity
 * once; closing marks it seen and the next sign-in shows nothing. axe on the dialog and on the
 * admin's News tab (/core?tab=news) in both themes. The items this file writes are deleted at the
 * end, so the specs after it sign in without the dialog.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.E2E_SHOTS_DIR;

/** Today in the UK as yyyy-mm-dd (the suite's browser and the server agree on Europe/London). */
const ukToday = () => {
  const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' })
    .format(new Date())
    .split('/');
  return `${y}-${m}-${d}`;
};

const apiAs = async (baseURL: string, who: { email: string; password: string }) => {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: XHR });
  const res = await api.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.ok()).toBe(true);
  return api;
};

const created: number[] = [];
const writeNews = async (admin: APIRequestContext, title: string) => {
  const res = await admin.post('/api/core/news', {
    data: {
      title,
      published_on: ukToday(),
      description: `${title}: what changed`,
      body: 'First paragraph.\n\nSecond.',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  created.push(((await res.json()) as { data: { id: number } }).data.id);
};

/** Signs in through the form; resolves with the What's New answer the shell asked for. */
const signIn = async (page: Page, who: { email: string; password: string }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/news/whats-new'));
  await page.getByRole('button', { name: 'Log in' }).click();
  return (await (await asked).json()) as { data: Array<{ title: string }> };
};

const whatsNew = (page: Page) => page.getByRole('dialog', { name: "What's New" });

test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
test.beforeAll(async ({ serverURL }) => {
  admin = await apiAs(serverURL, ADMIN);
});
test.afterAll(async () => {
  for (const id of created) await admin.delete(`/api/core/news/${id}`);
  // What the News tab test wrote, if it stopped half way.
  const left = (await (await admin.get('/api/core/news')).json()) as {
    data: Array<{ id: number; title: string }>;
  };
  for (const n of left.data.filter((i) => i.title.startsWith('Keyboard news')))
    await admin.delete(`/api/core/news/${n.id}`);
  await admin.dispose();
});

test("the agent sees What's New once; after closing it, not on the next sign-in", async ({
  page,
  baseURL,
}) => {
  const agentApi = await apiAs(baseURL!, AGENT);
  try {
    for (const theme of ['light', 'dark'] as const) {
      await agentApi.put('/api/settings/theme', { data: { theme } });
      await writeNews(admin, `Release notes (${theme})`);

      const answer = await signIn(page, AGENT);
      expect(answer.data.map((i) => i.title)).toEqual([`Release notes (${theme})`]);
      const dialog = whatsNew(page);
      await expect(dialog).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(dialog.getByRole('heading', { name: `Release notes (${theme})` })).toBeVisible();
      await expect(dialog.getByText('Second.')).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/whats-new-${theme}.png` });
      expect(await seriousViolations(page, { include: '[role="dialog"]' }), theme).toEqual([]);

      const seen = page.waitForResponse((r) => r.url().endsWith('/api/news/seen'));
      if (theme === 'light') await dialog.getByRole('button', { name: 'Close' }).click();
      else await page.keyboard.press('Escape');
      expect((await seen).ok()).toBe(true);
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();

      await logout(page);
      const again = await signIn(page, AGENT);
      expect(again.data).toEqual([]);
      await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
      await expect(whatsNew(page)).toHaveCount(0);
      await logout(page);
    }
  } finally {
    await agentApi.put('/api/settings/theme', { data: { theme: 'light' } });
    await agentApi.dispose();
  }
});

test('the News tab of /core: create, edit and delete by keyboard; no axe violation in either theme', async ({
  pageAs,
}) => {
  const adminApi = admin;
  // The admin has read the items the test above wrote (they are removed at the end anyway): seen
  // holds for every session of the admin, the worker's too.
  await adminApi.post('/api/news/seen');
  const page = await pageAs(ADMIN);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/news/whats-new'));
  await page.goto('/core?tab=news');
  expect(((await (await asked).json()) as { data: unknown[] }).data).toEqual([]);
  await expect(page.getByRole('tab', { name: 'News', selected: true })).toBeVisible();
  // The seeded items fill the table (before any write: a fading success notice would fool axe).
  await expect(page.getByRole('row', { name: /Map layers/ })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    if ((await page.locator('html').getAttribute('data-theme')) !== theme)
      await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.mouse.move(0, 400);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/core-news-${theme}.png` });
    expect(await seriousViolations(page), `/core?tab=news in the ${theme} theme`).toEqual([]);
  }
  await page.getByRole('button', { name: 'Switch to light theme' }).click();

  await page.getByRole('button', { name: 'New news item' }).click();
  const form = page.getByRole('dialog', { name: 'New news item' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Keyboard news');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('textbox', { name: 'Publish date' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Description' }).fill('Written with the keyboard');
  // Escape with typed input asks first.
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Keep editing' })
    .click();
  await form.getByRole('textbox', { name: 'Description' }).press('Enter');
  await expect(form).toHaveCount(0);
  const row = page.getByRole('row', { name: /Keyboard news/ });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Edit Keyboard news' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit news item' });
  await edit.getByRole('textbox', { name: 'Title' }).fill('Keyboard news, edited');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Keyboard news, edited/ })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Keyboard news, edited' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('row', { name: /Keyboard news/ })).toHaveCount(0);
});
