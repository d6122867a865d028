import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { SESSION_REFRESH_INTERVAL_MINUTES } from '@frontage/shared';
import { renderApp } from './renderApp';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session refresh', () => {
  it(`POSTs /api/auth/refresh every ${SESSION_REFRESH_INTERVAL_MINUTES} minutes while signed in`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const { api } = renderApp('/', {
      user: makeUser(),
      routes: { 'POST /api/auth/refresh': () => json(200, { data: makeUser() }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'My Properties' });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(SESSION_REFRESH_INTERVAL_MINUTES * 60 * 1000);
    });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(SESSION_REFRESH_INTERVAL_MINUTES * 60 * 1000);
    });
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(2);
  });
});
