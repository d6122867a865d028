import { Paper } from '@mui/material';
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
}: DataTableProps<R>) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <DataGrid<R>
        aria-label={label}
        rows={rows}
        columns={columns}
        getRowId={getRowId}
        rowCount={rowCount}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={onPaginationModelChange}
        pageSizeOptions={[...TABLE_PAGE_SIZES]}
        sortModel={sortModel}
        onSortModelChange={onSortModelChange}
        sortingOrder={['asc', 'desc']}
        density="compact"
        rowHeight={rowHeight}
        autoHeight
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        localeText={{ noRowsLabel }}
        sx={{ border: 0, '& .MuiDataGrid-cell:focus-within': { outline: 'none' } }}
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
