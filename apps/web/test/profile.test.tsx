import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProfilePage from '../src/features/profile/pages/ProfilePage';
import { renderApp } from './renderApp';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

/** The page under test, as the app routes it. */
const pages = { '/profile': <ProfilePage /> };

describe('profile page', () => {
  it('validates on the client with the shared schema', async () => {
    const { user: ue, api } = renderRoute('/profile', { pages, user: makeUser() });
    const name = await screen.findByLabelText(/^Name/);
    await ue.clear(name);
    await ue.type(name, 'Al');
    await ue.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name must be at least 3 characters.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/auth/me')).toHaveLength(0);
  });

  it('saves the profile and shows server 422s against fields', async () => {
    let first = true;
    const { user: ue, api } = renderRoute('/profile', {
      pages,
      user: makeUser(),
      routes: {
        'PUT /api/auth/me': (req) => {
          if (first) {
            first = false;
            return json(422, {
              message: 'The given data was invalid.',
              errors: { mobile: ['Too long.', 'Bad digits.'] },
            });
          }
          return json(200, {
            status: 'success',
            msg: 'Your profile has been saved.',
            data: makeUser(req.body as object),
          });
        },
      },
    });
    await ue.type(await screen.findByLabelText(/^Mobile/), '07700 900123');
    await ue.click(screen.getByRole('combobox', { name: /Preferred currency/ }));
    await ue.click(await screen.findByRole('option', { name: 'EUR' }));
    await ue.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long., Bad digits.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/auth/me')[0]?.body).toEqual({
      name: 'Alice Agent',
      direct_dial: null,
      mobile: '07700 900123',
      currency: 'EUR',
    });
    await ue.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
  });

  it('changes the password; the temporary-password banner disappears', async () => {
    // The banner belongs to the shell: the whole app.
    const { user: ue, api } = renderApp('/profile', {
      user: makeUser({ is_temp: true }),
      routes: {
        'PUT /api/auth/password': () =>
          json(200, {
            status: 'success',
            msg: 'Your password has been changed.',
            data: makeUser({ is_temp: false }),
          }),
      },
    });
    expect(await screen.findByTestId('temp-password-banner')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Change password' });
    await ue.type(within(section).getByLabelText(/^Current password/), 'old-password');
    await ue.type(within(section).getByLabelText(/^New password/), 'short');
    await ue.type(within(section).getByLabelText(/^Confirm new password/), 'other');
    await ue.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();
    await ue.clear(within(section).getByLabelText(/^New password/));
    await ue.type(within(section).getByLabelText(/^New password/), 'a-long-new-password');
    await ue.clear(within(section).getByLabelText(/^Confirm new password/));
    await ue.type(within(section).getByLabelText(/^Confirm new password/), 'a-long-new-password');
    await ue.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('temp-password-banner')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/auth/password')[0]?.body).toEqual({
      current_password: 'old-password',
      password: 'a-long-new-password',
      password_confirmation: 'a-long-new-password',
    });
  });
});
