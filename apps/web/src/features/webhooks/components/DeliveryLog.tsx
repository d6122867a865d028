import { useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { GridColDef } from '@mui/x-data-grid';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_MESSAGES,
  formatDateTime,
  parseTypedDate,
  type Webhook,
  type WebhookDelivery,
} from '@frontage/shared';
import { DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/fields/DateField';
import { useDeliveries, useReplay, useReplayFailed, type DeliveryFilter } from '../api';

const STATUS_LABELS = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const STATUS_COLOURS = { pending: 'info', succeeded: 'success', failed: 'error' } as const;

const lastAnswer = (d: WebhookDelivery) => {
  const a = d.attempts[0];
  if (!a) return '—';
  return `${a.status_code ?? a.error ?? '—'} · ${a.duration_ms} ms`;
};

/** The log's columns; Replay is disabled while the endpoint is (the server refuses it then). */
const columnsOf = (
  onReplay: (d: WebhookDelivery) => void,
  canReplay: boolean,
): GridColDef<WebhookDelivery>[] => [
  {
    field: 'created_at',
    headerName: 'When',
    width: 140,
    sortable: false,
    valueFormatter: (v: string) => formatDateTime(v),
  },
  { field: 'event_type', headerName: 'Event', width: 180, sortable: false },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
        <Chip
          size="small"
          variant="outlined"
          label={STATUS_LABELS[row.status]}
          color={STATUS_COLOURS[row.status]}
        />
      </Box>
    ),
  },
  { field: 'attempt_count', headerName: 'Attempts', width: 80, type: 'number', sortable: false },
  {
    field: 'attempts',
    headerName: 'Last answer',
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_v, row) => lastAnswer(row),
  },
  { field: 'message_id', headerName: 'webhook-id', width: 190, sortable: false },
  {
    field: 'actions',
    headerName: 'Actions',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
        <Button
          size="small"
          disabled={!canReplay}
          onClick={() => onReplay(row)}
          aria-label={`Replay ${row.event_type} ${row.message_id}`}
        >
          Replay
        </Button>
      </Box>
    ),
  },
];

/** One endpoint's deliveries, newest first, with the status and date filters and replay. */
export function DeliveryLog({ hook }: { hook: Webhook }) {
  // The dates as typed (dd/mm/yyyy); the query takes them once they are real dates.
  const [filter, setFilter] = useState<DeliveryFilter>({ status: '', from: '', to: '' });
  const [model, setModel] = useState({ page: 0, pageSize: 25 });
  const query = {
    status: filter.status,
    from: parseTypedDate(filter.from) ?? '',
    to: parseTypedDate(filter.to) ?? '',
  };
  const list = useDeliveries(hook.id, query, model.page + 1, model.pageSize);
  const { enqueueSnackbar } = useSnackbar();
  // A refused replay (the endpoint disabled meanwhile, a lost right) says why.
  const told = { onError: (err: Error) => enqueueSnackbar(err.message, { variant: 'error' }) };
  const replay = useReplay();
  const replayFailed = useReplayFailed();
  const { mutate: replayOne } = replay;
  const columns = useMemo(
    () =>
      columnsOf(
        (d) =>
          replayOne(
            { id: hook.id, deliveryId: d.id },
            {
              onError: (err: Error) => enqueueSnackbar(err.message, { variant: 'error' }),
              onSuccess: () => enqueueSnackbar(WEBHOOK_MESSAGES.replayed, { variant: 'success' }),
            },
          ),
        hook.enabled,
      ),
    [replayOne, hook.id, hook.enabled, enqueueSnackbar],
  );
  const set = (patch: Partial<DeliveryFilter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setModel((m) => ({ ...m, page: 0 }));
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={`Deliveries to ${hook.url}`}>
      <Typography variant="h6" component="h2">
        Deliveries to {hook.url}
      </Typography>
      {!hook.enabled && (
        <Alert severity="info" variant="outlined">
          {WEBHOOK_MESSAGES.replayDisabled}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status}
          onChange={(e) => set({ status: e.target.value as DeliveryFilter['status'] })}
          sx={{ width: 150 }}
        >
          <MenuItem value="">Any</MenuItem>
          {WEBHOOK_DELIVERY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          size="small"
          label="From"
          value={filter.from}
          onChange={(from) => set({ from })}
          sx={{ width: 150 }}
        />
        <DateField
          size="small"
          label="To"
          value={filter.to}
          onChange={(to) => set({ to })}
          sx={{ width: 150 }}
        />
        <Button
          variant="outlined"
          sx={{ whiteSpace: 'nowrap' }}
          disabled={!hook.enabled || !query.from || !query.to || replayFailed.isPending}
          onClick={() =>
            replayFailed.mutate(
              { id: hook.id, from: query.from, to: query.to },
              {
                ...told,
                onSuccess: () => enqueueSnackbar(WEBHOOK_MESSAGES.replayedMany, { variant: 'success' }),
              },
            )
          }
        >
          Replay failed in range
        </Button>
      </Stack>
      <DataTable<WebhookDelivery>
        label={`Deliveries to ${hook.url}`}
        rows={list.data?.data ?? []}
        columns={columns}
        rowCount={list.data?.meta.pagination.total ?? 0}
        loading={list.isLoading}
        paginationModel={model}
        onPaginationModelChange={setModel}
        sortModel={[]}
        onSortModelChange={() => {}}
        noRowsLabel="No deliveries"
      />
    </Stack>
  );
}
