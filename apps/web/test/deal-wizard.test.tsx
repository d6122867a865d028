import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import type { UserEvent } from '@testing-library/user-event';
import { DealWizardHost } from '../src/features/deals/DealWizardHost';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { party, property } from './placesFixtures';
import { makeContact, page } from './companiesFixtures';
import { copyRent, emptyDealForm, fillFromProperty } from '../src/features/deals/form/dealForm';
import type { Property } from '@frontage/shared';

/**
 * The deal wizard frame: the prefill rules, the rent-copy rule, the currency chain, step
 * navigation and revisiting, the Invalid URL rule, the unsaved-comment questions, contact → company
 * pairing, and the one POST /api/deals with its idempotency key.
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
const LANDSEC = party(8, 'Landsec');
const CBRE = party(9, 'CBRE');
const contact = (id: number, name: string, company: { id: number; name: string } | null) => ({
  id,
  name,
  email: null,
  company_id: company?.id ?? null,
  company,
});
const TENANT_CONTACT = contact(21, 'Tess Tenant', BOOTS);
const UNIT = property(12, {
  currency: 'EUR',
  rent_pa: '45000.50',
  rent_sqft: '30.00',
  tenant_id: 7,
  tenant: BOOTS,
  tenant_contacts: [TENANT_CONTACT],
  tenant_agents: [CBRE],
  landlords: [LANDSEC],
  lease_end_date: '2034-01-31',
}) as unknown as Property;

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 0 } },
};

function open(path: string, opts: { admin?: boolean; routes?: Record<string, FakeHandler> } = {}) {
  const posts: Array<{ body: unknown; key: string | null }> = [];
  // The wizard as the shell renders it: its host reads the route (?deal=) over any page.
  const app = renderRoute(path, {
    user: opts.admin ? makeAdmin() : makeUser({ currency: 'USD' } as never),
    beside: <DealWizardHost />,
    routes: {
      'GET /api/properties/12': () => json(200, { data: UNIT }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/properties/12/deals': () => json(200, emptyPage),
      'GET /api/properties': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'POST /api/deals': (req) => {
        posts.push({ body: req.body, key: req.headers.get('Idempotency-Key') });
        return json(201, { data: { id: 501 } });
      },
      ...opts.routes,
    },
  });
  return { ...app, posts };
}

const wizardNamed = (name: string) => screen.findByRole('dialog', { name });
const tab = (wizard: HTMLElement, label: string) =>
  within(wizard)
    .getAllByRole('tab')
    .find((t) => t.textContent?.includes(label))!;

/** Opens the Review step and acknowledges each of its warnings ("Record anyway"). */
async function review(user: UserEvent, wizard: HTMLElement) {
  await user.click(tab(wizard, 'Review'));
  for (const box of within(wizard).queryAllByRole('checkbox', { name: 'Record anyway' }))
    if (!(box as HTMLInputElement).checked) await user.click(box);
}

describe('the prefill, rent-copy and currency rules', () => {
  it('fills a rent review from the property: same tenant, old rent = stored rent, property currency', () => {
    const v = fillFromProperty('rent_review', UNIT, 'USD');
    expect(v.tenant).toEqual(BOOTS);
    expect(v.prev_tenant).toEqual(BOOTS);
    expect(v.tenant_contacts).toEqual([TENANT_CONTACT]);
    expect(v.prev_rent_pa).toBe('45000.50');
    expect(v.rent_pa).toBeNull();
    expect(v.landlords).toEqual([LANDSEC]);
    expect(v.lease_end_date).toBe('31/01/2034');
    expect(v.currency).toBe('EUR');
  });

  it('fills a tracked retailer with the current tenant side as the previous one and the new side empty', () => {
    const v = fillFromProperty('tracked_retailer', UNIT, 'USD');
    expect(v.prev_tenant).toEqual(BOOTS);
    expect(v.prev_tenant_agents).toEqual([CBRE]);
    expect(v.prev_tenant_contacts).toEqual([TENANT_CONTACT]);
    expect(v.tenant).toBeNull();
    expect(v.tenant_agents).toEqual([]);
    expect(v.tenant_contacts).toEqual([]);
  });

  it('takes the currency from the property, else the user, else GBP', () => {
    expect(fillFromProperty('rent_review', { ...UNIT, currency: 'EUR' }, 'USD').currency).toBe('EUR');
    expect(fillFromProperty('rent_review', { ...UNIT, currency: '' }, 'USD').currency).toBe('USD');
    expect(fillFromProperty('rent_review', { ...UNIT, currency: '' }, null).currency).toBe('GBP');
    expect(emptyDealForm(null).currency).toBe('GBP');
  });

  it('copies the previous rent into an empty new rent, and leaves a typed one alone', () => {
    const v = { ...emptyDealForm('GBP'), prev_rent_pa: '100.00', prev_rent_sqft: '2.00' };
    expect(copyRent(v)).toMatchObject({ rent_pa: '100.00', rent_sqft: '2.00' });
    // A new rent makes the old figure stale: the server works it out (ADR 0079).
    expect(copyRent({ ...v, rent_pa: '120.00' })).toMatchObject({ rent_pa: '120.00', rent_sqft: null });
    // An old figure that no longer agrees with rent ÷ the NIA of step 2 is not copied either.
    const areas = {
      area_size_type: 'sqft' as const,
      ticked: ['nia_sqrt' as const],
      values: { nia_sqrt: '50' },
    };
    expect(copyRent({ ...v, areas })).toMatchObject({ rent_pa: '100.00', rent_sqft: '2.00' });
    expect(copyRent({ ...v, areas: { ...areas, values: { nia_sqrt: '80' } } })).toMatchObject({
      rent_pa: '100.00',
      rent_sqft: null,
    });
    expect(copyRent({ ...v, rent_pa: '120.00', rent_sqft: '2.40' })).toMatchObject({ rent_sqft: '2.40' });
  });
});

describe('the rent review wizard', () => {
  it('opens locked on step 2 from the route, revisits steps, and sends one deal with an idempotency key', async () => {
    const { user, posts, router } = open(
      '/properties?deal=rent_review&property_id=12&name=Unit%209%20Park%20Lane',
    );
    const wizard = await wizardNamed('Add Deal - Rent Review');
    expect(await within(wizard).findByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane');
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true');

    // Step 1 is locked on the property named by the route.
    await user.click(tab(wizard, 'Select Property'));
    expect(within(wizard).getByRole('textbox', { name: 'Property' })).toBeDisabled();
    expect(within(wizard).getByRole('textbox', { name: 'Property' })).toHaveValue('Unit 9 Park Lane');

    // Any later step can be revisited; Next Step moves one on.
    await user.click(tab(wizard, 'Rent Information'));
    expect(within(wizard).getByRole('textbox', { name: 'Old Rent Pa' })).toHaveValue('45,000.50');
    await user.click(within(wizard).getByRole('button', { name: 'Next Step' }));
    expect(tab(wizard, 'Lease Date')).toHaveAttribute('aria-selected', 'true');
    expect(within(wizard).getByRole('textbox', { name: 'Lease End Date' })).toHaveValue('31/01/2034');
    await user.click(tab(wizard, 'Contact information'));
    expect(within(wizard).getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');

    await review(user, wizard);
    await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const body = posts[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      deal_type: 'rent_review',
      property_id: 12,
      tenant_id: 7,
      landlords: [8],
      prev_rent_pa: '45000.50',
      // The rent-copy rule: no new rent typed, so the new rent is the old one.
      rent_pa: '45000.50',
      rent_sqft: '30.00',
      currency: 'EUR',
      lease_end_date: '2034-01-31',
      address: { unit: 'Unit 9', street: 'Park Lane', city: 'Portsmouth', post_code: 'PO1 3LP' },
      areas: { area_size_type: 'sqft' },
    });
    // Empty values are left out.
    expect(body).not.toHaveProperty('effective_date');
    expect(body).not.toHaveProperty('links');
    expect(body).not.toHaveProperty('legal_tenant_id');
    expect(posts[0]!.key).toMatch(/.{8,}/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Deal - Rent Review' })).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('retries a failed Finish with the same idempotency key', async () => {
    let n = 0;
    const keys: Array<string | null> = [];
    const { user } = open('/properties?deal=rent_review&property_id=12&name=U', {
      routes: {
        'POST /api/deals': (req) => {
          keys.push(req.headers.get('Idempotency-Key'));
          return ++n === 1 ? json(503, { msg: 'Try again.' }) : json(201, { data: { id: 9 } });
        },
      },
    });
    const wizard = await wizardNamed('Add Deal - Rent Review');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await review(user, wizard);
    await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    // The refused answer handled, Finish is offered again.
    await waitFor(() => expect(within(wizard).getByRole('button', { name: 'Finish' })).toBeEnabled());
    await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('refuses an invalid link with "Invalid URL", ignores an empty one, lists a valid one with remove', async () => {
    const { user } = open('/properties?deal=rent_review&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Rent Review');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Comments And Links'));
    const input = within(wizard).getByRole('textbox', { name: 'Link' });
    await user.click(within(wizard).getByRole('button', { name: 'Add link' }));
    expect(within(wizard).queryByRole('list', { name: 'Links' })).toBeNull();
    expect(screen.queryByText('Invalid URL')).toBeNull();
    await user.type(input, 'not a link');
    await user.click(within(wizard).getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(within(wizard).queryByRole('list', { name: 'Links' })).toBeNull();
    await user.clear(input);
    await user.type(input, 'www.example.com/lease{Enter}');
    const link = within(wizard).getByRole('link', { name: 'www.example.com/lease' });
    expect(link).toHaveAttribute('href', 'https://www.example.com/lease');
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(within(wizard).getByRole('button', { name: 'Remove link www.example.com/lease' }));
    expect(within(wizard).queryByRole('link', { name: 'www.example.com/lease' })).toBeNull();
  });
});

describe('the tracked retailer wizard', () => {
  it('keeps Finish disabled and marks step 3 until an effective date, then records the change', async () => {
    const { user, posts } = open('/properties?deal=tracked_retailer&property_id=12&name=U', { admin: true });
    const wizard = await wizardNamed('Add Deal - Tracked Retailer');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    expect(tab(wizard, 'Reason')).not.toHaveTextContent('Effective date is required');
    await user.click(tab(wizard, 'Review'));
    expect(within(wizard).getByRole('button', { name: 'Finish' })).toBeDisabled();
    expect(tab(wizard, 'Reason')).toHaveTextContent('Effective date is required');

    await user.click(tab(wizard, 'Reason'));
    expect(
      within(wizard).getByText(
        'Use an approximate date that the store opened/closed based upon Google info. Do not forget to add the link!',
      ),
    ).toBeInTheDocument();
    await user.type(within(wizard).getByRole('textbox', { name: 'Effective Date' }), '15092026');
    await user.click(tab(wizard, 'Tenant Information'));
    expect(
      within(wizard).getByText('The trading name of the tenant. Leave blank if the property is vacant.'),
    ).toBeInTheDocument();
    expect(
      within(wizard).getByText('Optionally set the company which is the legal tenant, if it is different.'),
    ).toBeInTheDocument();
    await user.click(tab(wizard, 'Review'));
    expect(tab(wizard, 'Reason')).not.toHaveTextContent('Effective date is required');
    await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const body = posts[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      deal_type: 'tracked_retailer',
      effective_date: '2026-09-15',
      prev_tenant_id: 7,
      prev_tenant_agents: [9],
      prev_tenant_contacts: [21],
    });
    // No new tenant chosen: the unit is now vacant.
    expect(body).not.toHaveProperty('tenant_id');
  });

  it('is not offered to an ordinary user, even from the route', async () => {
    const { router } = open('/properties?deal=tracked_retailer&property_id=12&name=U');
    // The host is live and the wizards' chunk loaded: a wizard the user may record opens …
    await act(() => router.navigate('/properties?deal=rent_review&property_id=12&name=U'));
    await wizardNamed('Add Deal - Rent Review');
    expect(screen.queryByRole('dialog', { name: 'Add Deal - Tracked Retailer' })).toBeNull();
    // … and the admin-only one, asked for again, renders nothing in its place.
    await act(() => router.navigate('/properties?deal=tracked_retailer&property_id=12&name=U'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Deal - Rent Review' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Add Deal - Tracked Retailer' })).toBeNull();
  });
});

describe('the frame', () => {
  it('chooses a property by search and Select Property: loads it, fills the form, opens step 2', async () => {
    const { user } = open('/properties?deal=rent_review', {
      routes: {
        'GET /api/properties/simple': () =>
          json(200, {
            ...page([
              {
                id: 12,
                building_num: 'Unit 9',
                scheme_id: null,
                scheme: null,
                tenant: BOOTS,
                address: { full_address: 'Park Lane, Portsmouth, Hampshire, PO1 3LP' },
              },
            ]),
          }),
      },
    });
    const wizard = await wizardNamed('Add Deal - Rent Review');
    expect(tab(wizard, 'Check Property Information')).toBeDisabled();
    expect(within(wizard).getByRole('button', { name: 'Select Property' })).toBeDisabled();
    await user.type(within(wizard).getByRole('combobox', { name: 'Search property' }), 'Park');
    await user.click(await screen.findByRole('option', { name: /Unit 9 Park Lane/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Select Property' }));
    expect(await within(wizard).findByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane');
    expect(tab(wizard, 'Check Property Information')).toHaveAttribute('aria-selected', 'true');
    expect(tab(wizard, 'Lease Date')).toBeEnabled();
  });

  it('adds the company of a chosen contact to the paired company list', async () => {
    const agentContact = makeContact({
      id: 60,
      name: 'Ada Agent',
      company_id: 9,
      company: { id: 9, name: 'CBRE' },
    } as never);
    const { user } = open('/properties?deal=rent_review&property_id=12&name=U', {
      routes: { 'GET /api/users': () => json(200, page([agentContact])) },
    });
    const wizard = await wizardNamed('Add Deal - Rent Review');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Contact information'));
    const landlordAgents = within(wizard).getByRole('region', { name: 'Landlord' });
    expect(within(landlordAgents).queryByRole('button', { name: 'CBRE' })).toBeNull();
    await user.type(within(wizard).getByRole('combobox', { name: 'Landlord Agent Contacts' }), 'Ada');
    await user.click(await screen.findByRole('option', { name: /Ada Agent/ }));
    await waitFor(() => expect(within(landlordAgents).getAllByText('CBRE').length).toBeGreaterThan(0));
  });

  it('asks before closing or finishing with an unsaved comment', async () => {
    const { user, posts } = open('/properties?deal=rent_review&property_id=12&name=U');
    const wizard = await wizardNamed('Add Deal - Rent Review');
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await user.click(tab(wizard, 'Comments And Links'));
    const editor = (await within(wizard).findByRole('textbox', { name: 'Write a comment' })) as unknown as {
      editor: Editor;
    };
    act(() => {
      editor.editor.chain().focus('end').insertContent('Not saved yet').run();
    });

    await user.click(within(wizard).getByRole('button', { name: 'Close' }));
    const close = await screen.findByRole('dialog', { name: 'Unsaved comment' });
    expect(close).toHaveTextContent('An unsaved comment exists, Do you still wish to close?');
    await user.click(within(close).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved comment' })).toBeNull());
    const again = await screen.findByRole('dialog', { name: 'Add Deal - Rent Review' });

    // Next Step opens the Review; the comment typed is still there, unsaved.
    await user.click(within(again).getByRole('button', { name: 'Next Step' }));
    await review(user, again);
    await user.click(await within(again).findByRole('button', { name: 'Finish' }));
    const finish = await screen.findByRole('dialog', { name: 'Unsaved comment' });
    expect(finish).toHaveTextContent('An unsaved comment exists, Do you wish to finish the wizard?');
    await user.click(within(finish).getByRole('button', { name: 'NO' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved comment' })).toBeNull());
    expect(posts).toHaveLength(0);
    await user.click(await within(again).findByRole('button', { name: 'Finish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved comment' })).getByRole('button', {
        name: 'YES',
      }),
    );
    await waitFor(() => expect(posts).toHaveLength(1));
  });
});
