import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Chip,
  Pagination,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type HistoryEntry, formatDateTime } from '@frontage/shared';
import { http } from '../../lib/http';
import { useMe } from '../../lib/session';
import { fieldLabel } from '../properties/labels';
import { shownValue, sourceLabel } from './labels';

const PER_PAGE = 15;

interface Props {
  entity: 'property' | 'scheme';
  id: number;
  /** Query keys to refresh after verifying (the view's own record). */
  refresh: readonly unknown[];
}

/**
 * The field history of a property or scheme, newest first; unverified changes are marked and an
 * admin can verify one, or (for a property) all of them.
 */
export function HistoryPanel({ entity, id, refresh }: Props) {
  const isAdmin = useMe().data?.type === 'admin';
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const base = entity === 'property' ? `/properties/${id}` : `/schemes/${id}`;
  const key = ['history', entity, id, page] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: async () =>
      http.get<{ data: HistoryEntry[]; meta: { pagination: { total: number; total_pages: number } } }>(
        `${base}/history`,
        {
          query: { page, per_page: PER_PAGE },
        },
      ),
  });
  const done = () => {
    void qc.invalidateQueries({ queryKey: ['history', entity, id] });
    void qc.invalidateQueries({ queryKey: refresh });
  };
  const verifyOne = useMutation({
    mutationFn: (hid: number) => http.put(`/history/${hid}/verify`),
    onSuccess: done,
  });
  const verifyAll = useMutation({
    mutationFn: () => http.put(`/properties/${id}/history/verify`, {}),
    onSuccess: done,
  });
  const rows = list.data?.data ?? [];
  const unverified = rows.filter((r) => !r.verified).length;

  return (
    <Paper variant="outlined" component="section" aria-label="History" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          History
        </Typography>
        {isAdmin && entity === 'property' && unverified > 0 && (
          <Button size="small" onClick={() => verifyAll.mutate()} loading={verifyAll.isPending}>
            Verify all
          </Button>
        )}
      </Box>
      {list.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading ...
        </Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No changes recorded yet.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Field history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>Field</TableCell>
                <TableCell>Old</TableCell>
                <TableCell>New</TableCell>
                <TableCell>Source</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  data-unverified={!r.verified}
                  sx={r.verified ? undefined : { bgcolor: 'action.hover' }}
                >
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</TableCell>
                  <TableCell>{r.user?.name ?? '—'}</TableCell>
                  <TableCell>
                    {fieldLabel(r.field)}
                    {r.entity_type === 'address' && entity === 'property' ? ' (address)' : ''}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>
                    {shownValue(r, 'old')}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 180, overflowWrap: 'anywhere' }}>
                    {shownValue(r, 'new')}
                  </TableCell>
                  <TableCell>{sourceLabel(r)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.verified ? (
                      <Chip size="small" label="Verified" color="success" variant="outlined" />
                    ) : isAdmin ? (
                      <Button
                        size="small"
                        variant="outlined"
                        color="warning"
                        onClick={() => verifyOne.mutate(r.id)}
                      >
                        Verify
                      </Button>
                    ) : (
                      <Chip size="small" label="Unverified" color="warning" variant="outlined" />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {(list.data?.meta.pagination.total_pages ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 1 }}
          size="small"
          page={page}
          count={list.data?.meta.pagination.total_pages ?? 1}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </Paper>
  );
}
