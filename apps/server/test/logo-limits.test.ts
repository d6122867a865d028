/**
 * A logo's dimensions are read from its header first and refused above the
 * pixel limit before any pixel is decoded; the decoding runs in an upload worker thread (ADR
 * 0070). The crafted file is the issue's: a 1,080-byte BMP declaring 6300 × 6300 pixels, which
 * was accepted on company create and logo upload at 1–3 s of event loop and ~300 MB each.
 */
import { COMPANY_MESSAGES } from '@frontage/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { companies } from '../src/db/schema';
import { uploadTasksRunning } from '../src/lib/workers/pool';
import { logoPart, multipart } from './companies.fixtures';
import { pngHeader, rleBmp } from './fixtures/hostile-files';
import {
  WAIT_MS,
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  tableFingerprint,
  testDb,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PW = 'logo-limits-password-1';
let agent: string;
let companyId: number;

beforeEach(async () => {
  await resetData();
  const agency = await buildCompany({ name: 'Savills' });
  companyId = agency.id;
  await buildUser({ email: 'agent@logos.test', password: PW, company_id: agency.id });
  agent = await sessionCookie(t.app, 'agent@logos.test');
});

const createWith = (data: Buffer, filename = 'logo.bmp', type = 'image/bmp') => {
  const form = multipart([['name', 'Bitmap Bomb Ltd']], [logoPart(data, filename, type)]);
  return t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: { ...XHR, cookie: agent, ...form.headers },
    payload: form.body,
  });
};

const uploadLogo = (data: Buffer, filename = 'logo.bmp', type = 'image/bmp') => {
  const form = multipart([], [logoPart(data, filename, type)]);
  return t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/logo`,
    headers: { ...XHR, cookie: agent, ...form.headers },
    payload: form.body,
  });
};

const me = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...XHR, cookie: agent } });
  expect(res.statusCode).toBe(200);
};

describe('logos are checked on their header before they are decoded', () => {
  it("refuses the issue's 1,080-byte BMP declaring 6300 × 6300 pixels, on create and on upload, storing nothing", async () => {
    const bomb = rleBmp(6300, 6300);
    expect(bomb.length).toBe(1080);
    const before = await tableFingerprint();
    for (const res of [await createWith(bomb), await uploadLogo(bomb)]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ logo: [COMPANY_MESSAGES.logoBmpTooManyPixels] });
    }
    expect(await tableFingerprint()).toEqual(before);
    await me();
  });

  it('refuses a PNG whose header declares more than 25 megapixels', async () => {
    const res = await uploadLogo(pngHeader(6000, 6000), 'logo.png', 'image/png');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ logo: [COMPANY_MESSAGES.logoTooManyPixels] });
  });

  it('ten BMP logos at once are decoded in the worker, one after another, while other requests are answered', async () => {
    // 3000 × 3000 (9 MP): within the BMP limit, so each is decoded in full.
    const bmp = rleBmp(3000, 3000);
    let settled = 0;
    const uploads = Array.from({ length: 10 }, () =>
      uploadLogo(bmp).finally(() => {
        settled++;
      }),
    );
    await vi.waitFor(() => expect(uploadTasksRunning()).toBe(1), { timeout: WAIT_MS });
    await me();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(settled).toBeLessThan(10);
    for (const res of await Promise.all(uploads)) expect(res.statusCode, res.body).toBe(200);
    const [row] = await (await testDb()).select().from(companies).where(eq(companies.id, companyId));
    expect(row!.logo_mime).toBe('image/png');
    expect(await sharp(row!.logo!).metadata()).toMatchObject({ format: 'png', width: 400, height: 400 });
  });
});
