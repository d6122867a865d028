import { useState } from 'react';
import {
  Box,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DEAL_TYPE_LABELS, formatDate, formatDateTime } from '@frontage/shared';
import { EntityLink } from '../../../components/DetailList';
import { useDealList } from '../../../entities/deals/api';
import { dealListFigures, dealPlaceOf } from '../../../entities/deals/listRow';

const PER_PAGE = 10;

/**
 * The scheme's deals (issue 13): sales of the scheme and deals on its units, newest first
 * (GET /api/deals?scheme_id=), each opening its deal view.
 */
export function SchemeDeals({ schemeId }: { schemeId: number }) {
  const [page, setPage] = useState(0);
  const q = useDealList({ scheme_id: schemeId, sort: '-effective_date', page: page + 1, per_page: PER_PAGE });
  const rows = q.data?.data ?? [];
  const total = q.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Deals" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Deals
      </Typography>
      {q.isPending ? (
        <Skeleton variant="rounded" height={64} aria-label="Loading deals" />
      ) : q.isError ? (
        <Typography variant="body2" color="error">
          The deals could not be loaded.
        </Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No deals recorded yet.
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Deals of this scheme">
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  <TableCell>Unit</TableCell>
                  <TableCell>Effective Date</TableCell>
                  <TableCell>Figures</TableCell>
                  <TableCell>Recorded</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((d) => (
                  <TableRow key={d.id}>
                    <TableCell>
                      <EntityLink to={`/deals?id=${d.id}`}>{DEAL_TYPE_LABELS[d.deal_type]}</EntityLink>
                    </TableCell>
                    <TableCell>
                      {d.property ? (
                        <EntityLink to={`/properties?id=${d.property.id}`}>{dealPlaceOf(d)?.name}</EntityLink>
                      ) : (
                        'The scheme'
                      )}
                    </TableCell>
                    <TableCell>{formatDate(d.effective_date) || '—'}</TableCell>
                    <TableCell>{dealListFigures(d) || '—'}</TableCell>
                    <TableCell>
                      {[d.created_by?.name, formatDateTime(d.created_at)].filter(Boolean).join(', ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > PER_PAGE && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={PER_PAGE}
              rowsPerPageOptions={[PER_PAGE]}
              onPageChange={(_e, p) => setPage(p)}
            />
          )}
        </>
      )}
    </Paper>
  );
}
