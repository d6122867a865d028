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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ENQUIRY_STAGE_LABELS,
  entityPath,
  formatDate,
  formatMoney,
  type Page,
  type PropertyEnquiryMatch,
} from '@frontage/shared';
import { EntityLink } from '../../components/DetailList';
import { http } from '../../lib/http';

const PER_PAGE = 10;

/** GET /api/properties/{id}/enquiry-matches (ADR 0053); refreshed with every enquiry write. */
export const usePropertyEnquiryMatches = (propertyId: number, page: number, perPage = PER_PAGE) =>
  useQuery({
    queryKey: ['enquiry-matches', 'property', propertyId, { page, per_page: perPage }],
    queryFn: ({ signal }) =>
      http.get<Page<PropertyEnquiryMatch>>(`/properties/${propertyId}/enquiry-matches`, {
        query: { page, per_page: perPage },
        signal,
        // A secondary section: a failure is said inline, never as a notice over the view.
        quiet: true,
      }),
    placeholderData: keepPreviousData,
  });

const sqft = (n: number | null) => (n === null ? null : `${n.toLocaleString('en-GB')} sq ft`);

/** "1,000–2,000 sq ft", "from 1,000 sq ft", "up to 2,000 sq ft"; '' for no range. */
export const rangeText = (from: string | null, to: string | null): string =>
  from && to ? `${from}–${to}` : from ? `from ${from}` : to ? `up to ${to}` : '';

const who = (m: PropertyEnquiryMatch) => m.company?.name ?? m.contact?.name ?? `Enquiry ${m.id}`;

/**
 * "Matching enquiries" on the property view: the live enquiries the unit would
 * satisfy — on its scheme or in its town, its size and rent in their ranges — newest first, each
 * opening the enquiry.
 */
export function PropertyEnquiryMatches({ propertyId }: { propertyId: number }) {
  const [page, setPage] = useState(0);
  const q = usePropertyEnquiryMatches(propertyId, page + 1);
  const rows = q.data?.data ?? [];
  const total = q.data?.meta.pagination.total ?? 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Matching enquiries" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Matching enquiries
      </Typography>
      {q.isPending ? (
        <Skeleton variant="rounded" height={64} aria-label="Loading matching enquiries" />
      ) : q.isError ? (
        <Typography variant="body2" color="error">
          The matching enquiries could not be loaded.
        </Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No live enquiries match this unit.
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Enquiries this unit would satisfy">
              <TableHead>
                <TableRow>
                  <TableCell>Enquiry</TableCell>
                  <TableCell>On</TableCell>
                  <TableCell>Stage</TableCell>
                  <TableCell>Size</TableCell>
                  <TableCell>Rent</TableCell>
                  <TableCell>Received On</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m.id}>
                    <TableCell>
                      <EntityLink to={entityPath('enquiry', m.id)}>{who(m)}</EntityLink>
                    </TableCell>
                    <TableCell>{m.subject}</TableCell>
                    <TableCell>{ENQUIRY_STAGE_LABELS[m.stage]}</TableCell>
                    <TableCell>{rangeText(sqft(m.size_from), sqft(m.size_to)) || 'Any'}</TableCell>
                    <TableCell>
                      {rangeText(
                        formatMoney(m.rent_from, 'GBP') || null,
                        formatMoney(m.rent_to, 'GBP') || null,
                      ) || 'Any'}
                    </TableCell>
                    <TableCell>{formatDate(m.received_at)}</TableCell>
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
