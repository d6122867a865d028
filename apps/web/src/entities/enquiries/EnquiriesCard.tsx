import { useState } from 'react';
import {
  Box,
  Button,
  Link,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  ENQUIRY_PER_PAGE_DEFAULT,
  ENQUIRY_STAGE_LABELS,
  LIVE_ENQUIRY_STAGES,
  REASON_LABELS,
  formatDate,
  type Enquiry,
} from '@frontage/shared';
import { useEnquiryList } from './api';
import { CreateEnquiryDialog } from './CreateEnquiryDialog';
import { EditEnquiryDialog } from './EditEnquiryDialog';
import { enquiryPropertyLabel, type EnquirySubject } from './enquiryForm';
import { enquirerOf, rentRangeOf, sizeRangeOf } from './format';
import { openManageEnquiries } from './manageEnquiriesStore';

const CLOSED_STAGES = ['completed', 'withdrawn'] as const;

/**
 * A property's or a scheme's enquiries on its view: the live ones (interest, under
 * offer) first, then the completed and withdrawn, newest first, each opening Edit Enquiry; a
 * button adds one (Create Enquiry) and another opens Manage Enquiries on this record. A scheme's
 * list holds its units' enquiries too, with the unit named.
 */
export function EnquiriesCard({ subject }: { subject: EnquirySubject }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const where = subject.kind === 'property' ? { property_id: subject.id } : { scheme_id: subject.id };
  const common = { ...where, sort: '-updated_at' as const, page: 1, per_page: ENQUIRY_PER_PAGE_DEFAULT };
  const live = useEnquiryList({ ...common, stage: LIVE_ENQUIRY_STAGES.join(',') });
  const closed = useEnquiryList({ ...common, stage: CLOSED_STAGES.join(',') });
  const rows = [...(live.data?.data ?? []), ...(closed.data?.data ?? [])];
  const total = (live.data?.meta.pagination.total ?? 0) + (closed.data?.meta.pagination.total ?? 0);
  const headingId = `enquiries-${subject.kind}-${subject.id}`;
  const withUnit = subject.kind === 'scheme';

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Enquiries{live.data && closed.data ? ` (${total})` : ''}
        </Typography>
        <Button size="small" variant="outlined" onClick={() => openManageEnquiries(subject)}>
          Manage Enquiries
        </Button>
        <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add Enquiry
        </Button>
      </Box>
      {live.isPending || closed.isPending ? (
        <Skeleton variant="rounded" height={64} aria-label="Loading enquiries" />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No enquiries recorded yet.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Enquiries for ${subject.label}`}>
            <TableHead>
              <TableRow>
                <TableCell>Received</TableCell>
                {withUnit && <TableCell>Unit</TableCell>}
                <TableCell>Company</TableCell>
                <TableCell>Stage</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Rent</TableCell>
                <TableCell>Updated</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e: Enquiry) => (
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
                  {withUnit && <TableCell>{e.property ? enquiryPropertyLabel(e.property) : ''}</TableCell>}
                  <TableCell>{enquirerOf(e)}</TableCell>
                  <TableCell>{ENQUIRY_STAGE_LABELS[e.stage]}</TableCell>
                  <TableCell>{REASON_LABELS[e.reason]}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeRangeOf(e)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{rentRangeOf(e)}</TableCell>
                  <TableCell>{formatDate(e.updated_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <CreateEnquiryDialog open={adding} subject={subject} onClose={() => setAdding(false)} />
      <EditEnquiryDialog id={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
