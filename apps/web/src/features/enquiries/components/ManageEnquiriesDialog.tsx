import { useId, useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import {
  DIALOG_WIDTHS,
  ENQUIRY_TABLE_PAGE_SIZES,
  LIVE_ENQUIRY_STAGES,
  MESSAGES,
  type Enquiry,
  type EnquirySort,
} from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { ListSearchField } from '../../../components/ListSearchField';
import { useDeleteEnquiry, useEnquiryList } from '../../../entities/enquiries/api';
import { CreateEnquiryDialog } from '../../../entities/enquiries/CreateEnquiryDialog';
import { EditEnquiryDialog } from '../../../entities/enquiries/EditEnquiryDialog';
import type { EnquirySubject } from '../../../entities/enquiries/enquiryForm';
import { PropertyPicker, type PropertyRef } from '../../../entities/properties/PropertyPicker';
import { SchemeCombobox, type SchemeOption } from '../../../entities/schemes/SchemeCombobox';
import { useAppConfig } from '../../../lib/config';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import { manageColumns, SORTABLE_MANAGE_COLUMNS } from './manageColumns';
import {
  DEFAULT_MANAGE_SORT,
  DEFAULT_MANAGE_STATE,
  DEFAULT_PAGING,
  sanitizeManageState,
  subjectKey,
  withPaging,
} from './manageState';

export const MANAGE_ENQUIRIES_TITLE = 'Manage Enquiries';
export const EMPTY_STATES = {
  scheme: 'Select a scheme to view enquiries',
  property: 'Select a property to view enquiries',
  none: 'No records found',
} as const;

/** A preselected property as the property picker holds it (its label is all the view passes). */
const propertyRefOf = (s: EnquirySubject): PropertyRef => ({
  id: s.id,
  name: s.label,
  building_num: null,
  scheme_id: null,
  scheme: null,
  tenant: null,
  address: { full_address: s.label },
});

interface Props {
  open: boolean;
  /** A property or scheme to show at once (the views' buttons); none from the top bar. */
  subject: EnquirySubject | null;
  onClose: () => void;
}

/**
 * Manage Enquiries (width 1000, spec A §2): the Scheme/Property toggle and a search for the chosen
 * one, 'Hide Withdrawn/Completed' (on by default: stage=interest,under_offer), the table's own
 * search, its columns and page sizes 10/50/100 (default 10, newest first), 'Create new enquiry'
 * once a scheme or property is chosen, edit and delete per row, and a help link.
 */
export function ManageEnquiriesDialog({ open, subject, onClose }: Props) {
  const titleId = useId();
  const { data: config } = useAppConfig();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      scroll="paper"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.manageEnquiries } } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 12 }}>
        {MANAGE_ENQUIRIES_TITLE}
      </DialogTitle>
      {/* Beside the title, not in it: the dialog's name is its title alone. */}
      <Box sx={{ position: 'absolute', right: 8, top: 8, display: 'flex', gap: 0.5 }}>
        {config?.docs_url && (
          <Tooltip title="Help (Documentation)">
            <IconButton
              component="a"
              href={config.docs_url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Help (Documentation, opens in a new tab)"
            >
              <HelpOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Mounted while open only: every opening starts from the saved state and the given subject. */}
      {open && <ManageEnquiries preset={subject} />}
    </Dialog>
  );
}

function ManageEnquiries({ preset }: { preset: EnquirySubject | null }) {
  const saved = useSavedUiState('enquiries', DEFAULT_MANAGE_STATE, sanitizeManageState);
  const { state, update } = saved;
  const [kindChoice, setKindChoice] = useState<'scheme' | 'property' | null>(preset?.kind ?? null);
  const kind = kindChoice ?? state.kind;
  const [scheme, setScheme] = useState<SchemeOption | null>(
    preset?.kind === 'scheme' ? { id: preset.id, name: preset.label } : null,
  );
  const [property, setProperty] = useState<PropertyRef | null>(
    preset?.kind === 'property' ? propertyRefOf(preset) : null,
  );
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Enquiry | null>(null);
  const remove = useDeleteEnquiry();
  // The grid resets itself when handed new columns: one set for the dialog's life.
  const columns = useMemo(
    () => manageColumns({ onEdit: (e) => setEditing(e.id), onDelete: setDeleting }),
    [],
  );

  const subject: EnquirySubject | null =
    kind === 'scheme'
      ? scheme && { kind, id: scheme.id, label: scheme.name }
      : property && { kind, id: property.id, label: property.name };
  const key = subject ? subjectKey(subject.kind, subject.id) : null;
  const paging = (key && state.subjects[key]) || DEFAULT_PAGING;
  /** Saves a change, with this subject's paging (one update: the saved state is read at render). */
  const save = (patch: Partial<typeof state>, nextPaging: typeof paging) =>
    update({
      ...state,
      ...patch,
      subjects: key ? withPaging(state.subjects, key, nextPaging) : state.subjects,
    });
  const setPaging = (next: typeof paging) => save({}, next);
  const firstPage = { ...paging, page: 1 };

  const list = useEnquiryList(
    {
      ...(subject?.kind === 'scheme' ? { scheme_id: subject.id } : { property_id: subject?.id }),
      stage: state.hide_closed ? LIVE_ENQUIRY_STAGES.join(',') : undefined,
      q: q.trim() || undefined,
      sort: state.sort,
      page: paging.page,
      per_page: paging.perPage,
    },
    !!subject && saved.ready,
  );
  const rows = subject ? (list.data?.data ?? []) : [];
  const total = subject ? (list.data?.meta.pagination.total ?? 0) : 0;

  const chooseKind = (next: 'scheme' | 'property' | null) => {
    if (!next) return;
    setKindChoice(next);
    update({ kind: next });
  };

  return (
    <DialogContent dividers sx={{ pt: 1.5 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'auto minmax(0, 1fr) auto' },
          gap: 1.5,
          alignItems: 'center',
          mb: 1.5,
        }}
      >
        <ToggleButtonGroup
          exclusive
          value={kind}
          onChange={(_, v: 'scheme' | 'property' | null) => chooseKind(v)}
          aria-label="Enquiries for"
        >
          <ToggleButton value="scheme">Scheme</ToggleButton>
          <ToggleButton value="property">Property</ToggleButton>
        </ToggleButtonGroup>
        {kind === 'scheme' ? (
          <SchemeCombobox value={scheme} onChange={setScheme} />
        ) : (
          <PropertyPicker value={property} onChange={setProperty} />
        )}
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              checked={state.hide_closed}
              onChange={(e) => {
                save({ hide_closed: e.target.checked }, firstPage);
              }}
            />
          }
          label="Hide Withdrawn/Completed"
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 220 }}>
          <ListSearchField
            label="Search enquiries"
            initial=""
            onSearch={(text) => {
              setQ(text);
              setPaging(firstPage);
            }}
          />
        </Box>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!subject}
          onClick={() => setCreating(true)}
        >
          Create new enquiry
        </Button>
      </Box>
      <DataTable<Enquiry>
        label="Enquiries"
        rows={rows}
        columns={columns}
        rowCount={total}
        loading={!!subject && list.isFetching}
        paginationModel={{ page: paging.page - 1, pageSize: paging.perPage }}
        onPaginationModelChange={(m) =>
          setPaging(
            m.pageSize !== paging.perPage
              ? { perPage: m.pageSize, page: 1 }
              : { ...paging, page: m.page + 1 },
          )
        }
        pageSizeOptions={ENQUIRY_TABLE_PAGE_SIZES}
        // The default order (-id, newest first) has no column of its own: the grid shows no sort then.
        sortModel={sortModelOf(
          SORTABLE_MANAGE_COLUMNS.has(state.sort.replace(/^-/, '')) ? state.sort : undefined,
        )}
        onSortModelChange={(m) => {
          const p = sortParamOf(m);
          const ok = p && SORTABLE_MANAGE_COLUMNS.has(p.replace(/^-/, ''));
          const sort = (ok ? p : DEFAULT_MANAGE_SORT) as EnquirySort;
          if (sort !== state.sort) save({ sort }, firstPage);
        }}
        noRowsLabel={subject ? EMPTY_STATES.none : EMPTY_STATES[kind]}
      />
      <CreateEnquiryDialog open={creating} subject={subject} onClose={() => setCreating(false)} />
      <EditEnquiryDialog id={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete enquiry"
        message={MESSAGES.deleteEnquiry}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </DialogContent>
  );
}
