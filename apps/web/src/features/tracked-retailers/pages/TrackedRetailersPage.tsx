import { useNavigate } from 'react-router';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Stack } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDate, type TrackedRetailer } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { ListLayout } from '../../../components/ListLayout';
import { ListSearchField } from '../../../components/ListSearchField';
import { CategoryFilter, VerificationFilter } from '../../../entities/companies/CompanyFilters';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import {
  TRACKED_RETAILER_LIST_DEFAULTS,
  sanitizeTrackedRetailerListState,
  trackedRetailerFilterQuery,
  useTrackedRetailerList,
  type TrackedRetailerListState,
} from '../../../entities/tracked-retailers/api';
import { retailerHref } from '../../../entities/tracked-retailers/links';
import { useListPage } from '../../../lib/useListPage';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { categoryNames } from '../components/categoryNames';

/** Every column but the desk's `queue` order sorts on the server (TRACKED_RETAILER_SORTS). */
const SORTABLE = new Set(['name', 'stores', 'openings', 'closures', 'verified_at']);

/** /core-data: the retailers the platform follows, for every user. */
export default function TrackedRetailersPage() {
  const navigate = useNavigate();
  const view = useListPage(
    useSavedUiState<TrackedRetailerListState>(
      'tracked_retailers',
      TRACKED_RETAILER_LIST_DEFAULTS,
      sanitizeTrackedRetailerListState,
    ),
  );
  const { state, ready, filter } = view;
  const list = useTrackedRetailerList(state, view.page, ready);

  const columns: GridColDef<TrackedRetailer>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <VerificationIndicator company={row} />
          <Link component={RouterLink} to={retailerHref(row.id)} noWrap onClick={(e) => e.stopPropagation()}>
            {row.name}
          </Link>
        </Stack>
      ),
    },
    {
      field: 'categories',
      headerName: 'Categories',
      flex: 1.2,
      minWidth: 160,
      sortable: false,
      valueGetter: (_v, row) => categoryNames(row.categories),
    },
    { field: 'stores', headerName: 'Stores', type: 'number', width: 90 },
    { field: 'openings', headerName: 'Openings (12 m)', type: 'number', width: 130 },
    { field: 'closures', headerName: 'Closures (12 m)', type: 'number', width: 130 },
    {
      field: 'verified_at',
      headerName: 'Last verified',
      width: 130,
      valueFormatter: (v: string | null) => (v ? formatDate(v) : 'Never'),
    },
  ];

  const total = list.data?.meta.pagination.total ?? 0;

  return (
    <Box>
      <PageHeading
        title="Tracked Retailers"
        actions={
          <CsvExportButton
            path="/tracked-retailers/export"
            query={trackedRetailerFilterQuery(state)}
            fileName="tracked-retailers.csv"
          />
        }
      />
      <ListLayout
        filtersLabel="Filter tracked retailers"
        columns={3}
        filters={
          <>
            {ready && (
              <ListSearchField label="Search retailers" initial={state.q} onSearch={(q) => filter({ q })} />
            )}
            <CategoryFilter value={state.category_id} onChange={(category_id) => filter({ category_id })} />
            <VerificationFilter
              value={state.verification}
              onChange={(verification) => filter({ verification })}
            />
          </>
        }
        summary={
          list.data ? `${total.toLocaleString('en-GB')} tracked retailer${total === 1 ? '' : 's'}` : ''
        }
      >
        <DataTable<TrackedRetailer>
          label="Tracked retailers"
          rows={list.data?.data ?? []}
          columns={columns}
          rowCount={total}
          loading={!ready || list.isFetching}
          {...view.paging}
          sortModel={sortModelOf(state.sort)}
          onSortModelChange={(m) => {
            const sort = sortParamOf(m);
            filter({ sort: sort && SORTABLE.has(sort.replace(/^-/, '')) ? sort : 'name' });
          }}
          rowHeight={44}
          noRowsLabel="No tracked retailers found"
          onRowOpen={(row) => void navigate(retailerHref(row.id))}
        />
      </ListLayout>
    </Box>
  );
}
