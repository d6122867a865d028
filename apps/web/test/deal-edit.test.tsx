import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEAL_PARTY_LIST_NAMES, type Deal, type Property } from '@frontage/shared';
import { DealWizardHost } from '../src/features/deals/DealWizardHost';
import DealsPage from '../src/features/deals/pages/DealsPage';
import { renderRoute } from './renderRoute';
import { json, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { party, property } from './placesFixtures';

/**
 * Edit on a deal's view (ADR 0077) opens the deal's wizard on the deal's recorded values
 * (not the property's current ones), locked on its property; Finish sends PUT /api/deals/{id}
 * with the version read as If-Match, and records no new deal.
 */

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));
beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

const BOOTS = party(7, 'Boots');
const UNIT = property(12, {
  currency: 'GBP',
  rent_pa: '52000.00',
  tenant_id: 7,
  tenant: BOOTS,
}) as unknown as Property;

const REVIEW = {
  ...Object.fromEntries(DEAL_PARTY_LIST_NAMES.map((n) => [n, []])),
  id: 7,
  entity_type: 'deal',
  deal_type: 'rent_review',
  property_id: 12,
  scheme_id: null,
  effective_date: '2021-03-25',
  reason: null,
  sale_type: null,
  sale_price: null,
  prev_rent_pa: '40000.00',
  prev_rent_sqft: null,
  rent_pa: '45000.00',
  rent_sqft: null,
  rateable_value: null,
  service_charge: null,
  incentive: null,
  currency: 'GBP',
  planning: null,
  lease_start_date: null,
  lease_end_date: null,
  next_review_date: null,
  break_date: null,
  rent_review_clause: null,
  break_clause: null,
  tenant: BOOTS,
  legal_tenant: null,
  prev_tenant: BOOTS,
  prev_legal_tenant: null,
  links: [],
  property: { id: 12, building_num: 'Unit 9', full_address: 'Park Lane, Portsmouth, PO1 3LP', scheme: null },
  scheme: null,
  created_by: { id: 2, name: 'Alice Agent' },
  created_by_company_id: 1,
  created_at: '2021-03-26T09:00:00Z',
  changes: [],
  voided_at: null,
  voided_by: null,
  void_reason: null,
  void_left_fields: [],
  version: 'v1',
} as unknown as Deal;

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 20, current_page: 1, total_pages: 0 } },
};

describe('correcting a deal from its view', () => {
  it('Edit opens its wizard on the deal’s values; Finish sends PUT with If-Match, no new deal', async () => {
    const puts: Array<{ body: unknown; ifMatch: string | null }> = [];
    const { user, api } = renderRoute('/deals?id=7', {
      user: makeUser(),
      pages: { '/deals': <DealsPage /> },
      beside: <DealWizardHost />,
      routes: {
        'GET /api/deals/7': () => json(200, { data: REVIEW }),
        'GET /api/properties/12': () => json(200, { data: UNIT }),
        'GET /api/properties/12/history': () => json(200, emptyPage),
        'GET /api/properties/12/deals': () => json(200, emptyPage),
        'GET /api/comments': () => json(200, emptyPage),
        'PUT /api/deals/7': (req: FakeRequest) => {
          puts.push({ body: req.body, ifMatch: req.headers.get('If-Match') });
          return json(200, {
            data: { ...REVIEW, rent_pa: '47000.00', version: 'v2' },
            meta: { left_fields: [] },
          });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const wizard = await screen.findByRole('dialog', { name: 'Correct Deal - Rent Review' });
    const tabs = () => within(wizard).getAllByRole('tab');
    // Loaded and locked on the deal's property (step 2 open).
    expect(await within(wizard).findByRole('textbox', { name: 'Street' })).toHaveValue('Park Lane');
    await user.click(tabs().find((t) => t.textContent?.includes('Rent Information'))!);
    // The deal's rent (45,000), not the property's current one (52,000).
    const rent = within(wizard).getByRole('textbox', { name: 'New Rent Pa' });
    expect(rent).toHaveValue('45,000.00');
    await user.clear(rent);
    await user.type(rent, '47000');
    await user.click(tabs().at(-1)!);
    await user.click(within(wizard).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.ifMatch).toBe('"v1"');
    expect(puts[0]!.body).toMatchObject({
      deal_type: 'rent_review',
      property_id: 12,
      effective_date: '2021-03-25',
      rent_pa: '47000.00',
      prev_rent_pa: '40000.00',
      tenant_id: 7,
    });
    expect(api.callsTo('POST', '/api/deals')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Correct Deal/ })).toBeNull());
  });
});
