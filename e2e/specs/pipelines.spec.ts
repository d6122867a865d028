import type { Page } from '@playwright/test';
import { AGENT, expect, seriousViolations, test } from '../fixtures';

/**
 * The /pipelines board: as the agent, an enquiry the agent recorded moves from
 * Interest to Under Offer with the keyboard alone (dnd-kit's keyboard drag) and is still there
 * after a reload; then it moves back with its Move menu. Screenshots and axe in both themes.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ signedInAs: AGENT });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: XHR });
  expect(res.ok(), `${path} answered ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** An enquiry at Interest recorded by the signed-in agent, from a retailer made for this test. */
async function agentsEnquiry(page: Page): Promise<{ id: number; retailer: string }> {
  const retailer = `Pipeline Retail ${Date.now()}`;
  const company = await page.request.post('/api/companies', { headers: XHR, multipart: { name: retailer } });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { data: { id: number } }).data.id;
  const properties = await api<{ data: { id: number }[] }>(
    page,
    '/api/properties?per_page=1&sort=-updated_at',
  );
  const created = await page.request.post('/api/enquiries', {
    headers: XHR,
    data: {
      property_id: properties.data[0]!.id,
      company_id: companyId,
      stage: 'interest',
      reason: 'relocation',
      received_at: '',
      size_from: 1200,
      size_to: 2400,
      rent_from: '45000.00',
      rent_to: '60000.00',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { data: { id: number } }).data.id, retailer };
}

const column = (page: Page, stage: string) => page.getByRole('list', { name: `${stage} enquiries` });

test('as the agent: move an enquiry from Interest to Under Offer with the keyboard; it stays after a reload', async ({
  page,
}) => {
  const { id, retailer } = await agentsEnquiry(page);

  await page.goto('/pipelines');
  await expect(page.getByRole('heading', { level: 1, name: 'Pipelines' })).toBeVisible();
  const card = column(page, 'Interest').getByRole('listitem', { name: retailer });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1,200–2,400 sq ft');
  await expect(card).toContainText('£45,000.00–£60,000.00');
  await expect(card).toContainText('Relocation · Today');
  await expect(card.getByRole('link', { name: retailer })).toHaveAttribute(
    'href',
    `/enquiries?id=${id}&type=enquiry`,
  );

  // Keyboard drag: space picks the card up, the right arrow carries it to the next stage, space drops it.
  const grip = card.getByRole('button', { name: `Drag ${retailer}` });
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`${retailer} is over Under Offer.`)).toBeAttached();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/enquiries/${id}`) && r.request().method() === 'PUT',
  );
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  expect((await saved).request().postDataJSON()).toEqual({ stage: 'under_offer' });
  await expect(column(page, 'Under Offer').getByRole('listitem', { name: retailer })).toBeVisible();
  await expect(column(page, 'Interest').getByRole('listitem', { name: retailer })).toHaveCount(0);

  await page.reload();
  await expect(column(page, 'Under Offer').getByRole('listitem', { name: retailer })).toBeVisible();
  await expect(column(page, 'Interest').getByRole('listitem', { name: retailer })).toHaveCount(0);
  const stored = await api<{ data: { stage: string } }>(page, `/api/enquiries/${id}`);
  expect(stored.data.stage).toBe('under_offer');

  // The card's Move menu, keyboard only, takes it back; the focus stays with the card.
  const moved = column(page, 'Under Offer').getByRole('listitem', { name: retailer });
  await moved.getByRole('button', { name: `Move ${retailer} to…` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: `Move ${retailer} to` })).toBeVisible();
  await page.keyboard.press('Enter'); // Interest, the first other stage
  const back = column(page, 'Interest').getByRole('listitem', { name: retailer });
  await expect(back).toBeVisible();
  await expect(back.getByRole('button', { name: `Move ${retailer} to…` })).toBeFocused();
  await expect
    .poll(async () => (await api<{ data: { stage: string } }>(page, `/api/enquiries/${id}`)).data.stage)
    .toBe('interest');
});

test('the board in both themes: screenshots and no serious or critical axe violations', async ({ page }) => {
  await agentsEnquiry(page);
  for (const theme of ['light', 'dark'] as const) {
    const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
    expect(res.ok()).toBeTruthy();
    await page.goto('/pipelines');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(column(page, 'Interest').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, `pipelines-${theme}`);
    expect(await seriousViolations(page), `/pipelines in the ${theme} theme`).toEqual([]);
  }
  await page.setViewportSize({ width: 420, height: 800 });
  await page.reload();
  await expect(column(page, 'Interest').getByRole('listitem').first()).toBeVisible();
  await shot(page, 'pipelines-narrow-dark');
  await page.request.put('/api/settings/theme', { headers: XHR, data: { theme: 'light' } });
});
