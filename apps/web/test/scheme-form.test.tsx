import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SCHEME_MESSAGES } from '@frontage/shared';
import NewSchemePage from '../src/features/schemes/pages/NewSchemePage';
import SchemesPage from '../src/features/schemes/pages/SchemesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

/** The screens under test, as the app routes them. */
const pages = { '/schemes/create': <NewSchemePage />, '/schemes': <SchemesPage /> };

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

describe('New Scheme page', () => {
  it('asks for the name and type before calling the server, then sends the scheme', async () => {
    const { user, api, router } = renderRoute('/schemes/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/schemes': () => json(201, { data: { id: 5, name: 'Meadowhall' } }),
        'GET /api/schemes/5': () => json(404, { msg: 'gone' }),
        'GET /api/schemes/5/history': () => json(200, emptyPage),
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('textbox', { name: 'Unit' })).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText(SCHEME_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(SCHEME_MESSAGES.typeRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/schemes')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Scheme Name/ }), 'Meadowhall');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Shopping centres' }));
    await user.type(screen.getByRole('textbox', { name: 'Opened (Year)' }), '1990');
    await user.type(screen.getByRole('textbox', { name: 'Car Spaces' }), '12x000');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Sheffield');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/schemes')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/schemes')[0]!.body).toEqual({
      name: 'Meadowhall',
      type: 'Shopping centres',
      opened: 1990,
      car_spaces: 12000,
      is_under_construction: false,
      address: { city: 'Sheffield', country: 'United Kingdom' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
  });

  it("puts the server's 422 messages against the fields", async () => {
    const { user } = renderRoute('/schemes/create', {
      pages,
      user: makeUser(),
      routes: {
        'POST /api/schemes': () =>
          json(422, {
            message: 'The given data was invalid.',
            errors: { opened_at: ['Too early.'], 'address.post_code': ['Too long.'] },
          }),
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Scheme Name/ }), 'Meadowhall');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Leisure' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too early.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Post Code' })).toHaveAttribute('aria-invalid', 'true');
    const form = screen.getByRole('button', { name: 'Save' }).closest('.MuiPaper-root') as HTMLElement;
    expect(within(form).getByRole('alert')).toHaveTextContent('Validation Error.');
  });
});
