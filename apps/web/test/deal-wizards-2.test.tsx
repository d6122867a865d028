import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { LEASE_TERM_KEYS, type Property } from '@frontage/shared';
import { DealWizardHost } from '../src/features/deals/DealWizardHost';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { party, property, scheme } from './placesFixtures';
import { makeCompany, page } from './companiesFixtures';
import { fillFromProperty } from '../src/features/deals/form/dealForm';
import { copyTenantSide } from '../src/features/deals/form/dealRules';

/**
 * The sale, sub-letting and new letting wizards: the Sale (its steps by mode and sale type, the clearing rules, a scheme's
 * update, its validation and tooltips), the Sub-letting/Assignment (the previous → new copy rule)
 * and the New Letting (the spec's field names), and a wizard opened on a scheme.
 */

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

beforeAll(() => {
  // jsdom has no layout: ProseMirror (the comment editor) asks ranges for rectangles.
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

const BOOTS = party(7, 'Boots');
const BOOTS_LEGAL = party(6, 'Boots UK Ltd');
const LANDSEC = { ...party(8, 'Landsec'), is_verified: true, verified_at: '2026-03-01T00:00:00Z' };
const CBRE = party(9, 'CBRE');
const TENANT_CONTACT = {
  id: 21,
  name: 'Tess Tenant',
  email: null,
  company_id: 7,
  company: { id: 7, name: 'Boots' },
};
const UNIT = property(12, {
  currency: 'EUR',
  planning: 'A1',
  rent_pa: '45000.50',
  rent_sqft: '30.00',
  tenant_id: 7,
  tenant: BOOTS,
  legal_tenant_id: 6,
  legal_tenant: BOOTS_LEGAL,
  tenant_contacts: [TENANT_CONTACT],
  tenant_agents: [CBRE],
  landlords: [LANDSEC],
  landlord_agents: [party(10, 'Knight Frank')],
  lease_end_date: '2034-01-31',
  security_of_tenure: 'inside_act',
  break_notice_months: 6,
}) as unknown as Property;
const SUPERDRUG = makeCompany({ id: 30, name: 'Superdrug' });
const SUPERDRUG_LEGAL = makeCompany({ id: 31, name: 'Superdrug Stores plc' });
const BRITISH_LAND = makeCompany({ id: 32, name: 'British Land' });

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 0 } },
};

const companies: FakeHandler = (req) => {
  const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
  return json(
    200,
    page([SUPERDRUG, SUPERDRUG_LEGAL, BRITISH_LAND].filter((c) => c.name.toLowerCase().includes(q))),
  );
};

function open(path: string, routes: Record<string, FakeHandler> = {}) {
  const posts: Array<Record<string, unknown>> = [];
  // The wizard as the shell renders it: its host reads the route (?deal=) over any page.
  const app = renderRoute(path, {
    user: makeUser({ currency: 'USD' } as never),
    beside: <DealWizardHost />,
    routes: {
      'GET /api/properties/12': () => json(200, { data: UNIT }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/properties/12/deals': () => json(200, emptyPage),
      'GET /api/properties': () => json(200, emptyPage),
      'GET /api/schemes': () => json(200, page([scheme(5)])),
      'GET /api/schemes/5': () => json(200, { data: scheme(5) }),
      'GET /api/comments': () => json(200, emptyPage),
      'GET /api/companies': companies,
      'POST /api/deals': (req) => {
        posts.push(req.body as Record<string, unknown>);
        return json(201, { data: { id: 501 } });
      },
      ...routes,
    },
  });
  return { ...app, posts };
}

const wizardNamed = (name: string) => screen.findByRole('dialog', { name });
const tabs = (wizard: HTMLElement) => within(wizard).getAllByRole('tab');
const labels = (wizard: HTMLElement) => tabs(wizard).map((t) => t.textContent?.replace(/^\d+/, ''));
const tab = (wizard: HTMLElement, label: string) => tabs(wizard).find((t) => t.textContent?.includes(label))!;

async function choose(user: UserEvent, wizard: HTMLElement, field: string, option: string) {
  await user.click(within(wizard).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Picks a company in a picker by typing its name and clicking the option. */
async function pick(user: UserEvent, scope: HTMLElement, field: string, name: string) {
  await user.type(within(scope).getByRole('combobox', { name: field }), name.slice(0, 5));
  await user.click(await screen.findByRole('option', { name: new RegExp(`${name}$`) }));
}

/** Opens the Review step and acknowledges each of its warnings ("Record anyway"). */
async function review(user: UserEvent, wizard: HTMLElement) {
  await user.click(tab(wizard, 'Review'));
  for (const box of within(wizard).queryAllByRole('checkbox', { name: 'Record anyway' }))
    if (!(box as HTMLInputElement).checked) await user.click(box);
}

async function finish(user: UserEvent, wizard: HTMLElement, posts: unknown[]) {
  await review(user, wizard);
  await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
  await waitFor(() => expect(posts).toHaveLength(1));
}

const TENANCY = [
  'tenant_id',
  'legal_tenant_id',
  'tenant_agents',
  'tenant_agent_contacts',
  'tenant_contacts',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'rent_review_clause',
  'break_date',
  'break_clause',
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'incentive',
  ...LEASE_TERM_KEYS,
];

describe('the sale wizard', () => {
  it('has 5 steps and the Review for a property until it is sold as an investment, then Tenancy/Lease information too', async () => {
    const { user } = open('/properties?deal=sale&property_id=12&name=Unit%209');
    const wizard = await wizardNamed('Add Deal - Sale');
    expect(await within(wizard).findByRole('textbox', { name: 'Planning' })).toHaveValue('A1');
    const five = [
      'Select a Property that has been Sold',
      'Check Property Information',
      'Sale details',
      'Contact information',
      'Comments And Links (optional)',
      'Review',
    ];
    expect(labels(wizard)).toEqual(five);

    await user.click(tab(wizard, 'Sale details'));
    await choose(user, wizard, 'Sale Type', 'Vacant Possession');
    expect(labels(wizard)).toEqual(five);

    await choose(user, wizard, 'Sale Type', 'Investment');
    expect(labels(wizard)).toHaveLength(7);
    expect(labels(wizard)[4]).toBe('Tenancy/Lease information');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Tenancy/Lease information')).toHaveAttribute('aria-selected', 'true');
    // The tenancy as it stands, its currency the stored code.
    expect(within(wizard).getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');
    expect(within(wizard).getByRole('textbox', { name: 'Rent Pa' })).toHaveValue('45,000.50');
    expect(within(wizard).getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR');

    await user.click(tab(wizard, 'Sale details'));
    await choose(user, wizard, 'Sale Type', 'Sale & Lease Back');
    expect(labels(wizard)[4]).toBe('Tenancy/Lease information');
    await choose(user, wizard, 'Sale Type', 'Owner Occupier');
    expect(labels(wizard)).toEqual(five);
  });

  it('clears the tenancy of a property sold with vacant possession; keeps the vendor, planning and areas', async () => {
    const { user, posts } = open('/properties?deal=sale&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Sale');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Sale details'));
    await choose(user, wizard, 'Sale Type', 'Vacant Possession');
    await user.type(within(wizard).getByRole('textbox', { name: 'Effective Date' }), '01102026');
    await user.type(within(wizard).getByRole('textbox', { name: 'Price Paid' }), '1250000');
    await user.click(tab(wizard, 'Contact information'));
    const vendor = within(wizard).getByRole('region', { name: 'Vendor' });
    expect(within(vendor).getByText('Landsec')).toBeInTheDocument();
    const purchasor = within(wizard).getByRole('region', { name: 'Purchasor' });
    await pick(user, purchasor, 'Landlords', 'British Land');
    await finish(user, wizard, posts);
    const body = posts[0]!;
    expect(body).toMatchObject({
      deal_type: 'sale',
      property_id: 12,
      sale_type: 'vacant_possession',
      sale_price: '1250000.00',
      effective_date: '2026-10-01',
      currency: 'EUR',
      planning: 'A1',
      prev_landlords: [8],
      prev_landlord_agents: [10],
      landlords: [32],
      address: { unit: 'Unit 9', street: 'Park Lane' },
      areas: { area_size_type: 'sqft' },
    });
    for (const k of [...TENANCY, 'scheme', 'scheme_id']) expect(body).not.toHaveProperty(k);
  });

  it('sends the tenancy of a property sold as an investment', async () => {
    const { user, posts } = open('/properties?deal=sale&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Sale');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Sale details'));
    await choose(user, wizard, 'Sale Type', 'Investment');
    await finish(user, wizard, posts);
    expect(posts[0]).toMatchObject({
      deal_type: 'sale',
      property_id: 12,
      sale_type: 'investment',
      tenant_id: 7,
      legal_tenant_id: 6,
      tenant_agents: [9],
      tenant_contacts: [21],
      rent_pa: '45000.50',
      rent_sqft: '30.00',
      lease_end_date: '2034-01-31',
      security_of_tenure: 'inside_act',
      break_notice_months: 6,
    });
    expect(posts[0]).not.toHaveProperty('scheme');
  });

  it('sells a scheme from a scheme_id link: locked, loaded, 5 steps and the Review, the scheme update and no planning or tenancy', async () => {
    const { user, posts } = open('/schemes?deal=sale&scheme_id=5&name=Abbey%20Retail%20Park');
    const wizard = await wizardNamed('Add Deal - Sale');
    expect(await within(wizard).findByRole('textbox', { name: 'Scheme Name' })).toHaveValue(
      'Abbey Retail Park',
    );
    expect(within(wizard).queryByRole('textbox', { name: 'Planning' })).toBeNull();
    expect(within(wizard).queryByRole('textbox', { name: 'Unit' })).toBeNull();
    expect(within(wizard).getByRole('textbox', { name: 'Opened (Year)' })).toHaveValue('2017');
    expect(within(wizard).getByRole('textbox', { name: 'Car Spaces' })).toHaveValue('600');
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true');

    await user.click(tab(wizard, 'Select a Property'));
    expect(within(wizard).getByRole('textbox', { name: 'Scheme' })).toBeDisabled();
    expect(within(wizard).getByRole('textbox', { name: 'Scheme' })).toHaveValue('Abbey Retail Park');
    expect(within(wizard).getByRole('button', { name: 'Scheme' })).toHaveAttribute('aria-pressed', 'true');

    // A scheme sale has no tenancy step, whatever the sale type.
    await user.click(tab(wizard, 'Sale details'));
    await choose(user, wizard, 'Sale Type', 'Investment');
    expect(labels(wizard)).toHaveLength(6);
    expect(labels(wizard)[4]).toBe('Comments And Links (optional)');

    await user.click(tab(wizard, 'Check Property Information'));
    const name = within(wizard).getByRole('textbox', { name: 'Scheme Name' });
    await user.clear(name);
    await user.type(name, 'Abbey Park');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Under Construction?' }));
    await user.click(tab(wizard, 'Contact information'));
    expect(
      within(within(wizard).getByRole('region', { name: 'Vendor' })).getByText('Hammerson'),
    ).toBeInTheDocument();
    await pick(user, within(wizard).getByRole('region', { name: 'Purchasor' }), 'Landlords', 'British Land');
    await finish(user, wizard, posts);
    const body = posts[0]!;
    expect(body).toMatchObject({
      deal_type: 'sale',
      scheme_id: 5,
      sale_type: 'investment',
      prev_landlords: [3],
      prev_landlord_agents: [4],
      landlords: [32],
      scheme: {
        name: 'Abbey Park',
        type: 'Out of town',
        opened: 2017,
        car_spaces: 600,
        is_under_construction: true,
        address: { street: 'Park Lane', city: 'Portsmouth', region: 'Hampshire', post_code: 'PO1 3LP' },
        landlords: [32],
      },
    });
    for (const k of [...TENANCY, 'property_id', 'planning', 'areas', 'address'])
      expect(body).not.toHaveProperty(k);
    expect(body.scheme).not.toHaveProperty('address.unit');
  });

  it("checks a scheme's name, type, opened year and the effective date before sending", async () => {
    const { user, posts } = open('/schemes?deal=sale&scheme_id=5&name=Abbey', {
      'GET /api/schemes/5': () => json(200, { data: scheme(5, { type: '' }) }),
    });
    const wizard = await wizardNamed('Add Deal - Sale');
    await user.clear(await within(wizard).findByRole('textbox', { name: 'Scheme Name' }));
    const opened = within(wizard).getByRole('textbox', { name: 'Opened (Year)' });
    await user.clear(opened);
    await user.type(opened, '20');
    await user.click(tab(wizard, 'Sale details'));
    await user.type(within(wizard).getByRole('textbox', { name: 'Effective Date' }), '31022026');
    const finishNow = async () => {
      await review(user, wizard);
      await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    };
    // The first step with an error opens: the scheme's name and type on step 2 …
    await finishNow();
    expect(await within(wizard).findByText('The scheme name field is required.')).toBeInTheDocument();
    expect(within(wizard).getByText('The type field is required.')).toBeInTheDocument();
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true');
    await user.type(within(wizard).getByRole('textbox', { name: 'Scheme Name' }), 'Abbey');
    await choose(user, wizard, 'Type', 'Leisure');
    // … then the effective date (dd/MM/yyyy) on step 3 …
    await finishNow();
    expect(
      await within(wizard).findByText('The date must be a valid date (dd/mm/yyyy).'),
    ).toBeInTheDocument();
    expect(tab(wizard, 'Sale details')).toHaveAttribute('aria-selected', 'true');
    const date = within(wizard).getByRole('textbox', { name: 'Effective Date' });
    await user.clear(date);
    await user.type(date, '28022026');
    // … then the opened year (4 digits), back on step 2.
    await finishNow();
    expect(await within(wizard).findByText('Opened must be a four-digit year.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(within(wizard).getByRole('textbox', { name: 'Opened (Year)' }), '19');
    await finish(user, wizard, posts);
    expect(posts[0]).toMatchObject({
      effective_date: '2026-02-28',
      scheme: { name: 'Abbey', type: 'Leisure', opened: 2019 },
    });
  });

  it('toggles Scheme / Property: searches every property (standalone only as an option) or schemes', async () => {
    const searches: FakeRequest[] = [];
    const { user } = open('/properties?deal=sale', {
      'GET /api/properties/simple': (req) => {
        searches.push(req);
        return json(200, page([]));
      },
      'GET /api/schemes': (req) => {
        searches.push(req);
        return json(200, page([scheme(5)]));
      },
    });
    const wizard = await wizardNamed('Add Deal - Sale');
    expect(within(wizard).getByRole('button', { name: 'Select Property' })).toBeDisabled();
    await user.type(within(wizard).getByRole('combobox', { name: 'Search property' }), 'Park');
    await waitFor(() => expect(searches.some((r) => r.url.searchParams.get('q') === 'Park')).toBe(true));
    // Every property, units of a scheme too (ADR 0080); "Standalone only" is one option.
    expect(searches.at(-1)!.url.searchParams.get('type')).toBeNull();
    await user.click(within(wizard).getByRole('checkbox', { name: 'Standalone only' }));
    await user.type(within(wizard).getByRole('combobox', { name: 'Search property' }), 'Park');
    await waitFor(() => expect(searches.at(-1)!.url.searchParams.get('type')).toBe('standalone'));
    expect(searches.at(-1)!.url.searchParams.get('q')).toBe('Park');

    await user.click(within(wizard).getByRole('button', { name: 'Scheme' }));
    expect(within(wizard).queryByRole('button', { name: 'Select Property' })).toBeNull();
    expect(within(wizard).getByRole('button', { name: 'Select Scheme' })).toBeDisabled();
    await user.type(within(wizard).getByRole('combobox', { name: 'Search scheme' }), 'Abbey');
    await user.click(await screen.findByRole('option', { name: /Abbey Retail Park/ }));
    const q = searches.find((r) => r.path === '/api/schemes')!.url.searchParams;
    expect([q.get('q'), q.get('per_page'), q.get('type')]).toEqual(['Abbey', '50', 'all']);
    await user.click(within(wizard).getByRole('button', { name: 'Select Scheme' }));
    expect(await within(wizard).findByRole('textbox', { name: 'Scheme Name' })).toHaveValue(
      'Abbey Retail Park',
    );
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true');
  });

  it('names the verification state "Verified Tracked Retailer" / "… not yet been Verified" in a sale only', async () => {
    const { user } = open('/properties?deal=sale&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Sale');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Contact information'));
    const vendor = within(wizard).getByRole('region', { name: 'Vendor' });
    expect(within(vendor).getByRole('img', { name: 'Verified Tracked Retailer' })).toBeInTheDocument();
    expect(
      within(vendor).getByRole('img', { name: 'This Tracked Retailer has not yet been Verified' }),
    ).toBeInTheDocument();
    expect(within(vendor).queryByRole('img', { name: 'This retailer is verified' })).toBeNull();
  });

  it('keeps the retailer wording outside a sale', async () => {
    const { user } = open('/properties?deal=rent_review&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Rent Review');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Contact information'));
    expect(within(wizard).getByRole('img', { name: 'This retailer is verified' })).toBeInTheDocument();
    expect(within(wizard).queryByRole('img', { name: 'Verified Tracked Retailer' })).toBeNull();
  });
});

describe('the sub-letting/assignment wizard', () => {
  it('copies each empty new tenant field from the previous tenant, field by field', () => {
    const v = fillFromProperty('subletting', UNIT, 'USD');
    expect(v.tenant).toBeNull();
    const copied = copyTenantSide({ ...v, tenant: SUPERDRUG });
    expect(copied.tenant).toEqual(SUPERDRUG);
    expect(copied.legal_tenant).toEqual(BOOTS_LEGAL);
    expect(copied.tenant_agents).toEqual([CBRE]);
    expect(copied.tenant_contacts).toEqual([TENANT_CONTACT]);
  });

  it("has the chooser reading's 6 steps and sends the previous tenant into each empty new field", async () => {
    const { user, posts } = open('/properties?deal=subletting&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Sub-letting/Assignment');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    expect(labels(wizard)).toEqual([
      'Select Property',
      'Check Property Information',
      'Reason',
      'Contact information',
      'Lease Information',
      'Comments And Links (optional)',
      'Review',
    ]);
    await user.click(tab(wizard, 'Lease Information'));
    for (const name of ['Rent Pa', 'Rent SQFT', 'RV', 'S/C'])
      expect(within(wizard).getByRole('textbox', { name })).toBeInTheDocument();
    for (const name of ['Lease Start Date', 'Lease End Date', 'Next Review Date', 'Next Break Date'])
      expect(within(wizard).getByRole('textbox', { name })).toBeInTheDocument();
    expect(within(wizard).getByRole('textbox', { name: 'Incentive' })).toBeInTheDocument();
    const previous = within(wizard).getByRole('region', { name: 'Previous Tenant' });
    expect(within(previous).getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');
    const next = within(wizard).getByRole('region', { name: 'New Tenant' });
    expect(within(next).getByRole('combobox', { name: 'Tenant' })).toHaveValue('');
    await pick(user, next, 'Tenant', 'Superdrug');
    // Next Step of the lease step goes to step 6.
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Comments And Links')).toHaveAttribute('aria-selected', 'true');
    await finish(user, wizard, posts);
    expect(posts[0]).toMatchObject({
      deal_type: 'subletting',
      property_id: 12,
      prev_tenant_id: 7,
      prev_legal_tenant_id: 6,
      prev_tenant_agents: [9],
      prev_tenant_contacts: [21],
      // Typed: kept. Left empty: the previous tenant's.
      tenant_id: 30,
      legal_tenant_id: 6,
      tenant_agents: [9],
      tenant_contacts: [21],
      rent_pa: '45000.50',
    });
  });
});

describe('the new letting wizard', () => {
  it('sends tenant_legal_id / prev_tenant_legal_id and the effective date of step 3, without copying', async () => {
    const { user, posts } = open('/properties?deal=new_letting&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - New Letting');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    expect(labels(wizard)).toHaveLength(7);
    await user.click(tab(wizard, 'Reason'));
    await choose(user, wizard, 'Reason', 'New store');
    await user.type(within(wizard).getByRole('textbox', { name: 'Effective Date' }), '15092026');
    await user.click(tab(wizard, 'Lease Information'));
    const next = within(wizard).getByRole('region', { name: 'New Tenant' });
    await pick(user, next, 'Tenant', 'Superdrug');
    await pick(user, next, 'Tenant (Legal)', 'Superdrug Stores plc');
    await finish(user, wizard, posts);
    const body = posts[0]!;
    expect(body).toMatchObject({
      deal_type: 'new_letting',
      reason: 'new_store',
      effective_date: '2026-09-15',
      tenant_id: 30,
      tenant_legal_id: 31,
      prev_tenant_id: 7,
      prev_tenant_legal_id: 6,
      prev_tenant_agents: [9],
    });
    expect(body).not.toHaveProperty('legal_tenant_id');
    expect(body).not.toHaveProperty('prev_legal_tenant_id');
    // The new tenant replaces the old one: nothing is copied across.
    expect(body).not.toHaveProperty('tenant_agents');
    expect(body).not.toHaveProperty('tenant_contacts');
  });

  it("opened on a scheme, searches that scheme's units only", async () => {
    const searches: FakeRequest[] = [];
    const { user } = open('/schemes?deal=new_letting&scheme_id=5&name=Abbey%20Retail%20Park', {
      'GET /api/properties/simple': (req) => {
        searches.push(req);
        return json(200, page([]));
      },
    });
    const wizard = await wizardNamed('Add Deal - New Letting');
    expect(tab(wizard, 'Select Property')).toHaveAttribute('aria-selected', 'true');
    await user.click(within(wizard).getByRole('combobox', { name: 'Search units of Abbey Retail Park' }));
    await waitFor(() => expect(searches.length).toBeGreaterThan(0));
    expect(searches.every((r) => r.url.searchParams.get('scheme_id') === '5')).toBe(true);
  });
});
