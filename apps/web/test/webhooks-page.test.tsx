/**
 * The /webhooks page (ADR 0098): the endpoints; adding one shows its secret once; rotate, disable,
 * delete; the delivery log with its status filter and replay.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@frontage/shared';
import WebhooksPage from '../src/features/webhooks/pages/WebhooksPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { pageOf } from './coreAdminFixtures';

const pages = { '/webhooks': <WebhooksPage /> };
afterEach(() => vi.unstubAllGlobals());

const hook: Webhook = {
  id: 3,
  url: 'https://books.example.com/hooks',
  events: ['deal.created'],
  description: 'Accounts',
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_by: 1,
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
};
const delivery: WebhookDelivery = {
  id: 9,
  message_id: 'msg_abc',
  event_type: 'deal.created',
  status: 'failed',
  attempt_count: 1,
  next_attempt_at: null,
  created_at: '2026-11-27T10:05:00Z',
  attempts: [
    {
      attempted_at: '2026-11-27T10:05:00Z',
      status_code: 500,
      duration_ms: 12,
      response_body: '',
      error: 'HTTP 500',
    },
  ],
};

describe('/webhooks', () => {
  it('adds an endpoint and shows its secret once', async () => {
    let list: Webhook[] = [];
    const { user, api } = renderRoute('/webhooks', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/webhooks': () => json(200, { data: list }),
        'POST /api/webhooks': () => {
          list = [hook];
          return json(201, { data: { ...hook, secret: 'whsec_c2VjcmV0' } });
        },
        'GET /api/webhooks/3/deliveries': () => json(200, pageOf([])),
      },
    });
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText(/URL/), hook.url);
    await user.click(within(dialog).getByLabelText(/deal\.voided/));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/webhooks')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/webhooks')[0]!.body).toEqual({
      url: hook.url,
      events: ['deal.created', 'deal.voided'],
      description: '',
    });
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByDisplayValue('whsec_c2VjcmV0')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue('whsec_c2VjcmV0')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: /books\.example\.com/ })).toBeInTheDocument();
  });

  it('shows a 422 against the URL field', async () => {
    const { user } = renderRoute('/webhooks', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/webhooks': () => json(200, { data: [] }),
        'POST /api/webhooks': () =>
          json(422, {
            message: 'The given data was invalid.',
            errors: { url: ['This address is on a private or local network, which webhooks may not reach.'] },
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText(/URL/), 'https://10.0.0.1/x');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(/private or local network/)).toBeInTheDocument();
  });

  it('rotates, disables, lists deliveries with a filter and replays one', async () => {
    const { user, api } = renderRoute('/webhooks', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/webhooks': () => json(200, { data: [hook] }),
        'POST /api/webhooks/3/rotate-secret': () => json(200, { data: { ...hook, secret: 'whsec_bmV3' } }),
        'PATCH /api/webhooks/3': () => json(200, { data: { ...hook, enabled: false } }),
        'GET /api/webhooks/3/deliveries': () => json(200, pageOf([delivery])),
        'POST /api/webhooks/3/deliveries/9/replay': () =>
          json(200, { status: 'success', msg: 'ok', data: null }),
      },
    });
    await user.click(await screen.findByRole('button', { name: `Rotate secret of ${hook.url}` }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByDisplayValue('whsec_bmV3')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Disable ${hook.url}` }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/webhooks/3')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/webhooks/3')[0]!.body).toEqual({ enabled: false });

    await user.click(screen.getByRole('button', { name: `Deliveries of ${hook.url}` }));
    const grid = await screen.findByRole('grid', { name: `Deliveries to ${hook.url}` });
    const row = (await within(grid).findByText('msg_abc')).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('500 · 12 ms');
    expect(row).toHaveTextContent(/27\/11\/2026/);
    await user.click(within(row).getByRole('button', { name: 'Replay deal.created msg_abc' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/webhooks/3/deliveries/9/replay')).toHaveLength(1));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() =>
      expect(
        api
          .callsTo('GET', '/api/webhooks/3/deliveries')
          .some((c) => c.url.searchParams.get('status') === 'failed'),
      ).toBe(true),
    );
  });
  it('a disabled endpoint’s log says so and offers no replay; a refused replay says why', async () => {
    const off = { ...hook, id: 4, url: 'https://off.example.com/hooks', enabled: false };
    const { user, api } = renderRoute('/webhooks', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/webhooks': () => json(200, { data: [hook, off] }),
        'GET /api/webhooks/4/deliveries': () => json(200, pageOf([delivery])),
        'GET /api/webhooks/3/deliveries': () => json(200, pageOf([delivery])),
        // Disabled by someone else since the page loaded.
        'POST /api/webhooks/3/deliveries/9/replay': () => json(409, { msg: WEBHOOK_MESSAGES.replayDisabled }),
      },
    });
    await user.click(await screen.findByRole('button', { name: `Deliveries of ${off.url}` }));
    const offLog = await screen.findByRole('region', { name: `Deliveries to ${off.url}` });
    expect(within(offLog).getByText(WEBHOOK_MESSAGES.replayDisabled)).toBeInTheDocument();
    const offGrid = within(offLog).getByRole('grid', { name: `Deliveries to ${off.url}` });
    await within(offGrid).findByText('msg_abc');
    expect(within(offGrid).getByRole('button', { name: 'Replay deal.created msg_abc' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: `Deliveries of ${hook.url}` }));
    const grid = await screen.findByRole('grid', { name: `Deliveries to ${hook.url}` });
    await within(grid).findByText('msg_abc');
    await user.click(within(grid).getByRole('button', { name: 'Replay deal.created msg_abc' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.replayDisabled)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks/3/deliveries/9/replay')).toHaveLength(1);
  });
});
