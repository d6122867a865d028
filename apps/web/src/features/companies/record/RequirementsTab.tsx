import { Fragment, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Collapse,
  IconButton,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { ENQUIRY_STAGE_LABELS, formatDate, type Company, type Enquiry } from '@frontage/shared';
import { useEnquiryList } from '../../../entities/enquiries/api';
import { CreateEnquiryDialog } from '../../../entities/enquiries/CreateEnquiryDialog';
import { EditEnquiryDialog } from '../../../entities/enquiries/EditEnquiryDialog';
import { EnquiryMatches } from '../../../entities/enquiries/EnquiryMatches';
import { enquiryPropertyLabel } from '../../../entities/enquiries/enquiryForm';
import { rentRangeOf, sizeRangeOf } from '../../../entities/enquiries/format';
import { LoadingBlock } from '../../../components/LoadingBlock';

const PER_PAGE = 10;
const COLUMNS = 7;

/** Where a requirement is: its unit (whose address names the town), else its scheme and town. */
const placeOf = (e: Enquiry) =>
  (e.property ? enquiryPropertyLabel(e.property) : [e.scheme?.name, e.town].filter(Boolean).join(', ')) ||
  '—';

/**
 * The company's requirements — its enquiries, newest received first: stage, size and rent ranges
 * and place, each opening Edit Enquiry, each unfolding its matching units. "Add requirement" opens
 * Create Enquiry with the company preset; the requirement names its scheme or unit there (ADR 0092).
 */
export function RequirementsTab({ company }: { company: Company }) {
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const list = useEnquiryList({
    company_id: company.id,
    sort: '-received_at',
    page: page + 1,
    per_page: PER_PAGE,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.pagination.total ?? 0;
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="company-requirements" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="company-requirements" variant="h2" sx={{ flexGrow: 1 }}>
          Requirements{list.data ? ` (${total.toLocaleString('en-GB')})` : ''}
        </Typography>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Add requirement
        </Button>
      </Box>
      {list.isPending ? (
        <LoadingBlock label="Loading requirements" height={64} />
      ) : list.isError ? (
        <Alert severity="error">The requirements could not be loaded.</Alert>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No requirements recorded yet.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={`Requirements of ${company.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Received</TableCell>
                <TableCell>Place</TableCell>
                <TableCell>Stage</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Rent</TableCell>
                <TableCell>Contact</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  Matches
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => {
                const shown = open.has(e.id);
                const received = formatDate(e.received_at);
                return (
                  <Fragment key={e.id}>
                    <TableRow hover sx={shown ? { '& > td': { borderBottom: 0 } } : undefined}>
                      <TableCell>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setEditing(e.id)}
                          aria-label={`Open requirement received ${received}`}
                          sx={{ verticalAlign: 'baseline' }}
                        >
                          {received}
                        </Link>
                      </TableCell>
                      <TableCell>{placeOf(e)}</TableCell>
                      <TableCell>{ENQUIRY_STAGE_LABELS[e.stage]}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{sizeRangeOf(e) || '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{rentRangeOf(e) || '—'}</TableCell>
                      <TableCell>{e.user?.name ?? '—'}</TableCell>
                      <TableCell align="right">
                        <Tooltip title={shown ? 'Hide matching units' : 'Show matching units'}>
                          <IconButton
                            size="small"
                            aria-expanded={shown}
                            aria-label={`Matching units of the requirement received ${received}`}
                            onClick={() => toggle(e.id)}
                          >
                            {shown ? (
                              <ExpandLessIcon fontSize="small" />
                            ) : (
                              <ExpandMoreIcon fontSize="small" />
                            )}
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={COLUMNS} sx={shown ? { pt: 0 } : { p: 0, borderBottom: 0 }}>
                        <Collapse in={shown} unmountOnExit>
                          <Box sx={{ py: 1 }}>
                            <EnquiryMatches enquiryId={e.id} />
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })}
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
        </Box>
      )}
      <CreateEnquiryDialog open={adding} subject={null} company={company} onClose={() => setAdding(false)} />
      <EditEnquiryDialog id={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
