import type { Company, User } from '@frontage/shared';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';

export const makeCompany = (overrides: Partial<Company> = {}): Company => ({
  id: 10,
  name: 'Boots',
  core_id: null,
  domain: 'boots.com',
  phone: null,
  categories: [],
  logo: null,
  is_verified: false,
  verified_at: null,
  scraper: null,
  created_at: '2026-01-01T09:00:00Z',
  updated_at: '2026-01-01T09:00:00Z',
  ...overrides,
});

export const makeContact = (overrides: Partial<User> = {}): User =>
  makeUser({
    id: 50,
    name: 'Carla Contact',
    email: 'carla@boots.com',
    company_id: null,
    company: null,
    ...overrides,
  });

export const page = <T>(data: T[]) => ({
  data,
  meta: {
    pagination: { total: data.length, count: data.length, per_page: 100, current_page: 1, total_pages: 1 },
  },
});

/** GET /api/companies/ answering with the companies whose name contains `q`. */
export const companySearch =
  (companies: Company[]): FakeHandler =>
  (req: FakeRequest) => {
    const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
    return json(200, page(companies.filter((c) => c.name.toLowerCase().includes(q))));
  };

/** The entries of a multipart body, as [name, value] with files as their names. */
export const formEntries = (body: unknown): [string, string][] =>
  body instanceof FormData
    ? [...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])
    : [];
