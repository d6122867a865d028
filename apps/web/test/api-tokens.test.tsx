// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API_TOKEN_TEXT as TEXT, type ApiToken } from '@frontage/shared';
import ProfilePage from '../src/features/profile/pages/ProfilePage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { seriousViolations } from './axe';

afterEach(() => vi.unstubAllGlobals());

const pages = { '/profile': <ProfilePage /> };
const TOKEN = `frt_${'A1b2'.repeat(8)}_0aZ9x7`;

/** A fake server holding the user's tokens: the token's text is answered only by the POST. */
const tokenServer = () => {
  let tokens: ApiToken[] = [];
  return {
    'GET /api/tokens': () => json(200, { data: tokens, meta: { integration_accounts: [] } }),
    'POST /api/tokens': (req: FakeRequest) => {
      const body = req.body as { name: string; scopes: ApiToken['scopes']; expires_in_days: number };
      if (!body.name.trim())
        return json(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The name is required.'] },
        });
      const t: ApiToken = {
        id: tokens.length + 1,
        name: body.name,
        scopes: body.scopes,
        hint: 'frt_A1b2…',
        owner: { id: 1, name: 'Agent', is_integration: false },
        created_at: '2026-06-01T09:00:00.000Z',
        expires_at: '2026-08-30T09:00:00.000Z',
        last_used_at: null,
        last_used_ip: null,
      };
      tokens = [...tokens, t];
      return json(201, { data: { ...t, token: TOKEN } });
    },
    'DELETE /api/tokens/1': () => {
      tokens = [];
      return json(200, { status: 'success', msg: 'The token has been revoked.', data: null });
    },
  };
};

describe('profile: API tokens', () => {
  it('creates a token with scopes and expiry, shows it once, lists it and revokes it', async () => {
    const { user: ue, api } = renderRoute('/profile', { pages, user: makeUser(), routes: tokenServer() });
    const section = await screen.findByRole('region', { name: TEXT.title });
    expect(await within(section).findByText(TEXT.none)).toBeInTheDocument();

    await ue.click(within(section).getByRole('button', { name: TEXT.create }));
    const dialog = await screen.findByRole('dialog');
    // No scope chosen: the form says so before anything is sent.
    await ue.type(within(dialog).getByLabelText(/^Name/), 'Website');
    await ue.click(within(dialog).getByRole('button', { name: TEXT.create }));
    expect(await within(dialog).findByText(TEXT.pickScope)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/tokens')).toHaveLength(0);

    const properties = within(dialog).getByRole('group', { name: 'Properties and schemes' });
    await ue.click(within(properties).getByRole('button', { name: TEXT.read }));
    const deals = within(dialog).getByRole('group', { name: 'Deals' });
    await ue.click(within(deals).getByRole('button', { name: TEXT.readWrite }));
    const expiry = within(dialog).getByLabelText(/^Expires in/);
    expect(expiry).toHaveValue(90);
    await ue.clear(expiry);
    await ue.type(expiry, '30');
    await ue.click(within(dialog).getByRole('button', { name: TEXT.create }));

    const field = await within(dialog).findByLabelText('Token');
    expect(field).toHaveValue(TOKEN);
    expect(within(dialog).getByText(TEXT.shownOnce)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/tokens')[0]!.body).toEqual({
      name: 'Website',
      scopes: ['properties:read', 'deals:write'],
      expires_in_days: 30,
    });
    await ue.click(within(dialog).getByRole('button', { name: TEXT.copy }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    await ue.click(within(dialog).getByRole('button', { name: TEXT.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Listed without its text: name, scopes, dates, never used.
    const row = (await within(section).findByText('Website')).closest('tr')!;
    expect(row).toHaveTextContent('properties:read, deals:write');
    expect(row).toHaveTextContent('01/06/2026');
    expect(row).toHaveTextContent('30/08/2026');
    expect(row).toHaveTextContent(TEXT.never);
    expect(section).not.toHaveTextContent(TOKEN);

    await ue.click(within(row as HTMLElement).getByRole('button', { name: `${TEXT.revoke} Website` }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(TEXT.revokeConfirm)).toBeInTheDocument();
    await ue.click(within(ask).getByRole('button', { name: TEXT.revoke }));
    expect(await within(section).findByText(TEXT.none)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/tokens/1')).toHaveLength(1);
  });

  it.each(['light', 'dark'] as const)('has no serious axe violation in the %s theme', async (theme) => {
    const { user: ue } = renderRoute('/profile', {
      pages,
      user: makeUser({ settings: { theme, hidden_videos: [] } }),
      routes: tokenServer(),
    });
    const section = await screen.findByRole('region', { name: TEXT.title });
    await ue.click(await within(section).findByRole('button', { name: TEXT.create }));
    await screen.findByRole('dialog');
    expect(await seriousViolations()).toEqual([]);
  });
});
