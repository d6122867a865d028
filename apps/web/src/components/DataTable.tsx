import { useMemo } from 'react';
import { LinearProgress, Paper } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';

export const TABLE_PAGE_SIZES = [25, 50, 100] as const;

export interface DataTableProps<R extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  /** Total rows on the server (meta.pagination.total). */
  rowCount: number;
  loading?: boolean;
  /** 0-based page, as the grid counts. */
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  getRowId?: GridRowIdGetter<R>;
  rowHeight?: number;
  noRowsLabel?: string;
  /** The page sizes offered (TABLE_PAGE_SIZES by default). */
  pageSizeOptions?: readonly number[];
  /** Opens a row's record: a click on the row, or Enter on one of its cells. */
  onRowOpen?: (row: R) => void;
}

/**
 * The list table of the app: MUI X DataGrid with the server doing pagination and sorting
 * (ARCHITECTURE §5), compact, without client-side filtering (filters are the page's own fields).
 */
export function DataTable<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  rowCount,
  loading,
  paginationModel,
  onPaginationModelChange,
  sortModel,
  onSortModelChange,
  getRowId,
  rowHeight,
  noRowsLabel = 'No records found',
  pageSizeOptions = TABLE_PAGE_SIZES,
  onRowOpen,
}: DataTableProps<R>) {
  const stableSortModel = useStableSortModel(sortModel);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', position: 'relative' }}>
      {/* A refetch over the last answer's rows: the bar is drawn over the grid, not in it. The
          grid's own (an unnamed progressbar inside role="grid", which allows only rows) is two
          serious axe violations; with no rows yet the grid shows its skeleton. */}
      {loading && (
        <LinearProgress
          aria-label={`Loading ${label}`}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
        />
      )}
      <DataGrid<R>
        aria-label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={Boolean(loading) && rows.length === 0}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={[...pageSizeOptions]}
        sortModel={stableSortModel}
        onSortModelChange={onSortModelChange}
        sortingOrder={['asc', 'desc']}
        density="compact"
        rowHeight={rowHeight}
        autoHeight
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        localeText={{ noRowsLabel }}
        onRowClick={onRowOpen ? ({ row }) => onRowOpen(row) : undefined}
        onCellKeyDown={
          onRowOpen
            ? ({ row }, e) => {
                // A link or button in the cell handles its own Enter.
                if (e.key === 'Enter' && e.target === e.currentTarget) onRowOpen(row);
              }
            : undefined
        }
        sx={{
          border: 0,
          '& .MuiDataGrid-cell:focus-within': { outline: 'none' },
          // A row that opens shows where Enter will act.
          ...(onRowOpen && {
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-cell:focus-visible': {
              outline: '2px solid',
              outlineColor: 'primary.main',
              outlineOffset: -2,
            },
          }),
        }}
      />
    </Paper>
  );
}

/** The server's `sort` parameter ("name", "-updated_at") ⇄ the grid's sort model. */
export const sortParamOf = (model: GridSortModel): string | undefined => {
  const first = model[0];
  if (!first?.sort) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
};

export const sortModelOf = (sort: string | undefined): GridSortModel =>
  sort ? [{ field: sort.replace(/^-/, ''), sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [];

/**
 * The same sort model object while its value is the same. Lists build their model from the saved
 * sort on every render (sortModelOf), and the grid treats a new object as a sort change, which
 * sends it back to its first page: a restored page (a saved page 3) or a page just chosen would be
 * lost on the next render.
 */
function useStableSortModel(model: GridSortModel): GridSortModel {
  const key = model.map((m) => `${m.field}:${m.sort ?? ''}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the model's value
  return useMemo(() => model, [key]);
}
