import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema';
import { reencodeLogo } from '../../src/lib/images';
import { logoPart, multipart, pngImage } from '../companies.fixtures';
import { rleBmp } from '../fixtures/hostile-files';
import { buildCompany, testConfig, testDb } from '../helpers';
import type { MatrixCases, MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
/** The master-entity rule on company A: its own member and admins may, others may not. */
const master = { anonymous: 401, admin: 200, same_company: 200, other_company: 403 };
const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };

const pngBase64 = async () => ({ png: (await pngImage(60, 40)).toString('base64') });

export const rows: MatrixRows = {
  'GET /api/companies': { url: () => '/api/companies?q=company', expect: signedIn(200) },
  'GET /api/companies/export': { url: () => '/api/companies/export', expect: signedIn(200) },
  'GET /api/companies/by-domain': {
    url: (w) => `/api/companies/by-domain?domain=${w.companyA.domain}`,
    expect: signedIn(200),
  },
  'GET /api/companies/similar': {
    url: (w) =>
      `/api/companies/similar?name=${encodeURIComponent(w.companyA.name)}&domain=${w.companyA.domain}`,
    expect: signedIn(200),
  },
  'GET /api/company-categories': { url: () => '/api/company-categories', expect: signedIn(200) },
  'POST /api/companies': {
    setup: pngBase64,
    url: () => '/api/companies',
    payload: (_w, made) =>
      multipart(
        [
          ['name', 'Matrix Retail'],
          ['domain', 'matrix.example'],
        ],
        [logoPart(Buffer.from(String(made.png), 'base64'))],
      ),
    expect: signedIn(201),
  },
  'GET /api/companies/{id}': {
    url: (w) => `/api/companies/${w.companyA.id}?include=scraper`,
    expect: signedIn(200),
  },
  'PUT /api/companies/{id}': {
    url: (w) => `/api/companies/${w.companyA.id}`,
    body: { name: 'Company A Renamed' },
    expect: master,
  },
  'DELETE /api/companies/{id}': {
    setup: async () => ({ id: (await buildCompany({ name: 'Doomed' })).id }),
    url: (_w, made) => `/api/companies/${made.id}`,
    expect: adminOnly,
  },
  'GET /api/companies/{id}/logo': {
    setup: async (w) => {
      const img = await reencodeLogo(await pngImage(60, 40), testConfig().uploads);
      await (
        await testDb()
      )
        .update(companies)
        .set({ logo: img.bytes, logo_mime: img.mime, logo_etag: img.etag })
        .where(eq(companies.id, w.companyA.id));
      return {};
    },
    url: (w) => `/api/companies/${w.companyA.id}/logo`,
    expect: signedIn(200),
  },
  'POST /api/companies/{id}/logo': {
    setup: pngBase64,
    url: (w) => `/api/companies/${w.companyA.id}/logo`,
    payload: (_w, made) => multipart([], [logoPart(Buffer.from(String(made.png), 'base64'))]),
    expect: master,
  },
  'DELETE /api/companies/{id}/logo': { url: (w) => `/api/companies/${w.companyA.id}/logo`, expect: master },
  'PUT /api/companies/{id}/verification': {
    url: (w) => `/api/companies/${w.companyA.id}/verification`,
    body: { is_verified: true },
    expect: adminOnly,
  },
  'POST /api/companies/{id}/merge': {
    setup: async () => ({ id: (await buildCompany({ name: 'Company A (duplicate)' })).id }),
    url: (_w, made) => `/api/companies/${made.id}/merge`,
    body: (w) => ({ target_id: w.companyA.id }),
    expect: adminOnly,
  },
};

/** A domain another company holds is refused (ADR 0072), after the same permission checks. */
const holder = async () => ({ id: (await buildCompany({ name: 'Space NK', domain: 'spacenk.com' })).id });

export const cases: MatrixCases = {
  'POST /api/companies — a domain another company holds': {
    setup: holder,
    url: () => '/api/companies',
    body: { name: 'Not Space NK', domain: 'SpaceNK.com' },
    expect: signedIn(422),
  },
  'PUT /api/companies/{id} — a domain another company holds': {
    setup: holder,
    url: (w) => `/api/companies/${w.companyA.id}`,
    body: { name: 'Company A', domain: 'https://www.spacenk.com/' },
    expect: { ...master, admin: 422, same_company: 422 },
  },
  // The 1,080-byte BMP claiming 6300 × 6300 pixels: refused from its header (ADR 0070).
  'POST /api/companies — a BMP logo declaring 6300 × 6300 pixels': {
    url: () => '/api/companies',
    payload: () =>
      multipart([['name', 'Bitmap Bomb']], [logoPart(rleBmp(6300, 6300), 'logo.bmp', 'image/bmp')]),
    expect: signedIn(422),
  },
  'POST /api/companies/{id}/logo — a BMP declaring 6300 × 6300 pixels': {
    url: (w) => `/api/companies/${w.companyA.id}/logo`,
    payload: () => multipart([], [logoPart(rleBmp(6300, 6300), 'logo.bmp', 'image/bmp')]),
    expect: { ...master, admin: 422, same_company: 422 },
  },
};
