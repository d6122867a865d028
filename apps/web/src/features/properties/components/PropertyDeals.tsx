import { useState } from 'react';
import {
  Box,
  Button,
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
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  DEAL_MENU,
  DEAL_TYPE_LABELS,
  formatDate,
  formatDateTime,
  isAdmin,
  type DealType,
  type Property,
} from '@frontage/shared';
import { EntityLink } from '../../../components/DetailList';
import { usePropertyDeals } from '../../../entities/deals/api';
import { dealFigures } from '../../../entities/deals/figures';
import { WIZARD_TYPES, withDealWizard } from '../../../entities/deals/links';
import { useCurrentUser } from '../../../lib/session';

const PER_PAGE = 10;
/** The types the view's Create Deal chooser offers (ADR 0049); the others keep a button here. */
const IN_CHOOSER: ReadonlySet<DealType> = new Set(['sale', 'new_letting', 'subletting']);

/**
 * The property's deals, newest first (issue 12): type (opening the deal), effective date, key
 * figures, who recorded it and when; and a button per wizard the Create Deal chooser does not
 * offer (rent review, renewal, tracked retailer) that opens it on this property (preselected and
 * locked, at step 2).
 */
export function PropertyDeals({ property, name }: { property: Property; name: string }) {
  const user = useCurrentUser();
  const [search] = useSearchParams();
  const [page, setPage] = useState(0);
  const q = usePropertyDeals(property.id, page + 1, PER_PAGE);
  const offered = DEAL_MENU.filter(
    (d) => !IN_CHOOSER.has(d.type) && WIZARD_TYPES.includes(d.type) && (!d.adminOnly || isAdmin(user)),
  );
  const rows = q.data?.data ?? [];
  const total = q.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Deals" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Deals
        </Typography>
        {offered.map((d) => (
          <Button
            key={d.type}
            size="small"
            variant="outlined"
            component={RouterLink}
            to={{ search: withDealWizard(search, d.type, { id: property.id, name }).toString() }}
          >
            {d.label}
          </Button>
        ))}
      </Box>
      {q.isPending ? (
        <Skeleton variant="rounded" height={64} aria-label="Loading deals" />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No deals recorded yet.
        </Typography>
      ) : (
        <>
          <Table size="small" aria-label="Deals of this property">
            <TableHead>
              <TableRow>
                <TableCell>Type</TableCell>
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
                  <TableCell>{formatDate(d.effective_date) || '—'}</TableCell>
                  <TableCell>{dealFigures(d) || '—'}</TableCell>
                  <TableCell>
                    {[d.created_by?.name, formatDateTime(d.created_at)].filter(Boolean).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
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
