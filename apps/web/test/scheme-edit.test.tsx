import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { scheme } from './placesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/schemes': <SchemesPage /> };

afterEach(() => vi.unstubAllGlobals());

vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

/** The scheme view with the record, its history and a PUT answered by `put`. */
const openView = (record: ReturnType<typeof scheme>, put: (req: FakeRequest) => Response) => {
  let current = record;
  return renderRoute('/schemes?id=5', {
    pages,
    user: makeUser(),
    routes: {
      'GET /api/schemes/5': () => json(200, { data: current }),
      'GET /api/schemes/5/history': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'PUT /api/schemes/5': (req) => {
        const res = put(req);
        if (res.status === 200) current = { ...current, ...(req.body as object) } as typeof current;
        return res;
      },
    },
  });
};

const openDialog = async (user: ReturnType<typeof renderRoute>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return within(await screen.findByRole('dialog', { name: 'Edit Scheme' }));
};

const retype = async (user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.paste(text);
};

describe('Edit Scheme dialog', () => {
  it('opens filled from the record and sends one PUT with the changed car spaces and post code', async () => {
    const { user, api } = openView(scheme(5), (req) =>
      json(200, { data: scheme(5, { car_spaces: 650, ...(req.body as object) }) }),
    );
    const d = await openDialog(user);
    expect(d.getByRole('textbox', { name: /^Scheme Name/ })).toHaveValue('Abbey Retail Park');
    expect(d.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Out of town');
    expect(d.getByRole('textbox', { name: 'Opened (Year)' })).toHaveValue('2017');
    expect(d.getByRole('textbox', { name: 'Car Spaces' })).toHaveValue('600');
    expect(d.getByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane');
    expect(d.queryByRole('textbox', { name: 'Unit' })).not.toBeInTheDocument();
    expect(d.getByRole('region', { name: 'Landlord Contacts' })).toHaveTextContent('Hammerson');

    await retype(user, d.getByRole('textbox', { name: 'Car Spaces' }), '650');
    await retype(user, d.getByRole('textbox', { name: 'Post Code' }), 'PO1 3LQ');
    await user.click(d.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/schemes/5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/schemes/5')[0]!.body).toEqual({
      car_spaces: 650,
      address: { post_code: 'PO1 3LQ' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Scheme' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/schemes/5/history').length).toBeGreaterThan(1));
    expect(api.callsTo('PUT', '/api/addresses/40')).toHaveLength(0);
  });

  it("puts the server's 422 against its field", async () => {
    const { user } = openView(scheme(5), () =>
      json(422, { message: 'The given data was invalid.', errors: { 'address.post_code': ['Too long.'] } }),
    );
    const d = await openDialog(user);
    await retype(user, d.getByRole('textbox', { name: 'Post Code' }), 'PO1 3LQ');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText('Too long.')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Post Code' })).toHaveAttribute('aria-invalid', 'true');
    expect(d.getByRole('alert')).toHaveTextContent('Validation Error.');
  });

  it('marks the fields whose columns have unverified changes', async () => {
    const { user } = openView(
      scheme(5, {
        unverified_history_count: 3,
        unverified_history_columns: ['car_spaces', 'opened_at', 'street'],
      }),
      () => json(500, {}),
    );
    const d = await openDialog(user);
    const markers = (section: string) =>
      within(d.getByRole('region', { name: section })).queryAllByRole('img', { name: 'Unverified change' });
    expect(markers('Scheme')).toHaveLength(2);
    expect(markers('Address')).toHaveLength(1);
    expect(markers('Landlord Contacts')).toHaveLength(0);
    const cars = d.getByRole('textbox', { name: 'Car Spaces' }).closest('.MuiTextField-root')!.parentElement!;
    expect(within(cars.parentElement!).getByRole('img', { name: 'Unverified change' })).toBeInTheDocument();
  });
});
