import { Fragment, useEffect, useRef } from 'react';
import {
  Box,
  Collapse,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import type { GapAnalysisResult, GapPlace } from '@frontage/shared';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { GAP_PAGE_SIZES } from '../gapQuery';
import { GapUnits } from './GapUnits';

interface Props {
  result: GapAnalysisResult;
  /** The place picked on the map or in the table (its key). */
  selected: string | null;
  /** Places whose available units are shown. */
  expanded: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onToggle: (key: string) => void;
  onPage: (page: number, perPage: number) => void;
}

const peersText = (p: GapPlace): string => {
  const more = p.peers - p.peer_names.length;
  return more > 0 ? `${p.peer_names.join(', ')} and ${more} more` : p.peer_names.join(', ');
};

/** The ranked places: one row each, expanding to its available units. */
export function GapResults({ result, selected, expanded, onSelect, onToggle, onPage }: Props) {
  const { pagination } = result.meta;
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  // A place picked on the map comes into view.
  useEffect(() => {
    if (selected) rows.current.get(selected)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label="Gap analysis places">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48 }}>
                <Box component="span" sx={visuallyHidden}>
                  Expand
                </Box>
              </TableCell>
              <TableCell>Place</TableCell>
              <TableCell>Peers present</TableCell>
              <TableCell align="right">Units</TableCell>
              <TableCell align="right">Vacant</TableCell>
              <TableCell align="right">Available</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.data.map((p) => {
              const open = expanded.has(p.key);
              const unitsId = `gap-units-${p.key.replace(/[^a-z0-9-]/gi, '_')}`;
              return (
                <Fragment key={p.key}>
                  <TableRow
                    hover
                    selected={selected === p.key}
                    ref={(el) => {
                      if (el) rows.current.set(p.key, el);
                      else rows.current.delete(p.key);
                    }}
                    onClick={() => onSelect(p.key)}
                    sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}
                  >
                    <TableCell>
                      <Tooltip title={open ? 'Hide available units' : 'Show available units'}>
                        <IconButton
                          size="small"
                          aria-label={`Available units in ${p.name}`}
                          aria-expanded={open}
                          aria-controls={unitsId}
                          onClick={(e) => {
                            e.stopPropagation();
                            onSelect(p.key);
                            onToggle(p.key);
                          }}
                        >
                          {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                    <TableCell component="th" scope="row">
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {p.name}
                      </Typography>
                      {p.level === 'scheme' && p.town && (
                        <Typography variant="caption" color="text.secondary">
                          {p.town}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2">{p.peers.toLocaleString('en-GB')}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {peersText(p)}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{p.units.toLocaleString('en-GB')}</TableCell>
                    <TableCell align="right">{p.vacant.toLocaleString('en-GB')}</TableCell>
                    <TableCell align="right">{p.available.toLocaleString('en-GB')}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={6} sx={{ py: 0, ...(open ? {} : { borderBottom: 0 }) }}>
                      <Collapse in={open} unmountOnExit>
                        <Box id={unitsId} sx={{ py: 1, pl: { sm: 6 } }}>
                          <GapUnits place={p} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={pagination.total}
        page={pagination.current_page - 1}
        rowsPerPage={pagination.per_page}
        rowsPerPageOptions={[...GAP_PAGE_SIZES]}
        onPageChange={(_e, page) => onPage(page + 1, pagination.per_page)}
        onRowsPerPageChange={(e) => onPage(1, Number(e.target.value))}
      />
    </Paper>
  );
}
