import { ADMIN, AGENT, drawer, expect, login, logout, openHome, test } from '../fixtures';

// Signed in as the agent (the worker's session) unless a test opens a page of its own.
test.use({ signedInAs: AGENT });

const DRAWER_ORDER = [
  'My Properties',
  'Map',
  'Schemes',
  'Properties',
  'Companies',
  'Contacts',
  'Pipelines',
  'Enquiries',
  'Deals',
  'Lease Events',
  'Tracked Retailers (Admin)',
  'Tracked Retailers',
  'Gap Analysis (Beta)',
  'Imports',
  'Webhooks',
  'Documentation',
  'Support',
];

test('a visitor is sent to the login page', async ({ pageAs }) => {
  const page = await pageAs(null);
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('wrong credentials show a clear error and keep the visitor on /login', async ({ pageAs }) => {
  const page = await pageAs(null);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(AGENT.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin sees the admin drawer entry, in the spec order, and can open /core', async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await openHome(page);
  const entries = drawer(page).getByRole('link');
  await expect(entries).toHaveText(DRAWER_ORDER);
  await drawer(page).getByRole('link', { name: 'Tracked Retailers (Admin)' }).click();
  await expect(page).toHaveURL(/\/core$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tracked Retailers (Admin)' })).toBeVisible();
});

test('no drawer label is cut short, not even the bold active one', async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await openHome(page);
  await drawer(page).getByRole('link', { name: 'Tracked Retailers (Admin)' }).click();
  await expect(page).toHaveURL(/\/core$/);
  const labels = drawer(page).locator('.MuiListItemText-primary');
  await expect(labels).toHaveCount(DRAWER_ORDER.length);
  const cut = await labels.evaluateAll((els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
});

test('the agent has no admin entry and /core lands on /access-error', async ({ page }) => {
  await openHome(page);
  await expect(drawer(page).getByRole('link')).toHaveText(
    DRAWER_ORDER.filter((e) => e !== 'Tracked Retailers (Admin)' && e !== 'Webhooks'),
  );
  await page.goto('/core');
  await expect(page).toHaveURL(/\/access-error$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

test('the New Deal menu offers Tracked Retailer to admins only', async ({ page, pageAs }) => {
  await openHome(page);
  await page.getByRole('button', { name: 'New Deal' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Sale',
    'New Letting',
    'Sub-letting/Assignment',
    'Rent Review',
    'Lease Renewal/Re-gear',
  ]);
  await page.keyboard.press('Escape');

  const admin = await pageAs(ADMIN);
  await openHome(admin);
  await admin.getByRole('button', { name: 'New Deal' }).click();
  await expect(admin.getByRole('menuitem', { name: 'Tracked Retailer' })).toBeVisible();
  await admin.getByTestId('tracked-retailer-deal').hover();
  await expect(admin.getByRole('tooltip')).toHaveText(
    'Use if you know that the tenant has changed, but are not sure why.',
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the avatar shows at most two initials', async ({ page }) => {
  await openHome(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText('JP');
});

test('the theme choice survives a reload and a new login', async ({ page }) => {
  await openHome(page);
  const theme = () => page.locator('html').getAttribute('data-theme');
  const before = await theme();
  const next = before === 'dark' ? 'light' : 'dark';
  await page.getByRole('button', { name: `Switch to ${next} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', next);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Properties' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', next);
  // Put it back so other tests start from the seeded state.
  await page.getByRole('button', { name: `Switch to ${before === 'dark' ? 'dark' : 'light'} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', before ?? 'light');
});

test('logout returns to /login and the back button does not reveal data', async ({ pageAs }) => {
  // Signed in through the form: signing out ends the session it made, not the worker's.
  const page = await pageAs(null);
  await login(page, AGENT);
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(AGENT.name);
  await logout(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(AGENT.name)).toHaveCount(0);
  // The old session is gone on the server too.
  const me = await page.request.get('/api/auth/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(me.status()).toBe(401);
});

test('the bell shows the unread count and leads to the notifications page', async ({ page }) => {
  await openHome(page);
  const unread = await page.request.get('/api/notifications/unread-count', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const { unread_count } = (await unread.json()) as { unread_count: number };
  expect(unread_count).toBeGreaterThan(0);
  const bell = page.getByRole('link', { name: 'Notifications' });
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread_count} unread`);
  await expect(page.getByTestId('notifications-unread-count')).toHaveText(String(unread_count));
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-item').first()).toHaveAttribute('data-unread', 'false');
});
