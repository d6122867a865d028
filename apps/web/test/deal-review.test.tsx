// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { LEASE_ORDER_MESSAGE, type Property } from '@frontage/shared';
import { DealWizardHost } from '../src/features/deals/DealWizardHost';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { party, property, scheme } from './placesFixtures';
import { makeCompany, page } from './companiesFixtures';
import { seriousViolations } from './trackedRetailersFixtures';

/**
 * Every wizard (ADR 0081) ends with a Review step — what will change on the
 * property (or the scheme sold), before → after, and warnings that do not block but must each be
 * acknowledged before Finish; Next Step checks the step's dates; a New Letting starts its new
 * lease empty with the previous one shown. Build 1 (ADR 0080): a unit of a scheme is sold on its own.
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
const LANDSEC = party(8, 'Landsec');
const CBRE = party(9, 'CBRE');
const KNIGHT_FRANK = party(10, 'Knight Frank');
/** 1,000 sq ft let to Boots at £40,000 (£40.00 per sq ft), the lease running to 2034. */
const UNIT = property(12, {
  rent_pa: '40000.00',
  rent_sqft: '40.00',
  nia_sqrt: 1000,
  tenant_id: 7,
  tenant: BOOTS,
  legal_tenant_id: 6,
  legal_tenant: BOOTS_LEGAL,
  tenant_agents: [CBRE],
  landlords: [LANDSEC],
  landlord_agents: [KNIGHT_FRANK],
  lease_start_date: '2019-02-01',
  lease_end_date: '2034-01-31',
  rent_review_clause: 'Upward only, 5 yearly',
  break_clause: 'Tenant only at year 10',
}) as unknown as Property;
/** Unit 4 of Abbey Retail Park, owned (like the scheme) by Landsec. */
const SCHEME_UNIT = { ...UNIT, id: 13, scheme_id: 5, scheme: { id: 5, name: 'Abbey Retail Park' } };
const SUPERDRUG = makeCompany({ id: 30, name: 'Superdrug' });
const BRITISH_LAND = makeCompany({ id: 32, name: 'British Land' });

const companies: FakeHandler = (req) => {
  const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
  return json(200, page([SUPERDRUG, BRITISH_LAND].filter((c) => c.name.toLowerCase().includes(q))));
};

function open(path: string, admin = false) {
  const posts: Array<Record<string, unknown>> = [];
  const app = renderRoute(path, {
    user: admin ? makeAdmin() : makeUser(),
    beside: <DealWizardHost />,
    routes: {
      'GET /api/properties/12': () => json(200, { data: UNIT }),
      'GET /api/properties/13': () => json(200, { data: SCHEME_UNIT }),
      'GET /api/schemes/5': () => json(200, { data: scheme(5) }),
      'GET /api/comments': () => json(200, page([])),
      'GET /api/companies': companies,
      'POST /api/deals': (req) => {
        posts.push(req.body as Record<string, unknown>);
        return json(201, { data: { id: 501 } });
      },
    },
  });
  return { ...app, posts };
}

const tab = (wizard: HTMLElement, label: string) =>
  within(wizard)
    .getAllByRole('tab')
    .find((t) => t.textContent?.includes(label))!;
const textbox = (scope: HTMLElement, name: string) => within(scope).getByRole('textbox', { name });
const finishButton = (wizard: HTMLElement) => within(wizard).getByRole('button', { name: 'Finish' });
const acknowledgements = (wizard: HTMLElement) =>
  within(wizard).queryAllByRole('checkbox', { name: 'Record anyway' });

/** Opens a wizard on its route and waits for the place to load. */
async function wizardAt(path: string, title: string, admin = false) {
  const r = open(path, admin);
  const wizard = await screen.findByRole('dialog', { name: title });
  await within(wizard).findByRole('tab', { name: /Review/ });
  await waitFor(() =>
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true'),
  );
  return { ...r, wizard };
}

/** The Review's table of changes: [field, before, after] per row. */
const changes = (wizard: HTMLElement) =>
  within(within(wizard).getByRole('table', { name: /^What will change/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

/** The warnings shown, each as its text. */
const warnings = (wizard: HTMLElement) =>
  within(within(wizard).getByRole('region', { name: 'Warnings' }))
    .getAllByRole('alert')
    .map((a) => a.textContent?.replace('Record anyway', ''));

async function pick(user: UserEvent, scope: HTMLElement, field: string, name: string) {
  await user.type(within(scope).getByRole('combobox', { name: field }), name.slice(0, 5));
  await user.click(await screen.findByRole('option', { name: new RegExp(`${name}$`) }));
}

async function type(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('Next Step checks the dates of its step', () => {
  it('stays on a step with a date that is not real or a lease that ends before it starts, and says why', async () => {
    const { user, wizard, posts } = await wizardAt(
      '/properties?deal=rent_review&property_id=12&name=U',
      'Add Deal - Rent Review',
    );
    await user.click(tab(wizard, 'Rent Information'));
    await user.type(textbox(wizard, 'New Rent Pa'), '50000');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Lease Date')).toHaveAttribute('aria-selected', 'true');
    await user.type(textbox(wizard, 'Effective Date'), '01062026');

    // 31 February is no day: the step stays, marked, the field says why and has the focus.
    await type(user, textbox(wizard, 'Lease End Date'), '31022036');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Lease Date')).toHaveAttribute('aria-selected', 'true');
    expect(tab(wizard, 'Lease Date')).toHaveTextContent('Check the dates');
    expect(within(wizard).getByText('The date must be a valid date (dd/mm/yyyy).')).toBeInTheDocument();
    await waitFor(() => expect(textbox(wizard, 'Lease End Date')).toHaveFocus());

    // An incomplete date is refused too.
    await type(user, textbox(wizard, 'Lease End Date'), '2403');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Lease Date')).toHaveAttribute('aria-selected', 'true');

    // A lease that ends before it starts, both dates on the step.
    await type(user, textbox(wizard, 'Lease Start Date'), '25032026');
    await type(user, textbox(wizard, 'Lease End Date'), '24032016');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(await within(wizard).findByText(LEASE_ORDER_MESSAGE)).toBeInTheDocument();
    expect(tab(wizard, 'Lease Date')).toHaveAttribute('aria-selected', 'true');

    // Put right, the mark and the message go, and Next Step moves on.
    await type(user, textbox(wizard, 'Lease End Date'), '24032036');
    await waitFor(() => expect(tab(wizard, 'Lease Date')).not.toHaveTextContent('Check the dates'));
    expect(within(wizard).queryByText(LEASE_ORDER_MESSAGE)).toBeNull();
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Comments And Links')).toHaveAttribute('aria-selected', 'true');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Review')).toHaveAttribute('aria-selected', 'true');

    // The Review: the new rent, rent per sqft worked out from it (not the stale £40.00), the lease.
    expect(changes(wizard)).toEqual([
      ['Rent Pa', '£40,000.00', '£50,000.00'],
      ['Rent per sqft', '£40.00', '£50.00 (rent ÷ NIA)'],
      ['Lease Start Date', '01/02/2019', '25/03/2026'],
      ['Lease End Date', '31/01/2034', '24/03/2036'],
    ]);
    expect(acknowledgements(wizard)).toEqual([]);
    await user.click(finishButton(wizard));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ rent_pa: '50000.00', lease_end_date: '2036-03-24' });
    expect(posts[0]).not.toHaveProperty('rent_sqft');
  });
});

describe('the New Letting', () => {
  it('starts the new lease empty beside the previous one, and warns of no new tenant and no effective date', async () => {
    const { user, wizard, posts } = await wizardAt(
      '/properties?deal=new_letting&property_id=12&name=U',
      'Add Deal - New Letting',
    );
    await user.click(tab(wizard, 'Lease Information'));
    const previous = within(wizard).getByRole('region', { name: 'Previous Lease' });
    for (const text of [
      'Boots',
      'Boots UK Ltd',
      '01/02/2019',
      '31/01/2034',
      '£40,000.00',
      '£40.00',
      'Upward only, 5 yearly',
      'Tenant only at year 10',
    ])
      expect(within(previous).getByText(text)).toBeInTheDocument();
    expect(within(previous).queryByRole('textbox')).toBeNull();
    const next = within(wizard).getByRole('region', { name: 'New Tenant' });
    expect(within(next).getByRole('combobox', { name: 'Tenant' })).toHaveValue('');
    for (const name of ['Lease Start Date', 'Lease End Date', 'Rent Pa', 'Rent SQFT', 'Rent Review Clause'])
      expect(textbox(wizard, name)).toHaveValue('');

    await user.click(tab(wizard, 'Review'));
    expect(warnings(wizard)).toEqual([
      'No new tenant: the unit will be recorded as vacant.',
      'No effective date: the deal will not appear in comparables.',
    ]);
    expect(changes(wizard)).toEqual([
      ['Tenant', 'Boots', '—'],
      ['Tenant (Legal)', 'Boots UK Ltd', '—'],
      ['Tenant Agents', 'CBRE', '—'],
    ]);
    // Each warning must be acknowledged before Finish.
    const [noTenant, noDate] = acknowledgements(wizard);
    expect(finishButton(wizard)).toBeDisabled();
    await user.click(noTenant!);
    expect(finishButton(wizard)).toBeDisabled();
    await user.click(noDate!);
    expect(finishButton(wizard)).toBeEnabled();
    await user.click(noTenant!);
    expect(finishButton(wizard)).toBeDisabled();
    await user.click(noTenant!);
    await user.click(finishButton(wizard));
    await waitFor(() => expect(posts).toHaveLength(1));
    // Nothing of the previous lease is sent as the new one.
    for (const k of [
      'tenant_id',
      'rent_pa',
      'rent_sqft',
      'lease_start_date',
      'lease_end_date',
      'break_clause',
    ])
      expect(posts[0]).not.toHaveProperty(k);
  });

  it('warns of a rent per sqft that is not rent ÷ NIA and a date over a year ahead; a changed figure asks again (keyboard)', async () => {
    const { user, wizard } = await wizardAt(
      '/properties?deal=new_letting&property_id=12&name=U',
      'Add Deal - New Letting',
    );
    await user.click(tab(wizard, 'Reason'));
    await user.type(textbox(wizard, 'Effective Date'), '01012099');
    await user.click(tab(wizard, 'Lease Information'));
    await pick(user, within(wizard).getByRole('region', { name: 'New Tenant' }), 'Tenant', 'Superdrug');
    await user.type(textbox(wizard, 'Rent Pa'), '38000');
    await user.type(textbox(wizard, 'Rent SQFT'), '40');
    await user.click(tab(wizard, 'Review'));
    expect(warnings(wizard)).toEqual([
      'Rent per sqft £40.00 does not agree with rent ÷ NIA (£38.00).',
      'The effective date (01/01/2099) is more than a year in the future.',
    ]);
    expect(changes(wizard)).toContainEqual(['Rent Pa', '£40,000.00', '£38,000.00']);
    expect(finishButton(wizard)).toBeDisabled();

    // Keyboard only: Tab to each "Record anyway" and tick it with Space.
    for (const box of acknowledgements(wizard)) {
      for (let i = 0; i < 40 && document.activeElement !== box; i++) await user.tab();
      expect(box).toHaveFocus();
      await user.keyboard(' ');
      expect(box).toBeChecked();
    }
    expect(finishButton(wizard)).toBeEnabled();

    // Another figure is another warning: it must be acknowledged again.
    await user.click(tab(wizard, 'Lease Information'));
    await type(user, textbox(wizard, 'Rent SQFT'), '41');
    await user.click(tab(wizard, 'Review'));
    expect(warnings(wizard)[0]).toBe('Rent per sqft £41.00 does not agree with rent ÷ NIA (£38.00).');
    expect(finishButton(wizard)).toBeDisabled();
    expect(acknowledgements(wizard).map((b) => (b as HTMLInputElement).checked)).toEqual([false, true]);
  });
});

describe('the Review of each wizard', () => {
  it("sells a unit of a scheme on its own: the unit's landlords before → after; no axe violation", async () => {
    const { user, wizard, posts } = await wizardAt(
      '/properties?deal=sale&property_id=13&name=Unit%204',
      'Add Deal - Sale',
    );
    await user.click(tab(wizard, 'Sale details'));
    await user.type(textbox(wizard, 'Effective Date'), '01102026');
    await user.click(within(wizard).getByRole('combobox', { name: 'Sale Type' }));
    await user.click(await screen.findByRole('option', { name: 'Vacant Possession' }));
    await user.click(tab(wizard, 'Contact information'));
    await pick(user, within(wizard).getByRole('region', { name: 'Purchasor' }), 'Landlords', 'British Land');
    await user.click(tab(wizard, 'Review'));
    expect(
      within(wizard).getByRole('heading', { name: 'What will change on the property' }),
    ).toBeInTheDocument();
    expect(changes(wizard)).toEqual([
      ['Landlords', 'Landsec', 'British Land'],
      ['Landlord Agents', 'Knight Frank', '—'],
    ]);
    expect(await seriousViolations()).toEqual([]);
    await user.click(finishButton(wizard));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ deal_type: 'sale', property_id: 13, landlords: [32] });
    expect(posts[0]).not.toHaveProperty('scheme_id');
  });

  it("a scheme sale: the scheme's own fields and landlords", async () => {
    const { user, wizard } = await wizardAt(
      '/schemes?deal=sale&scheme_id=5&name=Abbey%20Retail%20Park',
      'Add Deal - Sale',
    );
    await type(user, textbox(wizard, 'Scheme Name'), 'Abbey Park');
    await user.click(tab(wizard, 'Review'));
    expect(
      within(wizard).getByRole('heading', { name: 'What will change on the scheme' }),
    ).toBeInTheDocument();
    expect(changes(wizard)).toEqual([
      ['Scheme Name', 'Abbey Retail Park', 'Abbey Park'],
      ['Landlords', 'Hammerson', '—'],
      ['Landlord Agents', 'Savills', '—'],
    ]);
  });

  it('a sub-letting: the new tenant; the rest of the tenant side copied from the previous one', async () => {
    const { user, wizard } = await wizardAt(
      '/properties?deal=subletting&property_id=12&name=U',
      'Add Deal - Sub-letting/Assignment',
    );
    await user.click(tab(wizard, 'Lease Information'));
    await pick(user, within(wizard).getByRole('region', { name: 'New Tenant' }), 'Tenant', 'Superdrug');
    await user.click(tab(wizard, 'Review'));
    expect(changes(wizard)).toEqual([['Tenant', 'Boots', 'Superdrug']]);
  });

  it('a lease renewal: the lease dates', async () => {
    const { user, wizard } = await wizardAt(
      '/properties?deal=lease_renewal&property_id=12&name=U',
      'Add Deal - Lease Renewal/Re-gear',
    );
    await user.click(tab(wizard, 'Lease Date'));
    await user.type(textbox(wizard, 'Effective Date'), '01022029');
    await type(user, textbox(wizard, 'Lease End Date'), '31012044');
    await user.click(tab(wizard, 'Review'));
    expect(changes(wizard)).toEqual([['Lease End Date', '31/01/2034', '31/01/2044']]);
    expect(warnings(wizard)).toEqual(['The effective date (01/02/2029) is more than a year in the future.']);
  });

  it('a tracked retailer: the tenant side leaves (vacant) and the effective date is required', async () => {
    const { user, wizard } = await wizardAt(
      '/properties?deal=tracked_retailer&property_id=12&name=U',
      'Add Deal - Tracked Retailer',
      true,
    );
    await user.click(tab(wizard, 'Review'));
    expect(
      within(within(wizard).getByRole('tabpanel')).getByText('Effective date is required'),
    ).toBeInTheDocument();
    expect(changes(wizard)).toEqual([
      ['Tenant', 'Boots', '—'],
      ['Tenant (Legal)', 'Boots UK Ltd', '—'],
      ['Tenant Agents', 'CBRE', '—'],
    ]);
    expect(finishButton(wizard)).toBeDisabled();
  });
});
