import type { ReactNode } from 'react';
import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DEAL_TYPE_LABELS, formatDate, formatDateTime, type DealType, type Page } from '@frontage/shared';
import { EntityLink } from '../../components/DetailList';
import { LoadingBlock } from '../../components/LoadingBlock';

/** What a row of a record's deals shows, whichever list it came from. */
interface DealRow {
  id: number;
  deal_type: DealType;
  effective_date: string | null;
  created_by: { name: string } | null;
  created_at: string;
}

interface Props<T extends DealRow> {
  /** The page of deals as the query holds it. */
  query: { isPending: boolean; isError: boolean; data?: Page<T> | undefined };
  /** The table's accessible name ("Deals of this property"). */
  tableLabel: string;
  perPage: number;
  /** 0-based page shown, and the pager's change. */
  page: number;
  onPage: (page: number) => void;
  /** A row's key figures in one line. */
  figures: (row: T) => ReactNode;
  /** An optional column after the type (a scheme's deals name their unit). */
  place?: { header: string; cell: (row: T) => ReactNode };
  /** An optional column after the place (a company's deals name its roles on each). */
  role?: { header: string; cell: (row: T) => ReactNode };
  /** Buttons beside the heading. */
  actions?: ReactNode;
}

/**
 * A record's deals on its view (a property's, a scheme's): type (opening the deal), effective
 * date, key figures, who recorded it and when, newest first and paged.
 */
export function DealsCard<T extends DealRow>({
  query,
  tableLabel,
  perPage,
  page,
  onPage,
  figures,
  place,
  role,
  actions,
}: Props<T>) {
  const rows = query.data?.data ?? [];
  const total = query.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Deals" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Deals
        </Typography>
        {actions}
      </Box>
      {query.isPending ? (
        <LoadingBlock label="Loading deals" height={64} />
      ) : query.isError ? (
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
            <Table size="small" aria-label={tableLabel}>
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  {place && <TableCell>{place.header}</TableCell>}
                  {role && <TableCell>{role.header}</TableCell>}
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
                    {place && <TableCell>{place.cell(d)}</TableCell>}
                    {role && <TableCell>{role.cell(d)}</TableCell>}
                    <TableCell>{formatDate(d.effective_date) || '—'}</TableCell>
                    <TableCell>{figures(d) || '—'}</TableCell>
                    <TableCell>
                      {[d.created_by?.name, formatDateTime(d.created_at)].filter(Boolean).join(', ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {total > perPage && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={[perPage]}
              onPageChange={(_e, p) => onPage(p)}
            />
          )}
        </>
      )}
    </Paper>
  );
}
