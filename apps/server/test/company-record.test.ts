/**
 * The company page's reads (ADR 0091): GET /api/companies/{id}/portfolio (+ export) and
 * /deals — every portfolio role, the role filter, sorts, paging and counts, deals by every party
 * role, archived units, permissions and hostile input. The timelines: company-activity.test.ts.
 */
import { PORTFOLIO_ROLES, type PortfolioItem, type RecordDealItem } from '@frontage/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRecordWorld, get, recordDeal, type RecordWorld } from './company-record.fixtures';
import { XHR, buildCompany, buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let w: RecordWorld;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  w = await buildRecordWorld(t);
});

const portfolio = async (query = '', cookie = w.cookies.agent) => {
  const res = await get(t, cookie, `/api/companies/${w.acme.id}/portfolio${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: PortfolioItem[];
    meta: { pagination: { total: number }; counts: Record<string, number> };
  };
};
const ids = (rows: Array<{ property_id: number }>) => rows.map((r) => r.property_id);

describe('GET /api/companies/{id}/portfolio', () => {
  it('lists every live unit where the company holds a role, one row per unit with all its roles', async () => {
    const page = await portfolio();
    const byId = new Map(page.data.map((r) => [r.property_id, r.roles]));
    expect(Object.fromEntries(byId)).toEqual({
      [w.u.tenant]: ['tenant'],
      [w.u.legal]: ['legal_tenant'],
      [w.u.landlord]: ['landlord'],
      [w.u.agentAndTenant]: ['tenant', 'landlord_agent'],
      [w.u.tenantAgent]: ['tenant_agent'],
    });
    // The archived unit (ADR 0078) and the stranger's unit are not in it, for anyone.
    expect(byId.has(w.u.archived)).toBe(false);
    expect((await portfolio('', w.cookies.admin)).data.map((r) => r.property_id)).not.toContain(w.u.archived);
    expect(page.meta.pagination.total).toBe(5);
    expect(page.meta.counts).toEqual({
      tenant: 2,
      legal_tenant: 1,
      landlord: 1,
      landlord_agent: 1,
      tenant_agent: 1,
    });
    const legal = page.data.find((r) => r.property_id === w.u.legal)!;
    expect(legal).toMatchObject({
      full_address: '2 Beta Street, York, LS1 1AA',
      town: 'York',
      post_code: 'LS1 1AA',
      tenant: { id: w.other.id, name: 'Other Co' },
      rent_pa: '30000.00',
      currency: 'GBP',
      lat: 53.8,
      lng: -1.5,
      scheme: null,
    });
    const first = page.data.find((r) => r.property_id === w.u.tenant)!;
    expect(first).toMatchObject({ building_num: 'Unit 1', lease_end_date: '2030-01-01' });
  });

  it('filters by any of the roles asked (comma list or repeated key); the counts stay those of every role', async () => {
    const landlordSide = await portfolio('?role=landlord,landlord_agent');
    expect(ids(landlordSide.data).sort()).toEqual([w.u.landlord, w.u.agentAndTenant].sort());
    expect(landlordSide.meta.pagination.total).toBe(2);
    expect(landlordSide.meta.counts.tenant).toBe(2);
    const stores = await portfolio('?role=tenant&role=legal_tenant');
    expect(ids(stores.data).sort()).toEqual([w.u.tenant, w.u.legal, w.u.agentAndTenant].sort());
    // A unit matching by one role still lists all of them.
    expect(stores.data.find((r) => r.property_id === w.u.agentAndTenant)!.roles).toEqual([
      'tenant',
      'landlord_agent',
    ]);
    for (const role of PORTFOLIO_ROLES) {
      const one = await portfolio(`?role=${role}`);
      expect(one.meta.pagination.total, role).toBe(one.meta.counts[role]);
      expect(
        one.data.every((r) => r.roles.includes(role)),
        role,
      ).toBe(true);
    }
  });

  it('sorts by address, town, rent, lease end and update, empty values last either way', async () => {
    expect(ids((await portfolio('?sort=town')).data)).toEqual([
      w.u.landlord, // Bath
      w.u.tenantAgent, // Derby
      w.u.agentAndTenant, // Hull
      w.u.tenant, // Leeds
      w.u.legal, // York
    ]);
    expect(ids((await portfolio('?sort=-town')).data)[0]).toBe(w.u.legal);
    expect(ids((await portfolio('?sort=address')).data)[0]).toBe(w.u.tenant);
    const rent = ids((await portfolio('?sort=-rent_pa')).data);
    expect(rent.slice(0, 3)).toEqual([w.u.legal, w.u.agentAndTenant, w.u.tenant]);
    expect(ids((await portfolio('?sort=rent_pa')).data).slice(0, 3)).toEqual([
      w.u.tenant,
      w.u.agentAndTenant,
      w.u.legal,
    ]);
    expect(ids((await portfolio('?sort=lease_end_date')).data).slice(0, 2)).toEqual([
      w.u.landlord,
      w.u.tenant,
    ]);
    expect(ids((await portfolio('?sort=-lease_end_date')).data).slice(0, 2)).toEqual([
      w.u.tenant,
      w.u.landlord,
    ]);
    expect((await portfolio('?sort=-updated_at')).data).toHaveLength(5);
  });

  it('pages with the exact total; past the last page, no rows and the same total and counts', async () => {
    const all = ids((await portfolio('?sort=town')).data);
    const pages = [];
    for (let p = 1; p <= 3; p++) {
      const page = await portfolio(`?sort=town&per_page=2&page=${p}`);
      expect(page.meta.pagination).toMatchObject({ total: 5, per_page: 2, current_page: p, total_pages: 3 });
      pages.push(...ids(page.data));
    }
    expect(pages).toEqual(all);
    const past = await portfolio('?per_page=2&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(5);
    expect(past.meta.counts.tenant).toBe(2);
  });

  it('answers a filter that matches nothing, and a company with no units, with their counts', async () => {
    const res = await get(t, w.cookies.agent, `/api/companies/${w.other.id}/portfolio?role=tenant_agent`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().meta.counts).toEqual({
      tenant: 2,
      legal_tenant: 0,
      landlord: 1,
      landlord_agent: 0,
      tenant_agent: 0,
    });
    const none = await buildCompany({ name: 'No Units Ltd' });
    const empty = await get(t, w.cookies.agent, `/api/companies/${none.id}/portfolio`);
    expect(empty.json().meta).toMatchObject({
      pagination: { total: 0, count: 0 },
      counts: { tenant: 0, legal_tenant: 0, landlord: 0, landlord_agent: 0, tenant_agent: 0 },
    });
  });

  it('exports the same filter and order as CSV', async () => {
    const res = await get(
      t,
      w.cookies.agent,
      `/api/companies/${w.acme.id}/portfolio/export?role=tenant,legal_tenant&sort=-rent_pa`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('3');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Unit,Address,Town,Post code,Scheme,Tenant,Roles,Rent pa,Currency,Lease end date');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('York');
    expect(lines[2]).toContain('Hull');
    expect(lines[3]).toContain('Leeds');
    expect(lines[3]).toContain('Tenant,10000.00,GBP,01/01/2030');
    expect(lines[2]).toContain('Tenant; Landlord agent');
  });
});

describe('GET /api/companies/{id}/deals and /api/users/{id}/deals', () => {
  /** Every role a company can hold on a deal (deal_parties), previous ones included. */
  const COMPANY_ROLES = [
    'tenant',
    'legal_tenant',
    'prev_tenant',
    'prev_legal_tenant',
    'landlord',
    'prev_landlord',
    'landlord_agent',
    'prev_landlord_agent',
    'tenant_agent',
    'prev_tenant_agent',
  ];
  const CONTACT_ROLES = [
    'landlord_contact',
    'landlord_agent_contact',
    'tenant_agent_contact',
    'tenant_contact',
    'prev_tenant_agent_contact',
    'prev_tenant_contact',
    'prev_landlord_contact',
    'prev_landlord_agent_contact',
  ];
  const deals = async (url: string, cookie = w.cookies.agent) => {
    const res = await get(t, cookie, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: RecordDealItem[]; meta: { pagination: { total: number } } };
  };

  it('lists a deal for every party role of the company, newest first, undated last, with its roles', async () => {
    const made: number[] = [];
    for (const [i, role] of COMPANY_ROLES.entries()) {
      made.push(
        await recordDeal(
          {
            deal_type: 'new_letting',
            property_id: w.u.tenant,
            effective_date: `2020-0${(i % 9) + 1}-1${i % 10}`,
            created_by: w.admin.id,
          },
          [
            { role, company_id: w.acme.id },
            { role: role === 'tenant' ? 'landlord' : 'tenant', company_id: w.other.id },
          ],
        ),
      );
    }
    const twoRoles = await recordDeal(
      { deal_type: 'sale', property_id: w.u.landlord, effective_date: '2024-02-01' },
      [
        { role: 'landlord', company_id: w.acme.id },
        { role: 'prev_landlord', company_id: w.acme.id },
      ],
    );
    const undated = await recordDeal(
      { deal_type: 'rent_review', property_id: w.u.legal, effective_date: null },
      [{ role: 'legal_tenant', company_id: w.acme.id }],
    );
    // On an archived unit: GET /api/deals keeps it (ADR 0078), so the company's deals do.
    const archived = await recordDeal(
      { deal_type: 'new_letting', property_id: w.u.archived, effective_date: '2019-01-01' },
      [{ role: 'tenant', company_id: w.acme.id }],
    );
    const strangers = await recordDeal(
      { deal_type: 'new_letting', property_id: w.u.stranger, effective_date: '2025-01-01' },
      [{ role: 'tenant', company_id: w.other.id }],
    );

    const page = await deals(`/api/companies/${w.acme.id}/deals?per_page=100`);
    expect(page.meta.pagination.total).toBe(COMPANY_ROLES.length + 3);
    const got = page.data.map((d) => d.id);
    expect(got).not.toContain(strangers);
    expect(got[0]).toBe(twoRoles);
    expect(got[got.length - 1]).toBe(undated);
    expect(got).toContain(archived);
    const dates = page.data.filter((d) => d.effective_date).map((d) => d.effective_date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.data.find((d) => d.id === twoRoles)!.roles).toEqual(['landlord', 'prev_landlord']);
    for (const [i, role] of COMPANY_ROLES.entries()) {
      expect(page.data.find((d) => d.id === made[i])!.roles, role).toEqual([role]);
    }
    // The row is the deals list's own row, plus the roles.
    const listed = (await deals(`/api/deals?property_id=${w.u.landlord}`)).data.find(
      (d) => d.id === twoRoles,
    )!;
    const { roles: _roles, ...row } = page.data.find((d) => d.id === twoRoles)!;
    expect(row).toEqual(listed);

    const paged: number[] = [];
    for (let p = 1; p <= 5; p++)
      paged.push(
        ...(await deals(`/api/companies/${w.acme.id}/deals?per_page=3&page=${p}`)).data.map((d) => d.id),
      );
    expect(paged).toEqual(got);
    expect((await deals(`/api/companies/${w.acme.id}/deals?page=50`)).meta.pagination.total).toBe(got.length);
  });

  it("lists a contact's deals by every contact role", async () => {
    const made = [];
    for (const [i, role] of CONTACT_ROLES.entries()) {
      made.push(
        await recordDeal(
          { deal_type: 'lease_renewal', property_id: w.u.tenant, effective_date: `2021-01-0${i + 1}` },
          [{ role, user_id: w.carl.id }],
        ),
      );
    }
    await recordDeal({ deal_type: 'lease_renewal', property_id: w.u.tenant, effective_date: '2022-01-01' }, [
      { role: 'tenant_contact', user_id: w.agent.id },
    ]);
    const page = await deals(`/api/users/${w.carl.id}/deals`);
    expect(page.data.map((d) => d.id)).toEqual([...made].reverse());
    expect(page.data.map((d) => d.roles[0])).toEqual([...CONTACT_ROLES].reverse());
  });
});

describe('permissions and hostile input', () => {
  const routes = (id: number | string) => [
    `/api/companies/${id}/portfolio`,
    `/api/companies/${id}/portfolio/export`,
    `/api/companies/${id}/deals`,
    `/api/companies/${id}/activity`,
  ];
  const contactRoutes = (id: number | string) => [`/api/users/${id}/deals`, `/api/users/${id}/activity`];

  it('needs a session; any signed-in user reads them', async () => {
    for (const url of [...routes(w.acme.id), ...contactRoutes(w.carl.id)]) {
      expect((await t.app.inject({ method: 'GET', url, headers: XHR })).statusCode, url).toBe(401);
      expect((await get(t, w.cookies.agent, url)).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for an unknown or merged-away company and an unknown contact', async () => {
    const dup = w.other.id;
    const merged = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${dup}/merge`,
      headers: { ...XHR, cookie: w.cookies.admin },
      payload: { target_id: w.acme.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    for (const url of [...routes(999_999), ...routes(dup), ...contactRoutes(999_999)]) {
      const res = await get(t, w.cookies.agent, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('msg');
    }
  });

  it('refuses bad ids, roles, sorts and page sizes with 422, never 500', async () => {
    const bad = [
      ...routes(2 ** 31),
      ...routes('abc'),
      ...routes(0),
      ...contactRoutes(2 ** 31),
      `/api/companies/${w.acme.id}/portfolio?role=owner`,
      `/api/companies/${w.acme.id}/portfolio?role=tenant%00`,
      `/api/companies/${w.acme.id}/portfolio?sort=price`,
      `/api/companies/${w.acme.id}/portfolio?per_page=0`,
      `/api/companies/${w.acme.id}/portfolio?per_page=101`,
      `/api/companies/${w.acme.id}/portfolio/export?role=${'tenant,'.repeat(40)}`,
      `/api/companies/${w.acme.id}/deals?page=0`,
      `/api/users/${w.carl.id}/deals?per_page=101`,
    ];
    for (const url of bad) {
      const res = await get(t, w.cookies.agent, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toHaveProperty('errors');
    }
  });
});
