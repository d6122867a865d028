import type { Locator, Page } from '@playwright/test';
import { ADMIN, AGENT, expect, openHome, test } from '../fixtures';

/**
 * Comments on the real server with demo data: an agent mentions the admin using only the
 * keyboard; the admin, already signed in elsewhere, sees the bell rise over the live stream (no
 * reload) and follows the notification back to the comment. Then the panel's editing rules: one
 * edit at a time, delete after confirmation, the empty text and Save disabled for whitespace.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface PropertyRow {
  id: number;
  building_num: string | null;
  address: { street: string | null; full_address: string } | null;
}

/** The first seeded property (most recently updated first) that has no comments yet. */
async function propertyWithoutComments(page: Page): Promise<PropertyRow> {
  const list = await api<{ data: PropertyRow[] }>(
    page,
    '/api/properties?per_page=50&include=address&sort=-updated_at',
  );
  for (const p of list.data) {
    const c = await api<{ meta: { pagination: { total: number } } }>(
      page,
      `/api/comments?entity_type=property&entity_id=${p.id}`,
    );
    if (c.meta.pagination.total === 0) return p;
  }
  throw new Error('no seeded property without comments among the first 50');
}

const commentsPanel = (page: Page) => page.getByRole('region', { name: 'Comments' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Write a comment' });
const commentItems = (page: Page) => page.getByTestId('comment');
const saveButton = (panel: Locator) => panel.getByRole('button', { name: 'Save', exact: true }).first();

/** Tabs forward from the top of the page until the compose box has the focus. */
async function tabToComposer(page: Page) {
  await page.locator('body').focus();
  for (let i = 0; i < 150; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    if (label === 'Write a comment') return;
  }
  throw new Error('the compose box cannot be reached with Tab');
}

test('an agent mentions the admin with the keyboard; the admin is told live and opens the comment', async ({
  page,
  pageAs,
}) => {
  // The admin is already signed in, on My Properties, in a browser of their own.
  const admin = await pageAs(ADMIN);
  await openHome(admin);
  const bellCount = admin.getByTestId('notifications-unread-count');
  const before = Number(
    (await api<{ unread_count: number }>(admin, '/api/notifications/unread-count')).unread_count,
  );
  expect(before, 'the seed leaves the admin fewer than 99 unread').toBeLessThan(99);
  await expect(bellCount).toHaveText(String(before));
  // Survives only while the page is not reloaded.
  await admin.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  const property = await propertyWithoutComments(page);
  await page.goto(`/properties?id=${property.id}`);
  const panel = commentsPanel(page);
  await expect(panel.getByText('No comments yet, be the first to comment')).toBeVisible();

  // Keyboard only from here: Tab into the box, type, '@', arrows, Enter, Tab to Save, Enter.
  await tabToComposer(page);
  await page.keyboard.type('Please check the rent review @Alex Mor');
  const listbox = page.getByRole('listbox', { name: 'Mention suggestions' });
  await expect(listbox.getByRole('option').filter({ hasText: ADMIN.name })).toBeVisible();
  await expect(page.getByTestId('mention-popup')).toHaveCSS('width', '550px');
  await shot(page, 'comments-mention-popup');
  const options = listbox.getByRole('option');
  const names = await options.allTextContents();
  const target = names.findIndex((n) => n.startsWith(ADMIN.name) && n.endsWith('Contact'));
  expect(target, `the admin among ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  for (let i = 0; i < target; i += 1) await page.keyboard.press('ArrowDown');
  await expect(options.nth(target)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mention-popup')).toBeHidden();
  await page.keyboard.type('before Friday.');
  await page.keyboard.press('Tab');
  await expect(saveButton(panel)).toBeFocused();
  await page.keyboard.press('Enter');

  const posted = commentItems(page).first();
  await expect(posted).toContainText('Please check the rent review');
  await expect(posted).toContainText(AGENT.name);
  const mention = posted.getByRole('link', { name: `@${ADMIN.name}` });
  await expect(mention).toHaveAttribute('href', '/users?id=1');
  await expect(composer(page)).toHaveText('');
  await expect(saveButton(panel)).toBeDisabled();
  await shot(page, 'comments-posted');

  // The admin's bell rises over the live stream, without a reload.
  await expect(bellCount).toHaveText(String(before + 1));
  expect(await admin.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  await admin.getByRole('link', { name: /^Notifications/ }).click();
  await expect(admin).toHaveURL(/\/notifications$/);
  const note = admin
    .getByTestId('notification-item')
    .filter({ hasText: `${AGENT.name} mentioned you on` })
    .first();
  await expect(note).toHaveAttribute('data-unread', 'true');
  await note.click();
  await expect(admin).toHaveURL(new RegExp(`/properties\\?id=${property.id}$`));
  const seen = admin.getByTestId('comment').filter({ hasText: 'Please check the rent review' });
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('link', { name: `@${ADMIN.name}` })).toBeVisible();
});

test('edit one comment at a time, delete after confirmation, empty text and whitespace', async ({ page }) => {
  const property = await propertyWithoutComments(page);
  await page.goto(`/properties?id=${property.id}`);
  const panel = commentsPanel(page);
  await expect(panel.getByText('No comments yet, be the first to comment')).toBeVisible();

  // Whitespace only: Save stays disabled.
  await composer(page).click();
  await page.keyboard.type('    ');
  await expect(saveButton(panel)).toBeDisabled();
  await page.keyboard.press('Enter');
  await page.keyboard.type('   ');
  await expect(saveButton(panel)).toBeDisabled();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');

  for (const text of ['First note on the lease', 'Second note on the rates']) {
    await composer(page).click();
    await page.keyboard.type(text);
    await expect(saveButton(panel)).toBeEnabled();
    await saveButton(panel).click();
    await expect(commentItems(page).filter({ hasText: text })).toBeVisible();
  }
  await expect(panel.getByText('No comments yet, be the first to comment')).toBeHidden();
  // Newest first.
  await expect(commentItems(page)).toHaveText([/Second note on the rates/, /First note on the lease/]);

  // One edit at a time: while one is open the other comment's edit icon is disabled.
  // By position (newest first): their text changes while editing.
  const second = commentItems(page).nth(0);
  const first = commentItems(page).nth(1);
  await first.getByRole('button', { name: 'Edit comment' }).click();
  const editBox = page.getByRole('textbox', { name: 'Edit comment' });
  await expect(editBox).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Edit comment' })).toHaveCount(1);
  await expect(second.getByRole('button', { name: 'Edit comment' })).toBeDisabled();
  await page.keyboard.type(' (checked)');
  await shot(page, 'comments-editing');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(editBox).toBeHidden();
  await expect(commentItems(page).filter({ hasText: 'First note on the lease (checked)' })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Edit comment' })).toBeEnabled();
  const stored = await api<{ data: { content: string }[] }>(
    page,
    `/api/comments?entity_type=property&entity_id=${property.id}`,
  );
  expect(stored.data.map((c) => c.content)).toContain('<p>First note on the lease (checked)</p>');

  // Emptying the edit disables its Save; Cancel keeps the stored text.
  await second.getByRole('button', { name: 'Edit comment' }).click();
  // The editor takes focus once it has mounted; select-all only works from there.
  await expect(page.getByRole('textbox', { name: 'Edit comment' })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('  ');
  await expect(second.getByRole('button', { name: 'Save' })).toBeDisabled();
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toContainText('Second note on the rates');

  // Delete asks first; No keeps the comment, Yes removes it.
  await second.getByRole('button', { name: 'Delete comment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete comment' });
  await expect(confirm).toContainText('Are you sure you want to delete this comment?');
  await shot(page, 'comments-delete-confirm');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Delete comment' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(commentItems(page)).toHaveCount(1);
  await expect(commentItems(page).first()).toContainText('First note on the lease (checked)');

  await commentItems(page).first().getByRole('button', { name: 'Delete comment' }).click();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByText('No comments yet, be the first to comment')).toBeVisible();
  const after = await api<{ meta: { pagination: { total: number } } }>(
    page,
    `/api/comments?entity_type=property&entity_id=${property.id}`,
  );
  expect(after.meta.pagination.total).toBe(0);
});

test('screenshots of the panel in both themes', async ({ page }) => {
  test.skip(!SHOTS, 'set E2E_SHOTS_DIR to take screenshots');
  const list = await api<{ data: { entity_id: number }[] }>(page, '/api/comments/search-entity?q=Alex');
  expect(list.data.length).toBeGreaterThan(0);
  const property = await propertyWithoutComments(page);
  for (const text of [
    '<p>Spoke to the landlord about the break clause. <span data-type="mention" data-entity-type="user" data-entity-id="1">@Alex Morgan</span> can you confirm the date?</p>',
    '<p>Rent review agreed at <strong>£14,300</strong> pa.</p><ul><li>Incentive: 3 months</li><li>Service charge capped</li></ul>',
  ]) {
    const res = await page.request.post('/api/comments', {
      headers: XHR,
      data: { content: text, entity_id: property.id, entity_type: 'property', links: [] },
    });
    expect(res.status()).toBe(201);
  }
  for (const theme of ['light', 'dark'] as const) {
    const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
    expect(res.ok()).toBeTruthy();
    await page.goto(`/properties?id=${property.id}`);
    await expect(commentItems(page)).toHaveCount(2);
    await commentsPanel(page).scrollIntoViewIfNeeded();
    await shot(page, `comments-view-${theme}`);
    await composer(page).click();
    await page.keyboard.type('Ask @Alex');
    await expect(page.getByRole('listbox', { name: 'Mention suggestions' })).toBeVisible();
    await shot(page, `comments-popup-${theme}`);
    await page.keyboard.press('Escape');
    await commentItems(page).first().getByRole('button', { name: 'Delete comment' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete comment' })).toBeVisible();
    await shot(page, `comments-delete-${theme}`);
    await page.keyboard.press('Escape');
  }
  await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
});
