import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ImportRow } from '@frontage/shared';

/**
 * The first rows of one outcome, as the file holds them: the line, the mapped columns, and the
 * row's errors or the keys of its duplicate match.
 */
export function ImportRowsTable({
  label,
  rows,
  columns,
}: {
  label: string;
  rows: readonly ImportRow[];
  /** The file's headers to show (the mapped ones, in file order). */
  columns: readonly string[];
}) {
  if (!rows.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        No rows.
      </Typography>
    );
  return (
    <Table size="small" aria-label={label} sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Line
          </TableCell>
          {columns.map((c) => (
            <TableCell key={c} component="th" scope="col">
              {c}
            </TableCell>
          ))}
          <TableCell component="th" scope="col">
            Errors / match
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.line}>
            <TableCell>{r.line}</TableCell>
            {columns.map((c) => (
              <TableCell key={c}>{r.values[c] ?? ''}</TableCell>
            ))}
            <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 220 }}>
              {r.errors.length > 0 ? (
                <Typography variant="body2" color="error">
                  {r.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join(' ')}
                </Typography>
              ) : r.match ? (
                <Typography variant="body2" color="text.secondary">
                  {r.match.record_id !== null
                    ? `Matches record ${r.match.record_id}`
                    : 'Duplicate in the file'}
                  {r.match.keys.length ? ` by ${r.match.keys.join(', ')}` : ''}
                </Typography>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
