import { useState, type ReactNode } from 'react';
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
  ENQUIRY_MESSAGES,
  ENQUIRY_STAGES,
  ENQUIRY_STAGE_LABELS,
  REASONS,
  REASON_LABELS,
  type Enquiry,
  type EnquirySort,
} from '@frontage/shared';
import { CsvExportButton } from '../../../components/CsvExportButton';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { DateField } from '../../../components/fields/DateField';
import { ListLayout } from '../../../components/ListLayout';
import { ListSearchField } from '../../../components/ListSearchField';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import { ENQUIRY_SEARCH_LABEL, useEnquiryList } from '../../../entities/enquiries/api';
import { SchemeCombobox } from '../../../entities/schemes/SchemeCombobox';
import { useSettledText } from '../../../lib/useDebouncedValue';
import { useListPage, type ListStore } from '../../../lib/useListPage';
import { enquiryColumns, SORTABLE_ENQUIRY_COLUMNS } from './enquiryColumns';
import {
  DEFAULT_ENQUIRY_LIST,
  DEFAULT_ENQUIRY_SORT,
  enquiryFiltersOf,
  hasEnquiryFilters,
  receivedReversed,
  type EnquiryListState,
} from './enquiryListState';

const ref = (r: { id: number; name: string } | null) => (r ? { id: r.id, name: r.name } : null);

/** A multiple select whose chosen options show a ticked box (their aria-selected says so). */
function MultiSelect<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T[];
  onChange: (next: T[]) => void;
}): ReactNode {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => {
        const v = e.target.value as unknown as T[] | string;
        onChange((typeof v === 'string' ? v.split(',') : v) as T[]);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) =>
            options
              .filter((o) => (v as T[]).includes(o))
              .map((o) => labels[o])
              .join(', '),
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o} value={o} dense>
          <ListItemIcon sx={{ minWidth: 28 }}>
            {value.includes(o) ? (
              <CheckBoxIcon fontSize="small" color="primary" />
            ) : (
              <CheckBoxOutlineBlankIcon fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText primary={labels[o]} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Every enquiry: the server-side table of GET /api/enquiries with its filters — free text, stage,
 * reason, company, scheme, town, received range, mine — its sort and page, saved per user, and
 * the CSV export of the same filter.
 */
export function EnquiryList({ store }: { store: ListStore<EnquiryListState> }) {
  const view = useListPage(store);
  const { state, update, filter } = view;
  const [town, setTown] = useSettledText(state.town, (t) => filter({ town: t }), DEBOUNCE_SEARCH_MS);
  // The search field owns its text: Clear filters mounts a new, empty one.
  const [searchKey, setSearchKey] = useState(0);

  const reversed = receivedReversed(state);
  const filters = enquiryFiltersOf(state);
  const list = useEnquiryList({ ...filters, page: view.page, per_page: state.per_page }, !reversed);
  const total = reversed ? undefined : list.data?.meta.pagination.total;

  return (
    <ListLayout
      filtersLabel="Enquiries filters"
      filters={
        <>
          <ListSearchField
            key={searchKey}
            label={ENQUIRY_SEARCH_LABEL}
            initial={state.q}
            onSearch={(q) => filter({ q })}
          />
          <MultiSelect
            label="Stage"
            options={ENQUIRY_STAGES}
            labels={ENQUIRY_STAGE_LABELS}
            value={state.stages}
            onChange={(stages) => filter({ stages })}
          />
          <MultiSelect
            label="Reason"
            options={REASONS}
            labels={REASON_LABELS}
            value={state.reasons}
            onChange={(reasons) => filter({ reasons })}
          />
          <CompanyPicker
            allowCreate={false}
            value={state.company}
            onChange={(c) => filter({ company: ref(c) })}
          />
          <SchemeCombobox value={state.scheme} onChange={(s) => filter({ scheme: ref(s) })} />
          <TextField label="Town" value={town} onChange={(e) => setTown(e.target.value)} />
          <DateField label="Received from" value={state.from} onChange={(t) => filter({ from: t })} />
          <DateField
            label="Received to"
            value={state.to}
            onChange={(t) => filter({ to: t })}
            error={reversed}
            helperText={reversed ? ENQUIRY_MESSAGES.dateOrder : undefined}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
            <FormControlLabel
              sx={{ flexGrow: 1, mr: 0 }}
              control={<Checkbox checked={state.mine} onChange={(e) => filter({ mine: e.target.checked })} />}
              label="Mine"
            />
            {hasEnquiryFilters(state) && (
              <Button
                size="small"
                sx={{ flexShrink: 0 }}
                onClick={() => {
                  setTown('');
                  setSearchKey((k) => k + 1);
                  update({ ...DEFAULT_ENQUIRY_LIST, sort: state.sort, per_page: state.per_page });
                }}
              >
                Clear filters
              </Button>
            )}
          </Box>
        </>
      }
      summary={
        total === undefined ? '' : `${total.toLocaleString('en-GB')} ${total === 1 ? 'enquiry' : 'enquiries'}`
      }
      tools={
        reversed ? undefined : (
          <CsvExportButton path="/enquiries/export" query={filters} fileName="enquiries.csv" />
        )
      }
    >
      <DataTable<Enquiry>
        label="Enquiries"
        rows={reversed ? [] : (list.data?.data ?? [])}
        columns={enquiryColumns}
        rowCount={total ?? 0}
        loading={list.isFetching}
        {...view.paging}
        // The default order (-id, newest first) has no column of its own: the grid shows no sort then.
        sortModel={sortModelOf(
          SORTABLE_ENQUIRY_COLUMNS.has(state.sort.replace(/^-/, '')) ? state.sort : undefined,
        )}
        onSortModelChange={(m) => {
          const p = sortParamOf(m);
          const ok = p && SORTABLE_ENQUIRY_COLUMNS.has(p.replace(/^-/, ''));
          const sort = (ok ? p : DEFAULT_ENQUIRY_SORT) as EnquirySort;
          if (sort !== state.sort) filter({ sort });
        }}
        noRowsLabel={reversed ? ENQUIRY_MESSAGES.dateOrder : 'No enquiries found'}
      />
    </ListLayout>
  );
}
