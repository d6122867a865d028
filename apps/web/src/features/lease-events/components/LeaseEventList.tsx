import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  ListItemIcon,
  ListItemText,
  MenuItem,
  TextField,
} from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  DEBOUNCE_SEARCH_MS,
  LEASE_EVENT_LABELS,
  LEASE_EVENT_MESSAGES,
  LEASE_EVENT_TYPES,
  formatDate,
  type LeaseEvent,
  type LeaseEventType,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/fields/DateField';
import { ListLayout } from '../../../components/ListLayout';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { useLeaseEvents } from '../../../entities/lease-events/api';
import { LEASE_EVENT_STATUS_LABELS } from '../../../entities/lease-events/LeaseEventLabel';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import { useSettledText } from '../../../lib/useDebouncedValue';
import { useListPage, type ListStore } from '../../../lib/useListPage';
import { leaseEventColumns } from './leaseEventColumns';
import {
  DEFAULT_LEASE_EVENT_LIST,
  LEASE_EVENT_STATUS_FILTERS,
  hasLeaseEventFilters,
  leaseEventFiltersOf,
  rangeReversed,
  type LeaseEventListState,
} from './leaseEventListState';

const ref = (r: { id: number; name: string } | null) => (r ? { id: r.id, name: r.name } : null);
const SORT_BY_DATE = [{ field: 'date', sort: 'asc' as const }];
const STATUS_LABELS = { ...LEASE_EVENT_STATUS_LABELS, all: 'All' };

/**
 * The lease-events work list: GET /api/lease-events over a date range (default today → +90
 * days) with its filters — type, hard only, scheme, town, tenant, landlord, my company's units,
 * recorded by me, status — saved per user, sorted by date, paged, with the CSV and XLSX export
 * of the same filter.
 */
export function LeaseEventList({ store }: { store: ListStore<LeaseEventListState> }) {
  const view = useListPage(store);
  const { state, update, filter } = view;
  const [town, setTown] = useSettledText(state.town, (t) => filter({ town: t }), DEBOUNCE_SEARCH_MS);

  const reversed = rangeReversed(state);
  const filters = leaseEventFiltersOf(state);
  const list = useLeaseEvents({ ...filters, page: view.page, per_page: state.per_page }, !reversed);
  const total = reversed ? undefined : list.data?.meta.pagination.total;
  const range = `${formatDate(filters.from)} to ${formatDate(filters.to)}`;

  return (
    <ListLayout
      filtersLabel="Lease events filters"
      filters={
        <>
          {/* Left empty, the range is today to 90 days on: the count line says the dates. */}
          <DateField size="small" label="From" value={state.from} onChange={(t) => filter({ from: t })} />
          <DateField
            size="small"
            label="To"
            value={state.to}
            onChange={(t) => filter({ to: t })}
            error={reversed}
            helperText={reversed ? LEASE_EVENT_MESSAGES.rangeReversed : undefined}
          />
          <TextField
            size="small"
            select
            label="Event"
            value={state.types}
            onChange={(e) => {
              const v = e.target.value as unknown as LeaseEventType[] | string;
              filter({ types: (typeof v === 'string' ? v.split(',') : v) as LeaseEventType[] });
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (v) => (v as LeaseEventType[]).map((t) => LEASE_EVENT_LABELS[t]).join(', '),
              },
            }}
          >
            {LEASE_EVENT_TYPES.map((t) => (
              <MenuItem key={t} value={t} dense>
                {/* The option's aria-selected says it is chosen; the box only shows it. */}
                <ListItemIcon sx={{ minWidth: 28 }}>
                  {state.types.includes(t) ? (
                    <CheckBoxIcon fontSize="small" color="primary" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText primary={LEASE_EVENT_LABELS[t]} />
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label="Status"
            value={state.status}
            onChange={(e) => filter({ status: e.target.value as LeaseEventListState['status'] })}
          >
            {LEASE_EVENT_STATUS_FILTERS.map((s) => (
              <MenuItem key={s} value={s} dense>
                {STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <SchemeCombobox value={state.scheme} onChange={(s) => filter({ scheme: ref(s) })} />
          <TextField size="small" label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
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
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 1,
              gridColumn: '1 / -1',
            }}
          >
            <Flag label="Hard only" checked={state.hard} onChange={(hard) => filter({ hard })} />
            <Flag
              label="My company’s units"
              checked={state.my_company}
              onChange={(my_company) => filter({ my_company })}
            />
            <Flag label="Recorded by me" checked={state.mine} onChange={(mine) => filter({ mine })} />
            {hasLeaseEventFilters(state) && (
              <Button
                size="small"
                onClick={() => {
                  setTown('');
                  update({ ...DEFAULT_LEASE_EVENT_LIST, per_page: state.per_page });
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
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'event' : 'events'}, ${range}`
      }
      tools={
        reversed ? undefined : (
          <>
            <CsvExportButton
              path="/lease-events/export"
              query={{ ...filters, format: 'csv' }}
              fileName="lease-events.csv"
            />
            <CsvExportButton
              path="/lease-events/export"
              query={{ ...filters, format: 'xlsx' }}
              fileName="lease-events.xlsx"
              format="xlsx"
              label="Export XLSX"
            />
          </>
        )
      }
    >
      <DataTable<LeaseEvent>
        label="Lease events"
        rows={reversed ? [] : (list.data?.data ?? [])}
        columns={leaseEventColumns}
        rowCount={total ?? 0}
        loading={list.isFetching}
        {...view.paging}
        sortModel={SORT_BY_DATE}
        onSortModelChange={() => {}}
        noRowsLabel={reversed ? LEASE_EVENT_MESSAGES.rangeReversed : 'No lease events in this range'}
      />
    </ListLayout>
  );
}

function Flag({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Checkbox size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
      slotProps={{ typography: { variant: 'body2' } }}
    />
  );
}
