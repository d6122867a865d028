import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MESSAGES, type DealSummary } from '@frontage/shared';
import { dealFigures } from '../src/entities/deals/figures';

const summary = (over: Partial<DealSummary>): DealSummary => ({
  id: 1,
  deal_type: 'new_letting',
  effective_date: '2026-03-01',
  sale_type: null,
  sale_price: null,
  prev_rent_pa: null,
  rent_pa: '45000.00',
  rent_sqft: null,
  currency: 'GBP',
  tenant: null,
  prev_tenant: null,
  created_by: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const show = (d: DealSummary) => render(<div data-testid="figures">{dealFigures(d)}</div>);

describe("a property's deal figures", () => {
  it('name the tenant before and after a change, each with its retailer indicator', () => {
    show(
      summary({
        deal_type: 'tracked_retailer',
        prev_tenant: { id: 1, name: 'Boots', is_verified: true, verified_at: '2026-01-02T00:00:00.000Z' },
        tenant: { id: 2, name: 'Greggs', is_verified: false, verified_at: '2025-05-01T00:00:00.000Z' },
      }),
    );
    expect(screen.getByTestId('figures')).toHaveTextContent('Boots → Greggs');
    expect(screen.getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified })).toBeInTheDocument();
  });

  it('say Vacant for a unit let from empty, and name the tenant once when it stays', () => {
    const { unmount } = show(
      summary({ tenant: { id: 2, name: 'Greggs', is_verified: false, verified_at: null } }),
    );
    expect(screen.getByTestId('figures')).toHaveTextContent('Vacant → Greggs');
    expect(screen.getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();
    unmount();
    const boots = { id: 1, name: 'Boots', is_verified: true, verified_at: '2026-01-02T00:00:00.000Z' };
    show(summary({ deal_type: 'subletting', prev_tenant: boots, tenant: boots }));
    expect(screen.getByTestId('figures')).toHaveTextContent(/^Boots$/);
  });

  it('give the rents of a review and the sale type and price of a sale as text', () => {
    show(summary({ deal_type: 'rent_review', prev_rent_pa: '40000.00', rent_pa: '45000.00' }));
    expect(screen.getByTestId('figures')).toHaveTextContent('Rent £40,000.00 → £45,000.00');
  });
});
