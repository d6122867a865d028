import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import { renderApp } from './renderApp';
import { json } from './fakeFetch';
import { makeAdmin, makeUser } from './fixtures';
import { uiStateRoutes } from './coreAdminFixtures';

afterEach(() => vi.unstubAllGlobals());

describe('guards', () => {
  it("shows 'Loading ...' until /auth/me answers", async () => {
    renderApp('/', { user: makeUser() });
    expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Properties' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.loading)).not.toBeInTheDocument();
  });

  it('sends an unauthenticated visitor to /login, without an error toast', async () => {
    const { router } = renderApp('/schemes', { user: null });
    expect(await screen.findByLabelText(/E-mail/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(MESSAGES.unauthorized)).not.toBeInTheDocument();
  });

  it('/login is guest-only: a signed-in user goes home', async () => {
    const { router } = renderApp('/login', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Properties' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/core is admin-only: others see /access-error', async () => {
    const { router } = renderApp('/core', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-error');
  });

  it('/core is admin-only: an agent lands on /access-error and nothing is asked of the research desk', async () => {
    const { router, api } = renderApp('/core', { user: makeUser(), routes: uiStateRoutes('core_retailers') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/access-error');
    expect(api.callsTo('GET', '/api/tracked-retailers')).toHaveLength(0);
  });

  it('/core opens for admins', async () => {
    renderApp('/core', { user: makeAdmin() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tracked Retailers (Admin)' }),
    ).toBeInTheDocument();
  });

  it('unknown paths show the not-found page with a link home', async () => {
    renderApp('/no/such/page', { user: makeUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Properties' })).toBeInTheDocument();
  });

  it('logs in, then returns to the page the visitor came from; temp users are warned', async () => {
    const user = makeUser({ is_temp: true });
    const {
      user: ue,
      router,
      api,
    } = renderApp('/schemes', {
      user: null,
      routes: { 'POST /api/auth/login': () => json(200, { data: user }) },
    });
    await ue.type(await screen.findByLabelText(/E-mail/), 'agent@example.com');
    await ue.type(screen.getByLabelText(/Password/), 'secret-pass{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schemes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/schemes');
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      email: 'agent@example.com',
      password: 'secret-pass',
    });
    // toast and persistent banner (each shows on its own turn)
    await waitFor(() => expect(screen.getAllByText(MESSAGES.changePassword)).toHaveLength(2));
    expect(screen.getByTestId('temp-password-banner')).toBeInTheDocument();
    await ue.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.hash).toBe('#password');
  });

  it('shows 401 and 429 login errors inline', async () => {
    let attempts = 0;
    const { user: ue } = renderApp('/login', {
      user: null,
      routes: {
        'POST /api/auth/login': () =>
          ++attempts === 1
            ? json(401, { msg: 'These credentials do not match our records.' })
            : json(
                429,
                { msg: 'Too many login attempts. Please try again later.' },
                { 'Retry-After': '120' },
              ),
      },
    });
    await ue.type(await screen.findByLabelText(/E-mail/), 'agent@example.com');
    await ue.type(screen.getByLabelText(/Password/), 'wrong');
    await ue.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'These credentials do not match our records.',
    );
    await ue.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent(
        'Too many login attempts. Please try again later. You can try again in 2 minutes.',
      ),
    );
    expect(screen.queryByText(MESSAGES.unauthorized)).not.toBeInTheDocument();
  });

  it('validates the login form on the client', async () => {
    const { user: ue, api } = renderApp('/login', { user: null });
    await ue.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('a 401 from any call logs out locally and goes to /login', async () => {
    const { router, queryClient } = renderApp('/notifications', {
      user: makeUser(),
      routes: { 'GET /api/notifications': () => json(401, { msg: 'Unauthenticated.' }) },
    });
    expect(await screen.findByText(MESSAGES.unauthorized)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
  });
});
