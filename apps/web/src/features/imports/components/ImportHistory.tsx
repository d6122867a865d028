import { useState } from 'react';
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { IMPORT_OUTCOMES, IMPORT_REVERT_DAYS, formatDateTime, type Import } from '@frontage/shared';
import { DataTable } from '../../../components/DataTable';
import { useImports, useRecordsRefresh } from '../api';
import { ENTITY_LABELS, OUTCOME_LABELS, STATUS_LABELS } from '../importLabels';
import { percentOf } from './ImportApplyStep';

const DAY_MS = 86_400_000;

/** Revert is offered while the server allows it: applied, within IMPORT_REVERT_DAYS. */
export const canRevert = (imp: Import, now = Date.now()): boolean =>
  imp.status === 'applied' &&
  !!imp.applied_at &&
  now - Date.parse(imp.applied_at) <= IMPORT_REVERT_DAYS * DAY_MS;

const STATUS_COLOURS = {
  preview: 'info',
  applied: 'success',
  failed: 'error',
  reverted: 'default',
} as const;

const countsText = (imp: Import) =>
  IMPORT_OUTCOMES.filter((o) => imp.counts[o] > 0)
    .map((o) => `${imp.counts[o]} ${OUTCOME_LABELS[o].toLowerCase()}`)
    .join(' · ') || '—';

interface Actions {
  onContinue: (imp: Import) => void;
  onRevert: (imp: Import) => void;
}

const columnsOf = ({ onContinue, onRevert }: Actions): GridColDef<Import>[] => [
  {
    field: 'created_at',
    headerName: 'When',
    width: 130,
    sortable: false,
    valueFormatter: (v: string) => formatDateTime(v),
  },
  {
    field: 'created_by',
    headerName: 'Who',
    width: 120,
    sortable: false,
    valueGetter: (_v, row) => row.created_by?.name ?? '',
  },
  { field: 'file_name', headerName: 'File', flex: 1, minWidth: 120, sortable: false },
  {
    field: 'entity',
    headerName: 'Entity',
    width: 90,
    sortable: false,
    valueFormatter: (v: Import['entity']) => ENTITY_LABELS[v],
  },
  { field: 'rows_total', headerName: 'Rows', width: 60, type: 'number', sortable: false },
  {
    field: 'counts',
    headerName: 'Outcomes',
    minWidth: 190,
    flex: 1,
    sortable: false,
    valueGetter: (_v, row) => countsText(row),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 150,
    sortable: false,
    renderCell: ({ row }) => {
      if (row.status === 'applying' || row.status === 'reverting')
        return (
          <Stack sx={{ height: '100%', justifyContent: 'center' }} spacing={0.25}>
            <Typography variant="caption">
              {STATUS_LABELS[row.status]} {row.progress} of {row.rows_total}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={percentOf(row)}
              aria-label={`${STATUS_LABELS[row.status]} ${row.file_name}`}
            />
          </Stack>
        );
      const colour = STATUS_COLOURS[row.status as keyof typeof STATUS_COLOURS] ?? 'default';
      return (
        <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
          <Chip size="small" label={STATUS_LABELS[row.status]} color={colour} variant="outlined" />
          {row.conflicts.length > 0 && (
            <Chip size="small" color="warning" label={`${row.conflicts.length} conflicts`} />
          )}
        </Stack>
      );
    },
  },
  {
    field: 'actions',
    headerName: 'Actions',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
        {row.status === 'preview' && (
          <Button size="small" onClick={() => onContinue(row)} aria-label={`Continue ${row.file_name}`}>
            Continue
          </Button>
        )}
        {canRevert(row) && (
          <Button
            size="small"
            color="warning"
            onClick={() => onRevert(row)}
            aria-label={`Revert ${row.file_name}`}
          >
            Revert
          </Button>
        )}
        {row.status === 'reverted' && row.conflicts.length > 0 && (
          <Button
            size="small"
            color="warning"
            onClick={() => onRevert(row)}
            aria-label={`Revert the conflicts of ${row.file_name}`}
          >
            Revert conflicts
          </Button>
        )}
      </Box>
    ),
  },
];

/** The imports, newest first (an admin's: everyone's), with progress while one runs. */
export function ImportHistory(actions: Actions) {
  const [model, setModel] = useState({ page: 0, pageSize: 25 });
  const list = useImports(model.page + 1, model.pageSize);
  const rows = list.data?.data ?? [];
  useRecordsRefresh(rows);
  const [columns] = useState(() => columnsOf(actions));
  return (
    <DataTable<Import>
      label="Imports"
      rows={rows}
      columns={columns}
      rowCount={list.data?.meta.pagination.total ?? 0}
      loading={list.isLoading}
      paginationModel={model}
      onPaginationModelChange={setModel}
      sortModel={[]}
      onSortModelChange={() => {}}
      noRowsLabel="No imports yet"
    />
  );
}
