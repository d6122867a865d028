import { useState } from 'react';
import { Box, Button, ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  DEAL_LIST_MESSAGES,
  DEAL_MENU,
  DEBOUNCE_SEARCH_MS,
  type DealListItem,
  type DealSort,
  type DealType,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { DateField } from '../../../components/fields/DateField';
import { ListLayout } from '../../../components/ListLayout';
import { ListSearchField } from '../../../components/ListSearchField';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { ContactPicker } from '../../../entities/contacts/ContactPicker';
import { DEAL_SEARCH_LABEL, useDealList } from '../../../entities/deals/api';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import { useSettledText } from '../../../lib/useDebouncedValue';
import { useListPage, type ListStore } from '../../../lib/useListPage';
import { dealColumns, SORTABLE_DEAL_COLUMNS } from './dealColumns';
import {
  DEFAULT_DEAL_LIST,
  DEFAULT_DEAL_SORT,
  dealFiltersOf,
  hasDealFilters,
  rangeReversed,
  type DealListState,
} from './dealListState';

const ref = (r: { id: number; name: string } | null) => (r ? { id: r.id, name: r.name } : null);

/**
 * Every deal: the server-side table of GET /api/deals with its filters — free text, type, effective
 * date range, town, scheme, tenant, landlord, recorded by — its sort and page, saved per user, and
 * the CSV export of the same filter.
 */
export function DealList({ store }: { store: ListStore<DealListState> }) {
  const view = useListPage(store);
  const { state, update, filter } = view;
  const [town, setTown] = useSettledText(state.town, (t) => filter({ town: t }), DEBOUNCE_SEARCH_MS);
  // The search field owns its text: Clear filters mounts a new, empty one.
  const [searchKey, setSearchKey] = useState(0);

  const reversed = rangeReversed(state);
  // The export takes the list's filters and sort exactly; it streams every row, so no paging.
  const filters = dealFiltersOf(state);
  const list = useDealList({ ...filters, page: view.page, per_page: state.per_page }, !reversed);
  const total = reversed ? undefined : list.data?.meta.pagination.total;

  return (
    <ListLayout
      filtersLabel="Deals filters"
      filters={
        <>
          <ListSearchField
            key={searchKey}
            size="small"
            label={DEAL_SEARCH_LABEL}
            initial={state.q}
            onSearch={(q) => filter({ q })}
          />
          <TextField
            size="small"
            select
            label="Type"
            value={state.types}
            onChange={(e) => {
              const v = e.target.value as unknown as DealType[] | string;
              filter({ types: (typeof v === 'string' ? v.split(',') : v) as DealType[] });
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (v) =>
                  DEAL_MENU.filter((d) => (v as DealType[]).includes(d.type))
                    .map((d) => d.label)
                    .join(', '),
              },
            }}
          >
            {DEAL_MENU.map((d) => (
              <MenuItem key={d.type} value={d.type} dense>
                {/* The option's aria-selected says it is chosen; the box only shows it. */}
                <ListItemIcon sx={{ minWidth: 28 }}>
                  {state.types.includes(d.type) ? (
                    <CheckBoxIcon fontSize="small" color="primary" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText primary={d.label} />
              </MenuItem>
            ))}
          </TextField>
          <DateField
            size="small"
            label="Effective from"
            value={state.from}
            onChange={(t) => filter({ from: t })}
          />
          <DateField
            size="small"
            label="Effective to"
            value={state.to}
            onChange={(t) => filter({ to: t })}
            error={reversed}
            helperText={reversed ? DEAL_LIST_MESSAGES.dateOrder : undefined}
          />
          <TextField size="small" label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
          <SchemeCombobox value={state.scheme} onChange={(s) => filter({ scheme: ref(s) })} />
          <CompanyPicker
            label="Tenant"
            allowCreate={false}
            value={state.tenant}
            onChange={(c) => filter({ tenant: ref(c) })}
          />
          <CompanyPicker
            label="Landlord"
            allowCreate={false}
            value={state.landlord}
            onChange={(c) => filter({ landlord: ref(c) })}
          />
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <ContactPicker
                label="Recorded By"
                allowCreate={false}
                value={state.recorded_by}
                onChange={(c) => filter({ recorded_by: ref(c) })}
              />
            </Box>
            {hasDealFilters(state) && (
              <Button
                size="small"
                sx={{ mt: 0.5, flexShrink: 0 }}
                onClick={() => {
                  setTown('');
                  setSearchKey((k) => k + 1);
                  update({ ...DEFAULT_DEAL_LIST, sort: state.sort, per_page: state.per_page });
                }}
              >
                Clear filters
              </Button>
            )}
          </Box>
        </>
      }
      summary={
        total === undefined ? '' : `${total.toLocaleString('en-GB')} ${total === 1 ? 'deal' : 'deals'}`
      }
      tools={
        reversed ? undefined : <CsvExportButton path="/deals/export" query={filters} fileName="deals.csv" />
      }
    >
      <DataTable<DealListItem>
        label="Deals"
        rows={reversed ? [] : (list.data?.data ?? [])}
        columns={dealColumns}
        rowCount={total ?? 0}
        loading={list.isFetching}
        {...view.paging}
        sortModel={sortModelOf(state.sort)}
        onSortModelChange={(m) => {
          const p = sortParamOf(m);
          const ok = p && SORTABLE_DEAL_COLUMNS.has(p.replace(/^-/, ''));
          filter({ sort: (ok ? p : DEFAULT_DEAL_SORT) as DealSort });
        }}
        noRowsLabel={reversed ? DEAL_LIST_MESSAGES.dateOrder : 'No deals found'}
      />
    </ListLayout>
  );
}
