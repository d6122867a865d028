import { useEffect, useState } from 'react';
import { Link, MenuItem, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import type { SCHEME_SORTS } from '@frontage/shared';
import { DEBOUNCE_SEARCH_MS, SCHEME_TYPES, type Scheme } from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { useSchemeList } from '../../../entities/schemes/api';
import { useListPage, type ListStore } from '../../../lib/useListPage';
import { ListLayout } from '../../../components/ListLayout';
import {
  ArchivedFilter,
  useArchivedParam,
  type ArchivedChoice,
} from '../../../entities/archive/ArchivedFilter';

type SchemeSort = (typeof SCHEME_SORTS)[number];

/** Filters, sort and paging of /schemes, saved per user (ui-state `schemes`). */
export interface SchemeListState extends Record<string, unknown> {
  q: string;
  town: string;
  type: string;
  landlord: { id: number; name: string } | null;
  /** The admins' Archived filter (ADR 0078). */
  archived?: ArchivedChoice;
  sort: SchemeSort;
  page: number;
  per_page: number;
}

export const DEFAULT_SCHEME_LIST: SchemeListState = {
  q: '',
  town: '',
  type: 'all',
  landlord: null,
  archived: '',
  sort: 'name',
  page: 1,
  per_page: 25,
};

const SORTABLE = new Set(['name', 'town', 'opened_at', 'updated_at']);

const columns: GridColDef<Scheme>[] = [
  {
    field: 'name',
    headerName: 'Scheme Name',
    flex: 1.4,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/schemes?id=${row.id}`}>
        {row.name}
      </Link>
    ),
  },
  { field: 'type', headerName: 'Type', width: 140, sortable: false },
  {
    field: 'town',
    headerName: 'Town',
    flex: 0.8,
    minWidth: 120,
    valueGetter: (_v, row) => row.address?.city ?? '',
  },
  {
    field: 'post_code',
    headerName: 'Post Code',
    width: 100,
    sortable: false,
    valueGetter: (_v, row) => row.address?.post_code ?? '',
  },
  { field: 'opened_at', headerName: 'Opened', width: 90 },
  {
    field: 'properties_count',
    headerName: 'Units',
    width: 80,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
  },
  {
    field: 'landlords',
    headerName: 'Landlords',
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueGetter: (_v, row) => (row.landlords ?? []).map((l) => l.name).join(', '),
  },
];

export function SchemeList({ store }: { store: ListStore<SchemeListState> }) {
  const view = useListPage(store);
  const { state, filter } = view;
  const [q, setQ] = useState(state.q);
  const [town, setTown] = useState(state.town);
  const dq = useDebouncedValue(q, DEBOUNCE_SEARCH_MS);
  const dTown = useDebouncedValue(town, DEBOUNCE_SEARCH_MS);
  useEffect(() => {
    if (dq !== state.q || dTown !== state.town) filter({ q: dq, town: dTown });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typed text flows this way; the saved state is the source for the rest
  }, [dq, dTown]);
  const archived = useArchivedParam(state.archived);
  // The export takes the list's filters and sort exactly; it streams every row, so no paging.
  const filters = {
    q: state.q || undefined,
    town: state.town || undefined,
    type: state.type as 'all',
    landlord_id: state.landlord?.id,
    archived,
    sort: state.sort,
  };
  const list = useSchemeList({ ...filters, page: view.page, per_page: state.per_page });
  const total = list.data?.meta.pagination.total;
  return (
    <ListLayout
      filtersLabel="Schemes filters"
      filters={
        <>
          <TextField
            size="small"
            label="Search"
            placeholder="Name or address"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <TextField size="small" label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
          <TextField
            size="small"
            select
            label="Type"
            value={state.type}
            onChange={(e) => filter({ type: e.target.value })}
          >
            <MenuItem value="all">All types</MenuItem>
            {SCHEME_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <CompanyPicker
            label="Landlord"
            allowCreate={false}
            value={state.landlord}
            onChange={(c) => filter({ landlord: c ? { id: c.id, name: c.name } : null })}
          />
          <ArchivedFilter value={state.archived} onChange={(v) => filter({ archived: v })} />
        </>
      }
      summary={
        total === undefined ? '' : `${total.toLocaleString('en-GB')} ${total === 1 ? 'scheme' : 'schemes'}`
      }
      tools={<CsvExportButton path="/schemes/export" query={filters} fileName="schemes.csv" />}
    >
      <DataTable<Scheme>
        label="Schemes"
        rows={list.data?.data ?? []}
        columns={columns}
        rowCount={list.data?.meta.pagination.total ?? 0}
        loading={list.isFetching}
        {...view.paging}
        sortModel={sortModelOf(state.sort)}
        onSortModelChange={(m) => {
          const p = sortParamOf(m);
          const ok = p && SORTABLE.has(p.replace(/^-/, ''));
          filter({ sort: (ok ? p : 'name') as SchemeSort });
        }}
        noRowsLabel="No schemes found"
      />
    </ListLayout>
  );
}
