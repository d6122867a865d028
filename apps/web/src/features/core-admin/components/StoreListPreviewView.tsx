import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { StoreListPreview } from '@frontage/shared';
import {
  MISSING_CHOICE_LABELS,
  NEW_ROW_CHOICE_LABELS,
  defaultNewChoice,
  groupsOf,
  rowAddress,
  unitAddress,
  type MissingChoice,
  type NewRowChoice,
  type ReconcileChoices,
} from '../reconcile';

/**
 * Step 2 of the reconciliation: the list matched against the units the retailer holds, in three
 * groups (and the rows that cannot be read), with a choice per row for the new and the missing.
 */
export function StoreListPreviewView({
  preview,
  choices,
  onChange,
}: {
  preview: StoreListPreview;
  choices: ReconcileChoices;
  onChange: (next: ReconcileChoices) => void;
}) {
  const groups = groupsOf(preview);
  const newChosen = groups.new.filter((r) => (choices.rows[r.row.line] ?? 'skip') !== 'skip').length;
  const missingChosen = groups.missing.filter((u) => choices.missing[u.property_id] === 'close').length;

  const setRow = (line: number, c: NewRowChoice) =>
    onChange({ ...choices, rows: { ...choices.rows, [line]: c } });
  const setMissing = (id: number, c: MissingChoice) =>
    onChange({ ...choices, missing: { ...choices.missing, [id]: c } });
  const allNew = (on: boolean) =>
    onChange({
      ...choices,
      rows: Object.fromEntries(groups.new.map((r) => [r.row.line, on ? defaultNewChoice(r) : 'skip'])),
    });
  const allMissing = (on: boolean) =>
    onChange({
      ...choices,
      missing: Object.fromEntries(groups.missing.map((u) => [u.property_id, on ? 'close' : 'skip'])),
    });

  return (
    <Stack spacing={3}>
      <Group title="Matched" count={groups.matched.length}>
        <RowsTable head={['Line', 'In the list', 'Our unit']}>
          {groups.matched.map((r) => (
            <TableRow key={r.row.line}>
              <TableCell>{r.row.line}</TableCell>
              <TableCell>{rowAddress(r.row)}</TableCell>
              <TableCell>{r.unit ? unitAddress(r.unit) : ''}</TableCell>
            </TableRow>
          ))}
        </RowsTable>
      </Group>

      <Group
        title="In the list, not on our data"
        count={groups.new.length}
        selectAll={
          <SelectAll
            label="Select all in the list, not on our data"
            chosen={newChosen}
            total={groups.new.length}
            onChange={allNew}
          />
        }
      >
        <RowsTable head={['Line', 'In the list', 'Vacant unit at the address', 'Action']}>
          {groups.new.map((r) => (
            <TableRow key={r.row.line}>
              <TableCell>{r.row.line}</TableCell>
              <TableCell>
                {r.row.store_name ? `${r.row.store_name} — ` : ''}
                {rowAddress(r.row)}
              </TableCell>
              <TableCell>{r.vacant_unit ? unitAddress(r.vacant_unit) : '—'}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={choices.rows[r.row.line] ?? 'skip'}
                  onChange={(e) => setRow(r.row.line, e.target.value as NewRowChoice)}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': `Action for line ${r.row.line}` },
                  }}
                >
                  {(['skip', 'create', 'tracked_change'] as const)
                    .filter((c) => c !== 'tracked_change' || r.vacant_unit)
                    .map((c) => (
                      <option key={c} value={c}>
                        {NEW_ROW_CHOICE_LABELS[c]}
                      </option>
                    ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </RowsTable>
      </Group>

      <Group
        title="On our data, not in the list"
        count={groups.missing.length}
        selectAll={
          <SelectAll
            label="Select all on our data, not in the list"
            chosen={missingChosen}
            total={groups.missing.length}
            onChange={allMissing}
          />
        }
      >
        <RowsTable head={['Our unit', 'Action']}>
          {groups.missing.map((u) => (
            <TableRow key={u.property_id}>
              <TableCell>{unitAddress(u)}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={choices.missing[u.property_id] ?? 'skip'}
                  onChange={(e) => setMissing(u.property_id, e.target.value as MissingChoice)}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { 'aria-label': `Action for ${unitAddress(u)}` },
                  }}
                >
                  {(['skip', 'close'] as const).map((c) => (
                    <option key={c} value={c}>
                      {MISSING_CHOICE_LABELS[c]}
                    </option>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </RowsTable>
      </Group>

      {groups.invalid.length > 0 && (
        <Group title="Invalid rows" count={groups.invalid.length}>
          <RowsTable head={['Line', 'In the list', 'Errors']}>
            {groups.invalid.map((r) => (
              <TableRow key={r.row.line}>
                <TableCell>{r.row.line}</TableCell>
                <TableCell>{rowAddress(r.row)}</TableCell>
                <TableCell sx={{ color: 'error.main' }}>{r.errors.join(' ')}</TableCell>
              </TableRow>
            ))}
          </RowsTable>
        </Group>
      )}
    </Stack>
  );
}

function Group({
  title,
  count,
  selectAll,
  children,
}: {
  title: string;
  count: number;
  selectAll?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={`${title} (${count})`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', flexGrow: 1 }}>
          {title} ({count})
        </Typography>
        {count > 0 && selectAll}
      </Stack>
      {count > 0 ? (
        children
      ) : (
        <Typography variant="body2" color="text.secondary">
          None.
        </Typography>
      )}
    </Box>
  );
}

function SelectAll({
  label,
  chosen,
  total,
  onChange,
}: {
  label: string;
  chosen: number;
  total: number;
  onChange: (on: boolean) => void;
}) {
  return (
    <FormControlLabel
      label="Select all"
      control={
        <Checkbox
          size="small"
          checked={chosen === total}
          indeterminate={chosen > 0 && chosen < total}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': label } }}
        />
      }
    />
  );
}

function RowsTable({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    // Scrollable, so focusable: the keyboard scrolls it too.
    <Box
      tabIndex={0}
      sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </Box>
  );
}
