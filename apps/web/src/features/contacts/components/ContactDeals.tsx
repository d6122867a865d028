import { useState } from 'react';
import type { RecordDealItem } from '@frontage/shared';
import { EntityLink } from '../../../components/DetailList';
import { DealsCard } from '../../../entities/deals/DealsCard';
import { dealListFigures, dealPlaceOf } from '../../../entities/deals/listRow';
import { dealPartyRoleLabel, useRecordDeals } from '../../../entities/deals/recordDeals';

const PER_PAGE = 10;

const placeCell = (d: RecordDealItem) => {
  const place = dealPlaceOf(d);
  return place ? <EntityLink to={place.to}>{place.name}</EntityLink> : '';
};

/** The deals the contact is a party to, newest first, with the role they hold on each. */
export function ContactDeals({ userId }: { userId: number }) {
  const [page, setPage] = useState(0);
  const query = useRecordDeals(`/users/${userId}`, page + 1, PER_PAGE);
  return (
    <DealsCard
      query={query}
      tableLabel="Deals of this contact"
      perPage={PER_PAGE}
      page={page}
      onPage={setPage}
      figures={dealListFigures}
      place={{ header: 'Property / Scheme', cell: placeCell }}
      role={{ header: 'Role', cell: (d) => d.roles.map(dealPartyRoleLabel).join(', ') }}
    />
  );
}
