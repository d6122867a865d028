import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { VERIFICATION_QUEUE_MESSAGES } from '@frontage/shared';
import CoreAdminPage from '../src/features/core-admin/pages/CoreAdminPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { makeContact, page } from './companiesFixtures';
import { makeChange, makeGroup, pageOf } from './coreAdminFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core': <CoreAdminPage /> };

afterEach(() => vi.unstubAllGlobals());

const property = makeGroup({
  changes: [
    makeChange({ id: 100 }),
    makeChange({
      id: 101,
      field: 'break_date',
      old_display: null,
      new_display: '01/06/2027',
      user: { id: 3, name: 'Bob Broker' },
    }),
  ],
  total_changes: 2,
});
const scheme = makeGroup({
  entity_type: 'scheme',
  entity_id: 8,
  label: 'Trinity Leeds',
  link: { kind: 'scheme', id: 8 },
  changes: [makeChange({ id: 200, entity_type: 'scheme', entity_id: 8, field: 'rateable_value' })],
});

const routes = (decide: Record<string, () => Response>) => ({
  'GET /api/core/verification-queue': () => json(200, pageOf([property, scheme])),
  'GET /api/users': () => json(200, page([makeContact({ id: 3, name: 'Bob Broker' })])),
  ...Object.fromEntries(
    Object.entries(decide).map(([k, v]) => [`POST /api/core/verification-queue/${k}`, v]),
  ),
});

describe('/core — Verification queue', () => {
  it('groups the changes by record and filters by user, dates and record type', async () => {
    const { user, api } = renderRoute('/core?tab=queue', { pages, user: makeAdmin(), routes: routes({}) });
    const group = await screen.findByRole('region', { name: '12 High Street, Leeds' });
    expect(within(group).getByRole('link', { name: '12 High Street, Leeds' })).toHaveAttribute(
      'href',
      '/properties?id=5',
    );
    expect(within(screen.getByRole('region', { name: 'Trinity Leeds' })).getByRole('link')).toHaveAttribute(
      'href',
      '/schemes?id=8',
    );
    const rent = within(group).getByRole('row', { name: /Rent Pa/ });
    expect(rent).toHaveTextContent('£45,000.00 → £50,000.00');
    expect(rent).toHaveTextContent('Alice Agent');
    expect(rent).toHaveTextContent('05/03/2026');
    expect(within(group).getByRole('row', { name: /Break Date/ })).toHaveTextContent('— → 01/06/2027');

    await user.click(screen.getByRole('combobox', { name: 'Record type' }));
    await user.click(await screen.findByRole('option', { name: 'Schemes' }));
    await user.type(screen.getByRole('combobox', { name: /Changed by/ }), 'bob');
    await user.click(await screen.findByRole('option', { name: /Bob Broker/ }));
    await user.type(screen.getByLabelText('From'), '01/03/2026');
    await user.type(screen.getByLabelText('To'), '31/03/2026');
    await waitFor(() =>
      expect(
        Object.fromEntries(api.callsTo('GET', '/api/core/verification-queue').at(-1)!.url.searchParams),
      ).toMatchObject({
        entity_type: 'scheme',
        user_id: '3',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '1',
      }),
    );
  });

  it('verifies the selected changes, a record at a time or one by one, then refreshes', async () => {
    const { user, api } = renderRoute('/core?tab=queue', {
      pages,
      user: makeAdmin(),
      routes: routes({ verify: () => json(200, { verified: 3 }) }),
    });
    const group = await screen.findByRole('region', { name: '12 High Street, Leeds' });
    const verify = screen.getByRole('button', { name: 'Verify selected' });
    expect(verify).toBeDisabled();
    await user.click(
      within(group).getByRole('checkbox', { name: 'Select every change of 12 High Street, Leeds' }),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Trinity Leeds' })).getByRole('checkbox', {
        name: /Select the change of Rateable Value/,
      }),
    );
    expect(screen.getByText(/3 changes selected/)).toBeInTheDocument();
    const before = api.callsTo('GET', '/api/core/verification-queue').length;
    await user.click(verify);
    expect(await screen.findByText(VERIFICATION_QUEUE_MESSAGES.verified)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/core/verification-queue/verify')[0]!.body).toEqual({
      ids: [100, 101, 200],
    });
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/core/verification-queue').length).toBeGreaterThan(before),
    );
    expect(screen.getByText(/0 changes selected/)).toBeInTheDocument();
  });

  it('rejects after a confirmation that the previous values return, and shows a 409', async () => {
    const { user, api } = renderRoute('/core?tab=queue', {
      pages,
      user: makeAdmin(),
      routes: routes({ reject: () => json(409, { msg: VERIFICATION_QUEUE_MESSAGES.laterChange }) }),
    });
    const group = await screen.findByRole('region', { name: '12 High Street, Leeds' });
    await user.click(within(group).getByRole('checkbox', { name: /Select the change of Rent Pa/ }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject changes' });
    expect(confirm).toHaveTextContent('The previous values will be restored');
    expect(api.callsTo('POST', '/api/core/verification-queue/reject')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFICATION_QUEUE_MESSAGES.laterChange);
    expect(api.callsTo('POST', '/api/core/verification-queue/reject')[0]!.body).toEqual({ ids: [100] });
    // Still selected, so the admin can verify it instead.
    expect(screen.getByText(/1 change selected/)).toBeInTheDocument();
  });
});
