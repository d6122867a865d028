import { useState } from 'react';
import { EntityLink } from '../../../components/DetailList';
import { useDealList } from '../../../entities/deals/api';
import { DealsCard } from '../../../entities/deals/DealsCard';
import { dealListFigures, dealPlaceOf } from '../../../entities/deals/listRow';

const PER_PAGE = 10;

/**
 * The scheme's deals: sales of the scheme and deals on its units, newest first
 * (GET /api/deals?scheme_id=), each opening its deal view.
 */
export function SchemeDeals({ schemeId }: { schemeId: number }) {
  const [page, setPage] = useState(0);
  const q = useDealList({ scheme_id: schemeId, sort: '-effective_date', page: page + 1, per_page: PER_PAGE });
  return (
    <DealsCard
      query={q}
      tableLabel="Deals of this scheme"
      perPage={PER_PAGE}
      page={page}
      onPage={setPage}
      figures={dealListFigures}
      place={{
        header: 'Unit',
        cell: (d) =>
          d.property ? (
            <EntityLink to={`/properties?id=${d.property.id}`}>{dealPlaceOf(d)?.name}</EntityLink>
          ) : (
            'The scheme'
          ),
      }}
    />
  );
}
