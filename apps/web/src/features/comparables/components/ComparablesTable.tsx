import { Link } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { DEAL_TYPE_LABELS, formatDate, formatMoney, type Comparable } from '@frontage/shared';
import { DataTable } from '../../../components/DataTable';
import { perSqft, sqft } from './money';

const money = (v: string | null, currency: string) => (v === null ? '' : formatMoney(v, currency));
const rate = (v: string | null, currency: string) => (v === null ? '' : perSqft(v, currency));

const shown: GridColDef<Comparable>[] = [
  {
    field: 'effective_date',
    headerName: 'Date',
    width: 110,
    valueFormatter: (v: string | null) => formatDate(v),
  },
  {
    field: 'deal_type',
    headerName: 'Type',
    width: 170,
    valueGetter: (_v, row) => DEAL_TYPE_LABELS[row.deal_type],
  },
  {
    field: 'property',
    headerName: 'Property',
    flex: 1.5,
    minWidth: 220,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/properties?id=${row.property.id}`}>
        {[row.property.building_num, row.property.full_address].filter(Boolean).join(' ')}
      </Link>
    ),
  },
  {
    field: 'tenant',
    headerName: 'Tenant',
    flex: 0.8,
    minWidth: 130,
    valueGetter: (_v, row) => row.tenant?.name ?? '',
  },
  {
    field: 'rent_pa',
    headerName: 'Rent pa',
    width: 120,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => money(row.rent_pa, row.currency),
  },
  {
    field: 'rent_sqft',
    headerName: 'Rent per sq ft',
    width: 150,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => rate(row.rent_sqft, row.currency),
    description: 'The deal’s rent per sq ft when it agrees with rent pa ÷ NIA, else rent pa ÷ NIA',
  },
  {
    field: 'zone_a',
    headerName: 'Zone A',
    width: 150,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => rate(row.zone_a, row.currency),
    description: 'Rent pa ÷ ITZA, where the ITZA is known',
  },
  {
    field: 'nia_sqft',
    headerName: 'Area (NIA)',
    width: 130,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => sqft(row.nia_sqft),
  },
];
/** The server keeps one order, newest first. */
const columns = shown.map((c): GridColDef<Comparable> => ({ ...c, sortable: false }));

interface Props {
  rows: Comparable[];
  total: number;
  loading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (m: GridPaginationModel) => void;
}

/** The matching deals, newest first, a server page at a time. */
export function ComparablesTable(props: Props) {
  return (
    <DataTable<Comparable>
      label="Comparable deals"
      rows={props.rows}
      columns={columns}
      getRowId={(r) => r.deal_id}
      rowCount={props.total}
      loading={props.loading}
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      sortModel={[]}
      onSortModelChange={() => {}}
      noRowsLabel="No comparable deals found"
    />
  );
}
