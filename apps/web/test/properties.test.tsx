import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import NewPropertyPage from '../src/features/properties/pages/NewPropertyPage';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { address, company, party, property } from './placesFixtures';

/** The screens under test, as the app routes them. */
const pages = {
  '/properties/create': <NewPropertyPage />,
  '/properties': <PropertiesPage />,
  '/schemes': <SchemesPage />,
};

afterEach(() => vi.unstubAllGlobals());

// jsdom has no WebGL; these tests never open the map.
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

/** One input event per field: typing key by key through a dialog this size is slow in jsdom. */
const fill = async (user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, text: string) => {
  await user.click(field);
  await user.paste(text);
};

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

describe('New Standalone Property dialog', () => {
  it('sends only ticked areas, dates as yyyy-mm-dd and money as 2-decimal strings, then opens the new property', async () => {
    const { user, api, router } = renderRoute('/properties/create', {
      pages,
      user: makeUser({ currency: 'EUR' }),
      routes: {
        'GET /api/companies': () => json(200, { data: [company(7, 'Boots'), company(8, 'Greggs')] }),
        'POST /api/properties': () => json(201, { data: property(77, { tenant: party(7, 'Boots') }) }),
        'GET /api/properties/77': () => json(200, { data: property(77) }),
        'GET /api/properties/77/history': () => json(200, emptyPage),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New Standalone Property' });
    const d = within(dialog);
    for (const section of [
      'Address',
      'Property Info',
      'Areas',
      'Lease Info',
      'Rent Info',
      'Landlord Contacts',
    ])
      expect(d.getByRole('heading', { name: section })).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Fill From Map' })).toBeInTheDocument();
    // Currency fallback: no property yet, so the user's.
    expect(d.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR');

    await fill(user, d.getByRole('textbox', { name: 'Unit' }), 'Unit 9');
    await fill(user, d.getByRole('textbox', { name: 'Street' }), '12 High Street');
    await fill(user, d.getByRole('textbox', { name: 'Notes (Optional)' }), 'Rear access from Vicar Lane');
    await user.click(d.getByRole('combobox', { name: 'Tenant' }));
    await user.click(await screen.findByRole('option', { name: /Boots/ }));

    await user.click(d.getByRole('button', { name: 'Add Areas' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'NIA' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Frontage' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Frontage' }));
    await user.keyboard('{Escape}');
    await fill(user, d.getByRole('textbox', { name: 'NIA' }), '900');

    await fill(user, d.getByRole('textbox', { name: 'Lease Start Date' }), '01022026');
    await fill(user, d.getByRole('textbox', { name: 'Rent Pa' }), '12,500.5');
    await user.click(d.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/properties')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/properties')[0]!.body).toEqual({
      building_num: 'Unit 9',
      company_id: 7,
      area_size_type: 'sqft',
      nia_sqrt: 900,
      lease_start_date: '2026-02-01',
      rent_pa: '12500.50',
      currency: 'EUR',
      address: { street: '12 High Street', country: 'United Kingdom', notes: 'Rear access from Vicar Lane' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?id=77'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Standalone Property' })).not.toBeInTheDocument(),
    );
  });

  it('asks before Escape throws typed input away, and announces the created property', async () => {
    const { user } = renderRoute('/properties/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/properties': () => json(201, { data: property(78) }),
        'GET /api/properties/78': () => json(200, { data: property(78) }),
        'GET /api/properties/78/history': () => json(200, emptyPage),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New Standalone Property' });
    const d = within(dialog);
    await fill(user, d.getByRole('textbox', { name: 'Unit' }), 'Unit 9');
    await fill(user, d.getByRole('textbox', { name: 'Street' }), '12 High Street');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument(),
    );
    expect(await d.findByRole('textbox', { name: 'Unit' })).toHaveValue('Unit 9');

    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Property "Unit 9, 12 High Street" created.')).toBeInTheDocument();
  });

  it('shows server validation errors against their fields and keeps the dialog open', async () => {
    const { user } = renderRoute('/properties/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/properties': () =>
          json(422, {
            message: 'The given data was invalid.',
            errors: {
              'address.post_code': ['The post code is too long.'],
              rent_pa: ['Too large.', 'Really.'],
            },
          }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New Standalone Property' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // An empty form has no address: saving it asks first.
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    expect(await within(dialog).findByText('The post code is too long.')).toBeInTheDocument();
    expect(within(dialog).getByText('Too large., Really.')).toBeInTheDocument();
    // The address fields may still be arriving on a busy machine: wait for the field itself.
    const postCode = await within(dialog).findByRole('textbox', { name: 'Post Code' });
    await waitFor(() => expect(postCode).toHaveAttribute('aria-invalid', 'true'));
  });

  it('refuses a date that does not exist before calling the server', async () => {
    const { user, api } = renderRoute('/properties/create', { pages, user: makeUser() });
    const dialog = await screen.findByRole('dialog', { name: 'New Standalone Property' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Break Date' }), '30022027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The date must be a valid date (dd/mm/yyyy).'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/properties')).toHaveLength(0);
  });
});

describe('New Scheme Property dialog (Add Unit)', () => {
  const scheme = {
    id: 5,
    entity_type: 'scheme',
    name: 'Abbey Retail Park',
    type: 'Out of town',
    opened_at: 2017,
    car_spaces: 600,
    is_under_construction: false,
    reason: null,
    address_id: 40,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    address,
    landlords: [party(3, 'Hammerson')],
    landlord_contacts: [
      {
        id: 30,
        name: 'William Pemberton',
        email: null,
        company_id: 3,
        company: { id: 3, name: 'Hammerson' },
      },
    ],
    landlord_agents: [party(4, 'Savills')],
    landlord_agent_contacts: [],
    files: [],
    properties: [],
  };

  it('fills the address and landlords from the scheme, read-only, and sends the scheme landlords', async () => {
    const { user, api } = renderRoute('/schemes?id=5', {
      pages,
      user: makeUser(),
      routes: {
        'GET /api/schemes/5': () => json(200, { data: scheme }),
        'GET /api/schemes/5/history': () => json(200, emptyPage),
        'POST /api/schemes/5/properties': () => json(201, { data: property(90, { scheme_id: 5 }) }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Scheme Property' });
    const d = within(dialog);
    const combo = d.getByRole('combobox', { name: 'Scheme' });
    expect(combo).toBeDisabled();
    expect(combo).toHaveValue('Abbey Retail Park');
    await waitFor(() => expect(d.getByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane'));
    for (const [label, value] of [
      ['Street', 'Park Lane'],
      ['Street 2 (Optional)', ''],
      ['City', 'Portsmouth'],
      ['Region', 'Hampshire'],
      ['Post Code', 'PO1 3LP'],
    ] as const) {
      const field = d.getByRole('textbox', { name: label });
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(d.getByRole('textbox', { name: 'Unit' })).not.toHaveAttribute('readonly');
    const landlords = d.getByRole('region', { name: 'Landlord Contacts' });
    expect(within(landlords).getByText('Hammerson')).toBeInTheDocument();
    expect(within(landlords).getByText('William Pemberton')).toBeInTheDocument();
    expect(within(landlords).getByRole('combobox', { name: 'Landlords' })).toBeDisabled();
    expect(within(landlords).queryByRole('button', { name: 'New company' })).not.toBeInTheDocument();

    await fill(user, d.getByRole('textbox', { name: 'Unit' }), 'Unit C');
    await user.click(d.getByRole('button', { name: 'Add Areas' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'ITZA' }));
    await user.keyboard('{Escape}');
    await fill(user, d.getByRole('textbox', { name: 'ITZA' }), '410.25');
    await user.click(d.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/schemes/5/properties')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/schemes/5/properties')[0]!.body).toEqual({
      building_num: 'Unit C',
      area_size_type: 'sqft',
      itza_area: 410.25,
      currency: 'GBP',
      landlords: [3],
      landlord_contacts: [30],
      landlord_agents: [4],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Scheme Property' })).not.toBeInTheDocument(),
    );
  });
});

describe('property view', () => {
  it('shows money and dates en-GB, only the recorded areas, marks unverified fields, and lets an admin verify', async () => {
    const history = {
      data: [
        {
          id: 5,
          entity_type: 'property',
          entity_id: 12,
          field: 'rent_pa',
          old_value: '1000000.00',
          new_value: '1250000.00',
          source: 'update',
          deal_id: null,
          user: { id: 2, name: 'Alice Agent' },
          verified: false,
          verified_by: null,
          verified_at: null,
          created_at: '2026-03-05T14:07:00Z',
        },
      ],
      meta: { pagination: { total: 1, count: 1, per_page: 15, current_page: 1, total_pages: 1 } },
    };
    const { user, api } = renderRoute('/properties?id=12', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/properties/12': () =>
          json(200, {
            data: property(12, {
              rent_pa: '1250000.00',
              lease_end_date: '2031-06-24',
              nia_sqrt: 1450,
              itza_area: 610.5,
              frontage_area: 24.5,
              tenant: party(7, 'Boots'),
              landlords: [party(3, 'Hammerson')],
              unverified_history_count: 1,
              unverified_history_columns: ['rent_pa'],
            }),
          }),
        'GET /api/properties/12/history': () => json(200, history),
        'PUT /api/history/5/verify': () =>
          json(200, { status: 'success', msg: 'The changes have been verified.', data: { verified: 1 } }),
        'GET /api/comments': () => json(200, emptyPage),
      },
    });
    const rent = await screen.findByRole('region', { name: 'Rent Info' });
    expect(rent).toHaveTextContent('£1,250,000.00');
    expect(within(rent).getByRole('img', { name: 'unverified' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lease Info' })).toHaveTextContent('24/06/2031');
    const areas = screen.getByRole('region', { name: 'Areas' });
    expect(areas).toHaveTextContent('NIA1,450 sq ft');
    expect(areas).toHaveTextContent('ITZA610.5 sq ft');
    // Frontage is a length.
    expect(areas).toHaveTextContent('Frontage24.5 ft');
    expect(areas).not.toHaveTextContent('24.5 sq ft');
    expect(areas).not.toHaveTextContent('Basement');
    const parties = screen.getByRole('region', { name: 'Parties' });
    expect(parties).toHaveTextContent('Hammerson');
    // The tenant with its verification indicator (spec B §2).
    expect(within(parties).getByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/companies?id=7');
    expect(within(parties).getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();
    expect(screen.getByText('1 unverified changes')).toBeInTheDocument();

    const historyTable = await screen.findByRole('table', { name: 'Field history' });
    expect(within(historyTable).getByText('Rent Pa')).toBeInTheDocument();
    await user.click(within(historyTable).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/history/5/verify')).toHaveLength(1));
  });
});

describe('/properties list', () => {
  it('shows each tenant with its verification indicator, and Vacant without one', async () => {
    const verifiedAt = '2026-04-01T00:00:00Z';
    const rows = [
      property(12, { tenant: { ...party(7, 'Boots'), is_verified: true, verified_at: verifiedAt } }),
      property(13, { tenant: null }),
    ];
    renderRoute('/properties', {
      pages,
      user: makeUser(),
      routes: {
        'GET /api/ui-state/properties': () => json(200, { data: { screen: 'properties', state: {} } }),
        'PUT /api/ui-state/properties': () => json(200, { data: { screen: 'properties', state: {} } }),
        'GET /api/properties': () =>
          json(200, {
            data: rows,
            meta: { pagination: { total: 2, count: 2, per_page: 25, current_page: 1, total_pages: 1 } },
          }),
      },
    });
    const grid = await screen.findByRole('grid');
    const boots = await within(grid).findByRole('gridcell', { name: /Boots/ });
    expect(within(boots).getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    const vacant = within(grid).getByRole('gridcell', { name: 'Vacant' });
    expect(within(vacant).queryByRole('img')).not.toBeInTheDocument();
  });
});
