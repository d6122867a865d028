import { Link } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { DEAL_TYPE_LABELS, formatDate, formatMoney, type DealListItem } from '@frontage/shared';
import { dealPlaceOf } from '../../../entities/deals/listRow';
import { CompanyName } from '../../../entities/companies/CompanyName';

const money = (v: string | null, currency: string | null) => (v ? formatMoney(v, currency ?? 'GBP') : '');

const right = { align: 'right', headerAlign: 'right' } as const;

/** The grid columns that sort on the server, by the DEAL_SORTS key they stand for. */
export const SORTABLE_DEAL_COLUMNS = new Set([
  'effective_date',
  'rent_pa',
  'rent_sqft',
  'sale_price',
  'created_at',
]);

/** The /deals table: type, place, tenant, date, rent, price and who recorded it when. */
export const dealColumns: GridColDef<DealListItem>[] = [
  {
    field: 'deal_type',
    headerName: 'Type',
    width: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/deals?id=${row.id}`}>
        {DEAL_TYPE_LABELS[row.deal_type]}
      </Link>
    ),
  },
  {
    field: 'place',
    headerName: 'Property / Scheme',
    flex: 2,
    minWidth: 200,
    sortable: false,
    renderCell: ({ row }) => {
      const place = dealPlaceOf(row);
      return place ? (
        <Link component={RouterLink} to={place.to}>
          {place.name}
        </Link>
      ) : (
        ''
      );
    },
  },
  {
    field: 'tenant',
    headerName: 'Tenant',
    flex: 1,
    minWidth: 120,
    sortable: false,
    valueGetter: (_v, row) => row.tenant?.name ?? '',
    renderCell: ({ row }) => (row.tenant ? <CompanyName company={row.tenant} /> : ''),
  },
  {
    field: 'effective_date',
    headerName: 'Effective Date',
    width: 115,
    valueGetter: (_v, row) => formatDate(row.effective_date),
  },
  {
    field: 'rent_pa',
    headerName: 'Rent Pa',
    width: 115,
    ...right,
    valueGetter: (_v, row) => money(row.rent_pa, row.currency),
  },
  {
    field: 'rent_sqft',
    headerName: 'Rent per sqft',
    width: 110,
    ...right,
    valueGetter: (_v, row) => money(row.rent_sqft, row.currency),
  },
  {
    field: 'sale_price',
    headerName: 'Price',
    width: 130,
    ...right,
    valueGetter: (_v, row) => money(row.sale_price, row.currency),
  },
  {
    field: 'created_by',
    headerName: 'Recorded By',
    flex: 0.8,
    minWidth: 120,
    sortable: false,
    valueGetter: (_v, row) => row.created_by?.name ?? '',
  },
  {
    field: 'created_at',
    headerName: 'Recorded On',
    width: 110,
    valueGetter: (_v, row) => formatDate(row.created_at),
  },
];
