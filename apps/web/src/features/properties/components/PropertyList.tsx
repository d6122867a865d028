import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Link, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import {
  DEBOUNCE_SEARCH_MS,
  formatDate,
  formatMoney,
  parseTypedDate,
  type Property,
  type PropertySort,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { CompanyName } from '../../../entities/companies/CompanyName';
import { DateField } from '../../../components/fields/DateField';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import type { QueryValue } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import {
  PROPERTY_SEARCH_LABEL,
  usePropertyList,
  type PropertyListParams,
} from '../../../entities/properties/api';
import { useListPage, type ListStore } from '../../../lib/useListPage';
import { ListLayout } from '../../../components/ListLayout';
import {
  ArchivedFilter,
  useArchivedParam,
  type ArchivedChoice,
} from '../../../entities/archive/ArchivedFilter';

interface Ref {
  id: number;
  name: string;
}

/** The list's filters, sort and paging: what is saved per user (ui-state `properties`). */
export interface PropertyListState extends Record<string, unknown> {
  q: string;
  town: string;
  scheme: Ref | null;
  tenant: Ref | null;
  landlord: Ref | null;
  vacant: boolean;
  lease_end_from: string;
  lease_end_to: string;
  /** The admins' Archived filter (ADR 0078). */
  archived?: ArchivedChoice;
  sort: PropertySort;
  page: number;
  per_page: number;
}

export const DEFAULT_PROPERTY_LIST: PropertyListState = {
  q: '',
  town: '',
  scheme: null,
  tenant: null,
  landlord: null,
  vacant: false,
  lease_end_from: '',
  lease_end_to: '',
  archived: '',
  sort: '-updated_at',
  page: 1,
  per_page: 25,
};

/** Grid column → the server's sort key (PROPERTY_SORTS). */
const SORT_KEYS: Record<string, string> = {
  street: 'street',
  town: 'town',
  scheme: 'scheme',
  tenant: 'tenant',
  lease_end_date: 'lease_end_date',
  rent_pa: 'rent_pa',
  updated_at: 'updated_at',
};

const columns: GridColDef<Property>[] = [
  {
    field: 'building_num',
    headerName: 'Unit',
    width: 80,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/properties?id=${row.id}`}>
        {row.building_num || 'Open'}
      </Link>
    ),
  },
  {
    field: 'street',
    headerName: 'Street',
    // Street names are short ("Enterprise Way"); scheme names are long ("Shrewsbury Queensgate
    // Shopping Centre"): Scheme takes the room Street does not need.
    flex: 0.8,
    minWidth: 120,
    valueGetter: (_v, row) => row.address?.street ?? '',
  },
  {
    field: 'town',
    headerName: 'Town',
    flex: 0.6,
    minWidth: 104,
    valueGetter: (_v, row) => row.address?.city ?? '',
  },
  {
    field: 'post_code',
    headerName: 'Post Code',
    width: 88,
    sortable: false,
    valueGetter: (_v, row) => row.address?.post_code ?? '',
  },
  {
    field: 'scheme',
    headerName: 'Scheme',
    flex: 2,
    minWidth: 160,
    valueGetter: (_v, row) => row.scheme?.name ?? '',
  },
  {
    field: 'tenant',
    headerName: 'Tenant',
    flex: 1,
    minWidth: 100,
    valueGetter: (_v, row) => row.tenant?.name ?? 'Vacant',
    renderCell: ({ row, value }) => (row.tenant ? <CompanyName company={row.tenant} /> : (value as string)),
  },
  {
    field: 'landlords',
    headerName: 'Landlords',
    flex: 1,
    minWidth: 100,
    sortable: false,
    valueGetter: (_v, row) => (row.landlords ?? []).map((l) => l.name).join(', '),
  },
  {
    field: 'lease_end_date',
    headerName: 'Lease End',
    width: 95,
    valueGetter: (_v, row) => formatDate(row.lease_end_date),
  },
  {
    field: 'rent_pa',
    headerName: 'Rent Pa',
    width: 105,
    align: 'right',
    headerAlign: 'right',
    valueGetter: (_v, row) => (row.rent_pa ? formatMoney(row.rent_pa, row.currency) : ''),
  },
  {
    field: 'updated_at',
    headerName: 'Updated',
    width: 95,
    valueGetter: (_v, row) => formatDate(row.updated_at),
  },
];

interface Props {
  label: string;
  /** Saved per user (Properties) or held by the page (My Properties). */
  store: ListStore<PropertyListState>;
  /** My Properties: only those where the user or the user's company holds a party role. */
  mine?: boolean;
  enabled?: boolean;
}

/** The server-side property table with its filters (town, scheme, tenant, landlord, vacant, lease end between). */
export function PropertyList({ label, store, mine, enabled = true }: Props) {
  const view = useListPage(store);
  const { state, update, filter } = view;
  const [q, setQ] = useState(state.q);
  const [town, setTown] = useState(state.town);
  const dq = useDebouncedValue(q, DEBOUNCE_SEARCH_MS);
  const dTown = useDebouncedValue(town, DEBOUNCE_SEARCH_MS);
  useEffect(() => {
    if (dq !== state.q || dTown !== state.town) filter({ q: dq, town: dTown });
    // Only typed text flows this way; the saved state is the source for everything else.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typed text flows this way; the saved state is the source for the rest
  }, [dq, dTown]);

  const archived = useArchivedParam(state.archived);
  // The export takes the list's filters and sort exactly; it streams every row, so no paging.
  const filters = {
    q: state.q || undefined,
    town: state.town || undefined,
    scheme_id: state.scheme?.id,
    tenant_id: state.tenant?.id,
    landlord_id: state.landlord?.id,
    vacant: state.vacant ? ('1' as const) : undefined,
    lease_end_from: parseTypedDate(state.lease_end_from) ?? undefined,
    lease_end_to: parseTypedDate(state.lease_end_to) ?? undefined,
    mine: mine ? ('1' as const) : undefined,
    archived,
    sort: state.sort,
  } satisfies Record<string, QueryValue>;
  const params: PropertyListParams = { ...filters, page: view.page, per_page: state.per_page };
  const list = usePropertyList(params, enabled);
  const rows = list.data?.data ?? [];
  const sortField = state.sort.replace(/^-/, '');
  const gridSortField = Object.entries(SORT_KEYS).find(([, key]) => key === sortField)?.[0];
  const hasFilters = !!(
    state.q ||
    state.town ||
    state.scheme ||
    state.tenant ||
    state.landlord ||
    state.vacant ||
    state.lease_end_from ||
    state.lease_end_to ||
    archived
  );

  const total = list.data?.meta.pagination.total;
  return (
    <ListLayout
      filtersLabel={`${label} filters`}
      filters={
        <>
          <TextField
            size="small"
            label={PROPERTY_SEARCH_LABEL}
            placeholder="Street, post code, unit"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <TextField size="small" label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
          <SchemeCombobox
            value={state.scheme}
            onChange={(s) => filter({ scheme: s ? { id: s.id, name: s.name } : null })}
          />
          <CompanyPicker
            label="Tenant"
            allowCreate={false}
            value={state.tenant}
            onChange={(c) => filter({ tenant: c ? { id: c.id, name: c.name } : null })}
          />
          <CompanyPicker
            label="Landlord"
            allowCreate={false}
            value={state.landlord}
            onChange={(c) => filter({ landlord: c ? { id: c.id, name: c.name } : null })}
          />
          <DateField
            size="small"
            label="Lease end from"
            value={state.lease_end_from}
            onChange={(t) => filter({ lease_end_from: t })}
          />
          <DateField
            size="small"
            label="Lease end to"
            value={state.lease_end_to}
            onChange={(t) => filter({ lease_end_to: t })}
          />
          <ArchivedFilter value={state.archived} onChange={(v) => filter({ archived: v })} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={state.vacant}
                  onChange={(e) => filter({ vacant: e.target.checked })}
                />
              }
              label="Vacant only"
            />
            {hasFilters && (
              <Button
                size="small"
                onClick={() => {
                  setQ('');
                  setTown('');
                  update({ ...DEFAULT_PROPERTY_LIST, sort: state.sort, per_page: state.per_page });
                }}
              >
                Clear filters
              </Button>
            )}
          </Box>
        </>
      }
      summary={
        total === undefined
          ? ''
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'property' : 'properties'}`
      }
      tools={<CsvExportButton path="/properties/export" query={filters} fileName="properties.csv" />}
    >
      <DataTable<Property>
        label={label}
        rows={rows}
        columns={columns}
        rowCount={list.data?.meta.pagination.total ?? 0}
        loading={list.isFetching}
        {...view.paging}
        sortModel={
          gridSortField ? sortModelOf(state.sort.startsWith('-') ? `-${gridSortField}` : gridSortField) : []
        }
        onSortModelChange={(m) => {
          const p = sortParamOf(m);
          const field = p?.replace(/^-/, '');
          const key = field ? SORT_KEYS[field] : undefined;
          filter({ sort: (key ? (p?.startsWith('-') ? `-${key}` : key) : '-updated_at') as PropertySort });
        }}
        noRowsLabel={mine ? 'No properties where you or your company are a party' : 'No properties found'}
      />
    </ListLayout>
  );
}
