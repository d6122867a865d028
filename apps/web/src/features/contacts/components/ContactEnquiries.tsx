import { useState } from 'react';
import {
  Box,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { ENQUIRY_STAGE_LABELS, REASON_LABELS, formatDate } from '@frontage/shared';
import { EntityLink } from '../../../components/DetailList';
import { useEnquiryList } from '../../../entities/enquiries/api';
import { EditEnquiryDialog } from '../../../entities/enquiries/EditEnquiryDialog';
import { enquiryPropertyLabel } from '../../../entities/enquiries/enquiryForm';
import { rentRangeOf, sizeRangeOf } from '../../../entities/enquiries/format';
import { LoadingBlock } from '../../../components/LoadingBlock';

const PER_PAGE = 10;

/**
 * The enquiries the contact made (GET /api/enquiries?user_id=), newest received first, each
 * opening Edit Enquiry as the property's and the scheme's views do.
 */
export function ContactEnquiries({ userId }: { userId: number }) {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const list = useEnquiryList({ user_id: userId, sort: '-received_at', page: page + 1, per_page: PER_PAGE });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.pagination.total ?? 0;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="contact-enquiries" sx={{ p: 2 }}>
      <Typography id="contact-enquiries" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Enquiries{list.data ? ` (${total.toLocaleString('en-GB')})` : ''}
      </Typography>
      {list.isPending ? (
        <LoadingBlock label="Loading enquiries" height={64} />
      ) : list.isError ? (
        <Typography variant="body2" color="error">
          The enquiries could not be loaded.
        </Typography>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No enquiries recorded yet.
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Enquiries of this contact">
              <TableHead>
                <TableRow>
                  <TableCell>Received</TableCell>
                  <TableCell>Property / Scheme</TableCell>
                  <TableCell>Company</TableCell>
                  <TableCell>Stage</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>Size</TableCell>
                  <TableCell>Rent</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.id} hover>
                    <TableCell>
                      <Link
                        component="button"
                        type="button"
                        onClick={() => setEditing(e.id)}
                        aria-label={`Open enquiry received ${formatDate(e.received_at)}`}
                        sx={{ verticalAlign: 'baseline' }}
                      >
                        {formatDate(e.received_at)}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {e.property ? (
                        <EntityLink to={`/properties?id=${e.property.id}`}>
                          {enquiryPropertyLabel(e.property)}
                        </EntityLink>
                      ) : e.scheme ? (
                        <EntityLink to={`/schemes?id=${e.scheme.id}`}>{e.scheme.name}</EntityLink>
                      ) : (
                        ''
                      )}
                    </TableCell>
                    <TableCell>
                      {e.company && (
                        <EntityLink to={`/companies/${e.company.id}`}>{e.company.name}</EntityLink>
                      )}
                    </TableCell>
                    <TableCell>{ENQUIRY_STAGE_LABELS[e.stage]}</TableCell>
                    <TableCell>{REASON_LABELS[e.reason]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeRangeOf(e)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{rentRangeOf(e)}</TableCell>
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
      <EditEnquiryDialog id={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
