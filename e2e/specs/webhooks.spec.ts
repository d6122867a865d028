import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { ADMIN, expect, seriousViolations, test } from '../fixtures';
import { acknowledgeAll, next, stepButton } from '../wizard';

/**
 * The /webhooks page (ADR 0098), as the admin, once per theme: add a webhook to a receiver this
 * spec runs on 127.0.0.1 (the server allows loopback for the suite), see its secret once, record
 * a deal in its wizard, see the delivery in the log, replay it and see the receiver get it again with the same
 * webhook-id. axe on the page, the dialogs and the log.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
test.use({ signedInAs: ADMIN });

const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const setTheme = async (page: Page, theme: 'light' | 'dark') => {
  const res = await page.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
  expect(res.ok()).toBe(true);
};

const received: Array<{ id: string; body: string }> = [];
let server: http.Server;
let port = 0;
test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ id: String(req.headers['webhook-id']), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
test.afterEach(async ({ page }) => setTheme(page, 'light'));

for (const theme of ['light', 'dark'] as const) {
  test(`as the admin (${theme}): add a webhook, record a deal, see the delivery, replay it`, async ({
    page,
  }) => {
    received.length = 0;
    await setTheme(page, theme);
    const path = `/hook-${theme}-${Date.now().toString(36)}`;
    const url = `http://127.0.0.1:${port}${path}`;
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect(await seriousViolations(page), `page in the ${theme} theme`).toEqual([]);

    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
    expect(await seriousViolations(page, { include: '[role="dialog"]' }), `add dialog, ${theme}`).toEqual([]);
    await shot(page, `webhooks-add-${theme}`);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^whsec_/);
    expect(await seriousViolations(page, { include: '[role="dialog"]' }), `secret dialog, ${theme}`).toEqual(
      [],
    );
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    // A deal, recorded in the Rent Review wizard opened on this page: the outbox takes it to the receiver.
    const props = await page.request.get('/api/properties?per_page=1', { headers: XHR });
    const property = ((await props.json()) as { data: Array<{ id: number }> }).data[0]!;
    await page.goto(`/webhooks?deal=rent_review&property_id=${property.id}&name=Review`);
    const wizard = page.getByRole('dialog', { name: 'Add Deal - Rent Review' });
    await expect(wizard).toBeVisible();
    await next(wizard);
    await next(wizard);
    await wizard.getByRole('textbox', { name: 'New Rent Pa' }).fill('61,000');
    await next(wizard);
    await wizard.getByRole('textbox', { name: 'Effective Date' }).fill('24062026');
    await stepButton(wizard, 'Review').click();
    await acknowledgeAll(wizard);
    await wizard.getByRole('button', { name: 'Finish' }).click();
    await expect(wizard).toBeHidden();
    await expect(page.getByText('Rent Review deal recorded.')).toBeVisible();
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(1);

    // The wizard's page load cleared the selection: open this webhook's log from its row.
    await page.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('grid', { name: `Deliveries to ${url}` });
    await expect(log).toBeVisible();
    const row = log.getByRole('row').filter({ hasText: 'deal.created' }).first();
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('200');
    expect(await seriousViolations(page), `log in the ${theme} theme`).toEqual([]);
    await shot(page, `webhooks-log-${theme}`);

    const messageId = received.find((r) => JSON.parse(r.body).type === 'deal.created')!.id;
    await row.getByRole('button', { name: /^Replay deal\.created/ }).click();
    await expect.poll(() => received.filter((r) => r.id === messageId).length).toBe(2);
    await expect(row).toContainText('2');

    // Leave nothing for the other theme's run or other specs: delete it.
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('dialog', { name: 'Delete webhook' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('cell', { name: new RegExp(path) })).toHaveCount(0);
  });
}
