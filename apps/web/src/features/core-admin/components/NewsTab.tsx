import { useMemo, useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { NEWS_MESSAGES, formatDate, type NewsItem } from '@frontage/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { useDeleteNewsItem, useNewsPage } from '../../../entities/news/api';
import { NewsItemDialog } from './NewsItemDialog';

/**
 * The News tab of /core: the items of What's New, newest publish date first. New news item and
 * each row's Edit open the item dialog; Delete asks first.
 */
export function NewsTab() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const list = useNewsPage(pagination.page + 1, pagination.pageSize);
  const remove = useDeleteNewsItem();
  const [editing, setEditing] = useState<NewsItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);

  const columns = useMemo<GridColDef<NewsItem>[]>(
    () => [
      { field: 'title', headerName: 'Title', flex: 1, minWidth: 200, sortable: false },
      {
        field: 'published_at',
        headerName: 'Publish date',
        width: 130,
        sortable: false,
        valueFormatter: (_v, row) => formatDate(row.published_on),
      },
      { field: 'description', headerName: 'Description', flex: 2, minWidth: 200, sortable: false },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row">
            <Tooltip title="Edit">
              <IconButton
                size="small"
                aria-label={`Edit ${row.title}`}
                onClick={(e) => {
                  // The row opens the editor too: one click, one dialog.
                  e.stopPropagation();
                  setEditing(row);
                }}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete ${row.title}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setDeleting(row);
                }}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ),
      },
    ],
    [],
  );

  return (
    <Box>
      <Stack direction="row" sx={{ mb: 1.5, justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          New news item
        </Button>
      </Stack>
      <DataTable<NewsItem>
        label="News items"
        rows={list.data?.data ?? []}
        columns={columns}
        rowCount={list.data?.meta.pagination.total ?? 0}
        loading={list.isFetching}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={[]}
        onSortModelChange={() => undefined}
        noRowsLabel="No news items"
        onRowOpen={(row) => setEditing(row)}
      />
      <NewsItemDialog item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={NEWS_MESSAGES.deleteQuestion}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting?.id;
          setDeleting(null);
          if (id !== undefined) remove.mutate(id);
        }}
      />
    </Box>
  );
}
