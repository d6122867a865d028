import { formatMoney, SALE_TYPE_LABELS, type DealSummary } from '@frontage/shared';

const money = (amount: string | null, currency: string | null) =>
  amount ? formatMoney(amount, currency ?? 'GBP') : null;

/**
 * A deal's key figures in one line, as a list shows them: the rent before and after for a review
 * or renewal, the tenant before and after for a tenant change, the sale type and price for a sale.
 */
export const dealFigures = (d: DealSummary): string => {
  switch (d.deal_type) {
    case 'rent_review':
    case 'lease_renewal': {
      const before = money(d.prev_rent_pa, d.currency);
      const after = money(d.rent_pa, d.currency);
      if (before && after && before !== after) return `Rent ${before} → ${after}`;
      return after ? `Rent ${after}` : '';
    }
    case 'sale':
      return [d.sale_type ? SALE_TYPE_LABELS[d.sale_type] : null, money(d.sale_price, d.currency)]
        .filter(Boolean)
        .join(', ');
    default: {
      const before = d.prev_tenant?.name ?? 'Vacant';
      const after = d.tenant?.name ?? 'Vacant';
      return before === after ? after : `${before} → ${after}`;
    }
  }
};
