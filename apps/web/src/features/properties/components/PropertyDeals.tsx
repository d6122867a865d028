import { useState } from 'react';
import { Button } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DEAL_MENU, isAdmin, type DealType, type Property } from '@frontage/shared';
import { usePropertyDeals } from '../../../entities/deals/api';
import { DealsCard } from '../../../entities/deals/DealsCard';
import { dealFigures } from '../../../entities/deals/figures';
import { WIZARD_TYPES, withDealWizard } from '../../../entities/deals/links';
import { useCurrentUser } from '../../../lib/session';

const PER_PAGE = 10;
/** The types the view's Create Deal chooser offers (ADR 0049); the others keep a button here. */
const IN_CHOOSER: ReadonlySet<DealType> = new Set(['sale', 'new_letting', 'subletting']);

/**
 * The property's deals, newest first: type (opening the deal), effective date, key
 * figures, who recorded it and when; and a button per wizard the Create Deal chooser does not
 * offer (rent review, renewal, tracked retailer) that opens it on this property (preselected and
 * locked, at step 2).
 */
export function PropertyDeals({ property, name }: { property: Property; name: string }) {
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const [page, setPage] = useState(0);
  const q = usePropertyDeals(property.id, page + 1, PER_PAGE);
  const offered = DEAL_MENU.filter(
    (d) => !IN_CHOOSER.has(d.type) && WIZARD_TYPES.includes(d.type) && (!d.adminOnly || isAdmin(user)),
  );
  return (
    <DealsCard
      query={q}
      tableLabel="Deals of this property"
      perPage={PER_PAGE}
      page={page}
      onPage={setPage}
      figures={dealFigures}
      actions={offered.map((d) => (
        <Button
          key={d.type}
          size="small"
          variant="outlined"
          component={RouterLink}
          to={{ search: withDealWizard(search, d.type, { id: property.id, name }).toString() }}
        >
          {d.label}
        </Button>
      ))}
    />
  );
}
