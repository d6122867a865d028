import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { RETAILER_STORE_SORTS, formatDate, type RetailerStore } from '@frontage/shared';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { ListSearchField } from '../../../components/ListSearchField';
import { PointsMap, type MapPointItem } from '../../../components/map/PointsMap';
import { useRetailerStorePoints, useRetailerStores } from '../../../entities/tracked-retailers/api';
import { propertyHref } from '../../../entities/tracked-retailers/links';

const SORTS = new Set<string>(RETAILER_STORE_SORTS);

/** A retailer's stores: the server-side table and the map of every store (a point opens the unit). */
export function RetailerStores({ retailerId }: { retailerId: number }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [sort, setSort] = useState('town');
  const [paging, setPaging] = useState({ page: 0, pageSize: 25 });
  const stores = useRetailerStores(retailerId, {
    q,
    sort,
    page: paging.page + 1,
    per_page: paging.pageSize,
  });
  const points = useRetailerStorePoints(retailerId);
  const mapPoints = useMemo<MapPointItem[]>(
    () =>
      (points.data?.data ?? []).map(([id, lng, lat]) => ({ id, lng, lat, label: `Open store unit ${id}` })),
    [points.data],
  );

  const columns: GridColDef<RetailerStore>[] = [
    {
      field: 'address',
      headerName: 'Address',
      flex: 1.6,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={propertyHref(row.property_id)} onClick={(e) => e.stopPropagation()}>
          {row.full_address ?? `Unit ${row.property_id}`}
        </Link>
      ),
    },
    { field: 'town', headerName: 'Town', flex: 0.8, minWidth: 120 },
    { field: 'post_code', headerName: 'Post code', width: 100, sortable: false },
    {
      field: 'scheme',
      headerName: 'Scheme',
      flex: 0.8,
      minWidth: 120,
      sortable: false,
      valueGetter: (_v, row) => row.scheme?.name ?? '',
    },
    { field: 'since', headerName: 'Since', width: 110, valueFormatter: (v: string | null) => formatDate(v) },
    {
      field: 'lease_end_date',
      headerName: 'Lease end',
      width: 110,
      sortable: false,
      valueFormatter: (v: string | null) => formatDate(v),
    },
    {
      field: 'break_date',
      headerName: 'Break',
      width: 110,
      sortable: false,
      valueFormatter: (v: string | null) => formatDate(v),
    },
  ];
  const total = stores.data?.meta.pagination.total ?? 0;

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="retailer-stores-map" sx={{ p: 2 }}>
        <Typography id="retailer-stores-map" variant="h2" sx={{ mb: 1 }}>
          Map of stores
        </Typography>
        {points.data?.truncated && (
          <Alert severity="info" sx={{ mb: 1 }}>
            The map shows the first {points.data.data.length.toLocaleString('en-GB')} stores.
          </Alert>
        )}
        <PointsMap
          label="Map of the retailer's stores"
          points={mapPoints}
          onPick={(id) => void navigate(propertyHref(Number(id)))}
          height={320}
        />
      </Paper>
      <Box component="section" aria-labelledby="retailer-stores-list">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="retailer-stores-list" variant="h2" sx={{ flexGrow: 1 }}>
            Stores
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {stores.data ? `${total.toLocaleString('en-GB')} store${total === 1 ? '' : 's'}` : ''}
          </Typography>
        </Stack>
        <Box sx={{ maxWidth: 360, mb: 1 }}>
          <ListSearchField
            label="Search stores"
            initial=""
            onSearch={(text) => {
              setQ(text);
              setPaging((p) => ({ ...p, page: 0 }));
            }}
          />
        </Box>
        <DataTable<RetailerStore>
          label="Stores"
          rows={stores.data?.data ?? []}
          columns={columns}
          getRowId={(r) => r.property_id}
          rowCount={total}
          loading={stores.isFetching}
          paginationModel={paging}
          onPaginationModelChange={(m) => setPaging(m.pageSize !== paging.pageSize ? { ...m, page: 0 } : m)}
          sortModel={sortModelOf(sort)}
          onSortModelChange={(m) => {
            const s = sortParamOf(m);
            setSort(s && SORTS.has(s) ? s : 'town');
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          noRowsLabel="No stores recorded"
          onRowOpen={(row) => void navigate(propertyHref(row.property_id))}
        />
      </Box>
    </Stack>
  );
}
