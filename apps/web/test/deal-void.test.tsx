// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEAL_CHANGE_MESSAGES, DEAL_PARTY_LIST_NAMES, type Deal } from '@frontage/shared';
import DealsPage from '../src/features/deals/pages/DealsPage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { seriousViolations } from './axe';

/**
 * A deal's view offers Edit and Void to whom may change the deal (its recorder, the recorder's
 * company, an admin; a tracked retailer deal only an admin — canChangeDeal). Void asks for the
 * reason in a dialog (required, by keyboard too); the voided deal is shown struck through with
 * who, when and why, and the fields a later change kept.
 */

const pages = { '/deals': <DealsPage /> };
afterEach(() => vi.unstubAllGlobals());

const lists = Object.fromEntries(DEAL_PARTY_LIST_NAMES.map((n) => [n, []]));
const deal = (extra: Partial<Deal> = {}): Deal =>
  ({
    ...lists,
    id: 7,
    entity_type: 'deal',
    deal_type: 'new_letting',
    property_id: 12,
    scheme_id: null,
    effective_date: '2026-04-01',
    reason: null,
    sale_type: null,
    sale_price: null,
    prev_rent_pa: '40000.00',
    prev_rent_sqft: null,
    rent_pa: '50000.00',
    rent_sqft: null,
    rateable_value: null,
    service_charge: null,
    incentive: null,
    currency: 'GBP',
    planning: null,
    lease_start_date: '2026-04-01',
    lease_end_date: '2036-03-31',
    next_review_date: null,
    break_date: null,
    rent_review_clause: null,
    break_clause: null,
    tenant: { id: 10, name: 'Greggs', core_id: null, is_verified: false, verified_at: null },
    legal_tenant: null,
    prev_tenant: { id: 11, name: 'Boots', core_id: null, is_verified: false, verified_at: null },
    prev_legal_tenant: null,
    links: [],
    property: { id: 12, building_num: 'Unit 4', full_address: 'Briggate, Leeds', scheme: null },
    scheme: null,
    created_by: { id: 2, name: 'Alice Agent' },
    created_by_company_id: 1,
    created_at: '2026-04-02T09:00:00Z',
    changes: [],
    voided_at: null,
    voided_by: null,
    void_reason: null,
    void_left_fields: [],
    version: 'v1',
    ...extra,
  }) as Deal;

const voided = (): Deal =>
  deal({
    voided_at: '2026-05-01T10:30:00Z',
    voided_by: { id: 2, name: 'Alice Agent' },
    void_reason: 'Recorded on the wrong unit',
    void_left_fields: [{ entity_type: 'property', entity_id: 12, field: 'rent_pa' }],
    version: undefined,
  });

/** The deal view with GET /api/deals/7 answering `current` (changed by a DELETE). */
const open = (first: Deal, user = makeUser()) => {
  let current = first;
  const view = renderRoute('/deals?id=7', {
    pages,
    user,
    routes: {
      'GET /api/deals/7': () => json(200, { data: current }),
      'GET /api/properties/12/deals': () => json(200, { data: [], meta: { pagination: { total: 0 } } }),
      'DELETE /api/deals/7': (req: FakeRequest) => {
        const reason = (req.body as { reason?: string }).reason ?? '';
        current = { ...voided(), void_reason: reason };
        return json(200, {
          status: 'success',
          msg: DEAL_CHANGE_MESSAGES.voided,
          data: current,
          meta: { left_fields: current.void_left_fields },
        });
      },
    },
  });
  return view;
};

describe('Edit and Void on a deal’s view', () => {
  it('are offered to the recorder’s company and to admins, not to another company', async () => {
    open(deal({ created_by: { id: 99, name: 'Colleague' } }));
    expect(await screen.findByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('are not offered to a user of another company', async () => {
    open(deal({ created_by: { id: 99, name: 'Stranger' }, created_by_company_id: 5 }));
    expect(await screen.findByRole('heading', { name: /New Letting/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('a tracked retailer deal: only an admin', async () => {
    open(deal({ deal_type: 'tracked_retailer' }));
    expect(await screen.findByRole('heading', { name: /Tracked Retailer/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });
});

describe('the Void dialog', () => {
  it('asks for a reason: none is refused with the message, and nothing is sent', async () => {
    const { api, user } = open(deal());
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void this New Letting deal?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Void Deal' }));
    expect(await within(dialog).findByText(DEAL_CHANGE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('DELETE', '/api/deals/7')).toHaveLength(0);
  });

  it('by keyboard: typed reason and Enter voids; the view shows the deal struck through, who, when, why', async () => {
    const { api, user } = open(deal());
    (await screen.findByRole('button', { name: 'Void' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Void this New Letting deal?' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus());
    await user.keyboard('Recorded twice{Enter}');
    await waitFor(() => expect(api.callsTo('DELETE', '/api/deals/7')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/api/deals/7')[0]!.body).toEqual({ reason: 'Recorded twice' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Voided by Alice Agent, 01/05/2026');
    expect(notice).toHaveTextContent('Reason: Recorded twice');
    expect(notice).toHaveTextContent('Left as a later change set them: Rent Pa');
    expect(screen.getByRole('heading', { name: /New Letting/ })).toHaveStyle({
      textDecoration: 'line-through',
    });
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('Escape closes it and keeps the deal', async () => {
    const { api, user } = open(deal());
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/deals/7')).toHaveLength(0);
  });

  it('has no serious accessibility violation', async () => {
    const { user } = open(deal());
    await user.click(await screen.findByRole('button', { name: 'Void' }));
    await screen.findByRole('dialog');
    expect(await seriousViolations()).toEqual([]);
  });
});

describe('a voided deal', () => {
  it('is shown struck through with who, when, why and the fields left; no Edit or Void', async () => {
    open(voided());
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Reason: Recorded on the wrong unit');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
