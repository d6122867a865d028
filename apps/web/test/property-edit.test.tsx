import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { address, party, property } from './placesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/properties': <PropertiesPage /> };

afterEach(() => vi.unstubAllGlobals());

vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

const stored = (extra: Record<string, unknown> = {}) =>
  property(12, {
    rent_pa: '125000.00',
    lease_end_date: '2031-06-24',
    nia_sqrt: 1450,
    itza_area: 610.5,
    incentive: '3 months rent free',
    tenant: party(7, 'Boots'),
    tenant_id: 7,
    landlords: [party(3, 'Hammerson')],
    address: { ...address, id: 41, notes: 'Rear access' },
    ...extra,
  });

/** The property view with the record, its history and a PUT answered by `put`. */
const openView = (record: ReturnType<typeof stored>, put: (req: FakeRequest) => Response) => {
  let current = record;
  return renderRoute('/properties?id=12', {
    pages,
    user: makeUser(),
    routes: {
      'GET /api/properties/12': () => json(200, { data: current }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'PUT /api/properties/12': (req) => {
        const res = put(req);
        if (res.status === 200) current = { ...current, ...(req.body as object) } as typeof current;
        return res;
      },
    },
  });
};

const openDialog = async (user: ReturnType<typeof renderRoute>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return within(await screen.findByRole('dialog', { name: 'Edit Property' }));
};

const retype = async (user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.paste(text);
};

describe('Edit Property dialog', () => {
  it('opens filled from the record and sends one PUT with only the changed rent, area and address field', async () => {
    const { user, api } = openView(stored(), (req) =>
      json(200, {
        data: stored({
          rent_pa: '130000.00',
          nia_sqrt: 1500,
          address: { ...address, id: 41, post_code: 'LS1 6HD' },
          unverified_history_count: 3,
          unverified_history_columns: ['nia_sqrt', 'post_code', 'rent_pa'],
          ...(req.body as object),
        }),
      }),
    );
    const d = await openDialog(user);
    expect(d.getByRole('textbox', { name: 'Unit' })).toHaveValue('Unit 9');
    expect(d.getByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane');
    expect(d.getByRole('textbox', { name: 'Notes (Optional)' })).toHaveValue('Rear access');
    expect(d.getByRole('textbox', { name: 'Rent Pa' })).toHaveValue('125,000.00');
    expect(d.getByRole('textbox', { name: 'Lease End Date' })).toHaveValue('24/06/2031');
    expect(d.getByRole('textbox', { name: 'NIA' })).toHaveValue('1450');
    expect(d.getByRole('textbox', { name: 'ITZA' })).toHaveValue('610.5');
    expect(d.getByRole('textbox', { name: 'Incentive' })).toHaveValue('3 months rent free');
    expect(d.getByRole('combobox', { name: 'Tenant' })).toHaveValue('Boots');
    expect(d.getByRole('region', { name: 'Landlord Contacts' })).toHaveTextContent('Hammerson');

    await retype(user, d.getByRole('textbox', { name: 'Rent Pa' }), '130000');
    await retype(user, d.getByRole('textbox', { name: 'NIA' }), '1500');
    await retype(user, d.getByRole('textbox', { name: 'Post Code' }), 'LS1 6HD');
    await user.click(d.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/properties/12')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/properties/12')[0]!.body).toEqual({
      rent_pa: '130000.00',
      area_size_type: 'sqft',
      nia_sqrt: 1500,
      itza_area: 610.5,
      address: { post_code: 'LS1 6HD' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Property' })).not.toBeInTheDocument(),
    );
    // The view shows the saved record, and its history is read again.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Rent Info' })).toHaveTextContent('£130,000.00'),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/properties/12/history').length).toBeGreaterThan(1));
    expect(api.callsTo('PUT', '/api/addresses/41')).toHaveLength(0);
    expect(api.callsTo('PUT', '/api/properties/12/areas')).toHaveLength(0);
  });

  it("puts the server's 422 against its field and keeps the dialog open", async () => {
    const { user } = openView(stored(), () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { 'address.post_code': ['Too long.'], nia_sqrt: ['The area may not be negative.'] },
      }),
    );
    const d = await openDialog(user);
    await retype(user, d.getByRole('textbox', { name: 'Post Code' }), 'LS1 6HD');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('Too long.')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Post Code' })).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByText('The area may not be negative.')).toBeInTheDocument();
    expect(d.getByRole('alert')).toHaveTextContent('Validation Error.');
  });

  it('marks the fields whose columns have unverified changes, the address ones included', async () => {
    const { user } = openView(
      stored({
        unverified_history_count: 4,
        unverified_history_columns: ['nia_sqrt', 'post_code', 'rent_pa', 'tenant_id'],
      }),
      () => json(500, {}),
    );
    const d = await openDialog(user);
    const markers = (section: string) =>
      within(d.getByRole('region', { name: section })).queryAllByRole('img', { name: 'Unverified change' });
    expect(markers('Rent Info')).toHaveLength(1);
    expect(markers('Address')).toHaveLength(1);
    expect(markers('Areas')).toHaveLength(1);
    expect(markers('Property Info')).toHaveLength(1);
    expect(markers('Lease Info')).toHaveLength(0);
    // Each marker sits beside its own field.
    const rent = d.getByRole('textbox', { name: 'Rent Pa' }).closest('.MuiTextField-root')!.parentElement!;
    expect(within(rent.parentElement!).getByRole('img', { name: 'Unverified change' })).toBeInTheDocument();
    const post = d.getByRole('textbox', { name: 'Post Code' }).closest('.MuiTextField-root')!.parentElement!;
    expect(within(post.parentElement!).getByRole('img', { name: 'Unverified change' })).toBeInTheDocument();
  });

  it("keeps a scheme unit's address read-only and never sends it", async () => {
    const { user, api } = openView(
      stored({ scheme_id: 5, scheme: { id: 5, name: 'Abbey Retail Park', type: 'Out of town' } }),
      (req) => json(200, { data: stored({ scheme_id: 5, ...(req.body as object) }) }),
    );
    const d = await openDialog(user);
    expect(d.getByRole('textbox', { name: 'Street' })).toHaveAttribute('readonly');
    expect(d.queryByRole('textbox', { name: 'Notes (Optional)' })).not.toBeInTheDocument();
    await retype(user, d.getByRole('textbox', { name: 'Unit' }), 'Unit 10');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/properties/12')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/properties/12')[0]!.body).toEqual({ building_num: 'Unit 10' });
  });

  it('asks before Escape throws away unsaved input', async () => {
    const { user, api } = openView(stored(), () => json(500, {}));
    const d = await openDialog(user);
    await retype(user, d.getByRole('textbox', { name: 'Incentive' }), 'None');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('dialog', { name: 'Edit Property' })).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Incentive' })).toHaveValue('None');
    expect(api.callsTo('PUT', '/api/properties/12')).toHaveLength(0);
  });
});

describe('Edit Property on a version someone else has moved on (ADR 0060)', () => {
  it('is refused with the current values shown; keeping my change sends only it, on the current version', async () => {
    const opened = stored({ version: 'v1' });
    const theirs = { ...opened, incentive: '6 months rent free', version: 'v2' };
    const { user, api } = openView(opened, (req) =>
      req.headers.get('If-Match') === '"v1"'
        ? json(412, {
            msg: 'This record was changed by someone else after you opened it. Nothing was saved.',
            data: theirs,
          })
        : json(200, { data: { ...theirs, ...(req.body as object), version: 'v3' } }),
    );
    const d = await openDialog(user);
    await retype(user, d.getByRole('textbox', { name: 'Rent Pa' }), '130000');
    await user.click(d.getByRole('button', { name: 'Save' }));

    const notice = await d.findByRole('alert', {});
    const table = within(notice).getByRole('table', { name: 'Changed since you opened it' });
    expect(within(table).getByRole('rowheader', { name: 'Incentive' }).closest('tr')).toHaveTextContent(
      '6 months rent free',
    );
    // The dialog stays open with the user's input.
    expect(d.getByRole('textbox', { name: 'Rent Pa' })).toHaveValue('130,000.00');

    await user.click(within(notice).getByRole('button', { name: 'Keep my changes' }));
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Property' })).not.toBeInTheDocument(),
    );
    const puts = api.callsTo('PUT', '/api/properties/12');
    expect(puts.map((p) => p.headers.get('If-Match'))).toEqual(['"v1"', '"v2"']);
    // Only the rent: the other person's incentive is left as they saved it.
    expect(puts[1]!.body).toEqual({ rent_pa: '130000.00' });
  });
});
