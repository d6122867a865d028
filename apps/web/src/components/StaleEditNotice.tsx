import { useEffect, useRef } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { VERSION_MESSAGES } from '@frontage/shared';
import type { StaleFieldRow } from '../lib/staleEdit';

/**
 * Shown in place of a save that was refused because someone else changed the record first
 * (ADR 0060): what changed and what it holds now, then the user's choice — take the current
 * values (their input is thrown away) or keep theirs and save again over the new version.
 */
export function StaleEditNotice({
  rows,
  onTakeCurrent,
  onKeepMine,
}: {
  rows: StaleFieldRow[];
  onTakeCurrent: () => void;
  onKeepMine: () => void;
}) {
  // The save that was refused sits at the bottom of a long form: bring the notice into view and
  // put focus on it, so keyboard users start from the choice they now have to make.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="warning"
      role="alert"
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>Changed by someone else</AlertTitle>
      {VERSION_MESSAGES.stale}
      {rows.length > 0 && (
        <Box sx={{ mt: 1, overflowX: 'auto' }}>
          <Table size="small" aria-label="Changed since you opened it">
            <TableHead>
              <TableRow>
                <TableCell>Changed since you opened it</TableCell>
                <TableCell>Now saved</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.field}>
                  <TableCell component="th" scope="row">
                    {r.label}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{r.now}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ mt: 1 }}>Keep your changes and save again to replace these, or take the current values.</Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onTakeCurrent}>
          Use the current values
        </Button>
        <Button size="small" variant="contained" color="warning" onClick={onKeepMine}>
          Keep my changes
        </Button>
      </Stack>
    </Alert>
  );
}
