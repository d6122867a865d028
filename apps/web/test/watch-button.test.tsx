// @vitest-environment jsdom
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { WatchButton } from '../src/entities/watch/WatchButton';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const render = (watched: boolean) => {
  let since: string | null = watched ? '2026-11-01T09:00:00.000Z' : null;
  return renderRoute('/properties', {
    pages: { '/properties': <WatchButton type="property" id={5} /> },
    user: makeUser(),
    routes: {
      'GET /api/watches/property/5': () => json(200, { data: { watched: !!since, since } }),
      'PUT /api/watches/property/5': () => {
        since = '2026-11-27T09:00:00.000Z';
        return json(200, { data: { watched: true, since } });
      },
      'DELETE /api/watches/property/5': () => {
        since = null;
        return json(200, { data: { watched: false, since } });
      },
    },
  });
};

describe('Watch button', () => {
  it('watches and stops watching with the keyboard, its pressed state the watch', async () => {
    const { user: ue, api } = render(false);
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    button.focus();
    await ue.keyboard('{Enter}');
    const watching = await screen.findByRole('button', { name: 'Watching' });
    expect(watching).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT', '/api/watches/property/5')).toHaveLength(1);
    await waitFor(() => expect(watching).toBeEnabled());
    await ue.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE', '/api/watches/property/5')).toHaveLength(1);
  });

  it('has no serious or critical axe violation', async () => {
    const { container } = render(true);
    await screen.findByRole('button', { name: 'Watching' });
    const result = await axe.run(container);
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
