import { useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import { Box, Button, IconButton, Link, Menu, MenuItem, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { TRACKED_RETAILER_MESSAGES, formatDate, type TrackedRetailer } from '@frontage/shared';
import { DataTable, sortModelOf, sortParamOf } from '../../../components/DataTable';
import { ListLayout } from '../../../components/ListLayout';
import { ListSearchField } from '../../../components/ListSearchField';
import { VerificationFilter } from '../../../entities/companies/CompanyFilters';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { MergeCompanyDialog } from '../../../entities/companies/MergeCompanyDialog';
import { useListPage } from '../../../lib/useListPage';
import { useSavedUiState } from '../../../lib/useSavedUiState';
import {
  CORE_RETAILER_LIST_DEFAULTS,
  sanitizeCoreRetailerListState,
  useCoreRetailerList,
  useInvalidateRetailers,
  useSetTracking,
  useVerifyRetailer,
  type CoreRetailerListState,
} from '../api';
import { StartTrackingDialog } from './StartTrackingDialog';
import { ReconcileDialog } from './ReconcileDialog';

/** Columns the server sorts by; clearing the sort goes back to the queue's order. */
const SORTABLE = new Set(['name', 'stores', 'verified_at']);

type Pending = { kind: 'verify' | 'stop'; retailer: TrackedRetailer } | null;

/**
 * The Retailers tab of /core: every tracked retailer in the research desk's order (changed after
 * verification first, then never verified, then the longest-verified), with the desk's actions on
 * each row.
 */
export function RetailersTab() {
  const view = useListPage(
    useSavedUiState<CoreRetailerListState>(
      'core_retailers',
      CORE_RETAILER_LIST_DEFAULTS,
      sanitizeCoreRetailerListState,
    ),
  );
  const { state, ready, filter } = view;
  const list = useCoreRetailerList(state, view.page, ready);
  const verify = useVerifyRetailer();
  const tracking = useSetTracking();
  const invalidate = useInvalidateRetailers();

  const [menu, setMenu] = useState<{ anchor: HTMLElement; retailer: TrackedRetailer } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [merging, setMerging] = useState<TrackedRetailer | null>(null);
  const [reconciling, setReconciling] = useState<TrackedRetailer | null>(null);
  const [starting, setStarting] = useState(false);

  const act = (run: (r: TrackedRetailer) => void) => () => {
    const r = menu?.retailer;
    setMenu(null);
    if (r) run(r);
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, retailer } = pending;
    setPending(null);
    try {
      if (kind === 'verify') {
        await verify.mutateAsync(retailer.id);
        enqueueSnackbar(TRACKED_RETAILER_MESSAGES.verified, { variant: 'success' });
      } else {
        await tracking.mutateAsync({ id: retailer.id, tracked: false });
        enqueueSnackbar(TRACKED_RETAILER_MESSAGES.trackingStopped, { variant: 'success' });
      }
    } catch {
      /* the http client has shown why */
    }
  };

  const columns: GridColDef<TrackedRetailer>[] = [
    {
      field: 'verification',
      headerName: 'Verification',
      width: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <VerificationIndicator company={row} size={12} />
        </Box>
      ),
    },
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.4,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/core-data/${row.id}`} noWrap>
          {row.name}
        </Link>
      ),
    },
    { field: 'stores', headerName: 'Stores', type: 'number', width: 90 },
    {
      field: 'store_changed_at',
      headerName: 'Store changed',
      width: 130,
      sortable: false,
      valueFormatter: (v: string | null) => formatDate(v),
    },
    {
      field: 'verified_at',
      headerName: 'Verified',
      width: 120,
      valueFormatter: (v: string | null) => (v ? formatDate(v) : 'Never'),
    },
    {
      field: 'categories',
      headerName: 'Categories',
      flex: 1.2,
      minWidth: 140,
      sortable: false,
      valueGetter: (_v, row) =>
        row.categories
          .map((c) => c.name)
          .sort((a, b) => a.localeCompare(b, 'en-GB'))
          .join(', '),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 80,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => (
        <Tooltip title="Actions">
          <IconButton
            aria-label={`Actions for ${row.name}`}
            aria-haspopup="menu"
            onClick={(e) => setMenu({ anchor: e.currentTarget, retailer: row })}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const total = list.data?.meta.pagination.total ?? 0;

  return (
    <Box>
      <ListLayout
        filtersLabel="Filter tracked retailers"
        columns={3}
        filters={
          <>
            {ready && (
              <ListSearchField label="Search retailers" initial={state.q} onSearch={(q) => filter({ q })} />
            )}
            <VerificationFilter
              value={state.verification}
              onChange={(verification) => filter({ verification })}
            />
          </>
        }
        summary={
          list.data
            ? `${total.toLocaleString('en-GB')} tracked retailer${total === 1 ? '' : 's'}${
                state.sort === 'queue' ? ', in queue order' : ''
              }`
            : ''
        }
        tools={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setStarting(true)}>
            Start tracking
          </Button>
        }
      >
        <DataTable<TrackedRetailer>
          label="Tracked retailers"
          rows={list.data?.data ?? []}
          columns={columns}
          rowCount={total}
          loading={!ready || list.isFetching}
          {...view.paging}
          sortModel={state.sort === 'queue' ? [] : sortModelOf(state.sort)}
          onSortModelChange={(m) => {
            const sort = sortParamOf(m);
            filter({ sort: sort && SORTABLE.has(sort.replace(/^-/, '')) ? sort : 'queue' });
          }}
          rowHeight={44}
          noRowsLabel="No tracked retailers found"
        />
      </ListLayout>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={act((r) => setPending({ kind: 'verify', retailer: r }))}>Verify now</MenuItem>
        <MenuItem onClick={act(setReconciling)}>Reconcile store list</MenuItem>
        <MenuItem onClick={act(setMerging)}>Merge duplicate…</MenuItem>
        <MenuItem onClick={act((r) => setPending({ kind: 'stop', retailer: r }))}>Stop tracking</MenuItem>
        <MenuItem component={RouterLink} to={`/core-data/${menu?.retailer.id ?? ''}`}>
          Open retailer page
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={!!pending}
        title={pending?.kind === 'stop' ? 'Stop tracking' : 'Verify now'}
        confirmLabel={pending?.kind === 'stop' ? 'Stop tracking' : 'Verify now'}
        message={
          pending?.kind === 'stop'
            ? `Stop tracking ${pending.retailer.name}? It keeps its stores but leaves the tracked retailers.`
            : `Mark the store list of ${pending?.retailer.name ?? ''} as verified now?`
        }
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      <MergeCompanyDialog
        company={merging}
        onClose={() => {
          setMerging(null);
          invalidate();
        }}
      />
      <ReconcileDialog retailer={reconciling} onClose={() => setReconciling(null)} />
      <StartTrackingDialog open={starting} onClose={() => setStarting(false)} />
    </Box>
  );
}
