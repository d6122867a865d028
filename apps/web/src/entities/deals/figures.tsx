import type { ReactNode } from 'react';
import { formatMoney, SALE_TYPE_LABELS, type DealSummary } from '@frontage/shared';
import { CompanyName } from '../companies/CompanyName';

const money = (amount: string | null, currency: string | null) =>
  amount ? formatMoney(amount, currency ?? 'GBP') : null;

type Tenant = DealSummary['tenant'];

/** A tenant with its retailer indicator (when the row carries its verification), else 'Vacant'. */
const tenantOf = (c: Tenant): ReactNode => (c ? <CompanyName company={c} /> : 'Vacant');

/**
 * A deal's key figures in one line, as a list shows them: the rent before and after for a review
 * or renewal, the tenant before and after for a tenant change (each with its indicator), the sale
 * type and price for a sale.
 */
export const dealFigures = (d: DealSummary): ReactNode => {
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
      if ((d.prev_tenant?.id ?? null) === (d.tenant?.id ?? null)) return tenantOf(d.tenant);
      // Inline, with the arrow's spaces as text: the line reads (and copies) "Boots → Greggs".
      return (
        <span>
          {tenantOf(d.prev_tenant)}
          {' → '}
          {tenantOf(d.tenant)}
        </span>
      );
    }
  }
};
