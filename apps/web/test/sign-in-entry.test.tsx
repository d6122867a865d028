import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { setupUser } from './user';
import { createRoot, type Root } from 'react-dom/client';
import { MESSAGES } from '@frontage/shared';
import { startSignIn } from '../src/app/signInEntry';
import { installFakeFetch, json } from './fakeFetch';
import { makeUser } from './fixtures';
import { CONFIG } from './appApi';

/** A cold visit to /login: the sign-in entry alone, then the app on the same root once signed in. */
describe('the sign-in entry', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  const start = async (me: ReturnType<typeof makeUser> | null, login = makeUser()) => {
    window.history.replaceState(null, '', '/login');
    const api = installFakeFetch({
      'GET /api/auth/me': () => (me ? json(200, { data: me }) : json(401, { msg: 'Unauthenticated.' })),
      'POST /api/auth/login': (req) =>
        (req.body as { password: string }).password === 'right-pass'
          ? json(200, { data: login })
          : json(401, { msg: 'These credentials do not match our records.' }),
      'GET /api/config': () => json(200, { data: CONFIG }),
      'GET /api/notifications/unread-count': () => json(200, { unread_count: 0 }),
    });
    const element = document.createElement('div');
    document.body.appendChild(element);
    root = createRoot(element);
    await act(() => startSignIn(root!));
    return api;
  };

  it('checks the form without zod, signs in, then mounts the app, which goes home and warns temp users', async () => {
    const api = await start(null, makeUser({ is_temp: true }));
    const ue = setupUser();
    await ue.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);

    await ue.type(screen.getByLabelText(/E-mail/), 'agent@');
    await ue.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('The email must be a valid email address.')).toBeInTheDocument();

    await ue.type(screen.getByLabelText(/E-mail/), 'example.com');
    await ue.type(screen.getByLabelText(/Password/), 'wrong-pass{Enter}');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'These credentials do not match our records.',
    );

    await ue.clear(screen.getByLabelText(/Password/));
    await ue.type(screen.getByLabelText(/Password/), 'right-pass{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await screen.findAllByText(MESSAGES.changePassword)).not.toHaveLength(0);
    expect(api.callsTo('POST', '/api/auth/login').at(-1)?.body).toEqual({
      email: 'agent@example.com',
      password: 'right-pass',
    });
  });

  it('sends a visitor who is already signed in straight into the app', async () => {
    await start(makeUser());
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
