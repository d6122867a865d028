import { useState } from 'react';
import { EntityLink } from '../../../components/DetailList';
import { DealsCard } from '../../../entities/deals/DealsCard';
import { dealListFigures, dealPlaceOf } from '../../../entities/deals/listRow';
import { dealPartyRoleLabel, useRecordDeals } from '../../../entities/deals/recordDeals';

const PER_PAGE = 25;

/**
 * Every deal the company is a party to, newest first: its role on each, the type (opening the
 * deal), the unit or scheme, the effective date and the figures.
 */
export function DealsTab({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(0);
  const deals = useRecordDeals(`/companies/${companyId}`, page + 1, PER_PAGE);
  return (
    <DealsCard
      query={deals}
      tableLabel="Deals of this company"
      perPage={PER_PAGE}
      page={page}
      onPage={setPage}
      figures={dealListFigures}
      place={{
        header: 'Unit',
        cell: (d) => {
          const place = dealPlaceOf(d);
          return place ? <EntityLink to={place.to}>{place.name}</EntityLink> : '—';
        },
      }}
      role={{ header: 'Role', cell: (d) => d.roles.map(dealPartyRoleLabel).join(', ') }}
    />
  );
}
