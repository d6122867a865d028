/**
 * Screenshots of the offline basemap on /map at UK, city and street zoom in both themes, for a
 * look after a change to the basemap. Against a running server with the demo data:
 * `BASE_URL=http://127.0.0.1:3404 SHOTS_DIR=/tmp/shots node --import tsx bench/map-shots.ts`.
 */
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3210';
const dir = process.env.SHOTS_DIR ?? '.';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const VIEWS = {
  uk: { center: { lat: 54.2, lng: -2.6 }, zoom: 5.5 },
  region: { center: { lat: 53.6, lng: -1.9 }, zoom: 8 },
  city: { center: { lat: 53.48, lng: -2.24 }, zoom: 11 },
  street: { center: { lat: 53.481, lng: -2.242 }, zoom: 15 },
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const login = await context.request.post('/api/auth/login', {
    headers: XHR,
    data: { email: 'admin@example.com', password: 'demo-admin-2026' },
  });
  if (!login.ok()) throw new Error(`sign-in: ${login.status()}`);
  const page = await context.newPage();
  for (const theme of ['light', 'dark'] as const) {
    await context.request.put('/api/settings/theme', { headers: XHR, data: { theme } });
    for (const [name, view] of Object.entries(VIEWS)) {
      await context.request.put('/api/ui-state/map', { headers: XHR, data: { state: view } });
      await page.goto('/map');
      await page.locator('canvas.maplibregl-canvas').waitFor();
      await page.waitForLoadState('networkidle');
      const noVideo = page.getByRole('button', { name: 'No Thank You' });
      if (await noVideo.isVisible()) await noVideo.click();
      // The basemap's names are placed after its data is in: wait for the map to be idle.
      await page.waitForFunction(
        () =>
          !(
            globalThis as unknown as { document: { querySelector: (s: string) => unknown } }
          ).document.querySelector('[aria-busy="true"]'),
      );
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${dir}/map-${name}-${theme}.png` });
    }
  }
} finally {
  await browser.close();
}
