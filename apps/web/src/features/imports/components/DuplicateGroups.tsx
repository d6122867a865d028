import {
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  IMPORT_CHOICES,
  type Import,
  type ImportApplyBody,
  type ImportChoice,
  type ImportRow,
} from '@frontage/shared';
import { CHOICE_LABELS } from '../importLabels';

const SUGGESTED = '';

interface Group {
  key: string;
  recordId: number | null;
  keys: string[];
  lines: number[];
}

/** The duplicate groups among the preview's rows (the server sends the first rows of each outcome). */
export const groupsOf = (imp: Import): Group[] => {
  const byKey = new Map<string, Group>();
  const rows: ImportRow[] = Object.values(imp.rows ?? {}).flat();
  for (const r of rows.sort((a, b) => a.line - b.line)) {
    if (!r.match) continue;
    const g = byKey.get(r.match.group) ?? {
      key: r.match.group,
      recordId: r.match.record_id,
      keys: r.match.keys,
      lines: [],
    };
    g.lines.push(r.line);
    byKey.set(r.match.group, g);
  }
  return [...byKey.values()];
};

function ChoiceField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ImportChoice | undefined;
  onChange: (choice: ImportChoice | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? SUGGESTED}
      onChange={(e) => onChange(e.target.value === SUGGESTED ? undefined : (e.target.value as ImportChoice))}
      fullWidth={false}
      // "As suggested" is the empty value: shown as a value, under a label that stays above it.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: 200 }}
    >
      <MenuItem value={SUGGESTED}>As suggested</MenuItem>
      {IMPORT_CHOICES.map((c) => (
        <MenuItem key={c} value={c}>
          {CHOICE_LABELS[c]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Create, update or skip per duplicate group, or for all of them. "As suggested" sends nothing:
 * the server's default (ADR 0094) updates a matched record and, within the file, creates the
 * first row and skips the others.
 */
export function DuplicateGroups({
  imp,
  choices,
  onChoices,
}: {
  imp: Import;
  choices: ImportApplyBody;
  onChoices: (choices: ImportApplyBody) => void;
}) {
  const groups = groupsOf(imp);
  const setGroup = (key: string, choice: ImportChoice | undefined) => {
    const next = { ...choices.groups };
    if (choice) next[key] = choice;
    else delete next[key];
    onChoices({ ...choices, groups: next });
  };
  return (
    <Stack spacing={1} component="section" aria-label={`Duplicate groups (${imp.duplicate_groups})`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          Duplicate groups ({imp.duplicate_groups})
        </Typography>
        <ChoiceField
          label="For all groups"
          value={choices.all}
          onChange={(all) => onChoices({ ...choices, all })}
        />
      </Stack>
      {imp.duplicate_groups > groups.length && (
        <Typography variant="body2" color="text.secondary">
          The groups of the rows shown are listed; the choice for all groups covers every one.
        </Typography>
      )}
      {groups.length > 0 && (
        <Table size="small" aria-label="Duplicate groups">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Matched by
              </TableCell>
              <TableCell component="th" scope="col">
                Existing record
              </TableCell>
              <TableCell component="th" scope="col">
                Lines
              </TableCell>
              <TableCell component="th" scope="col">
                Choice
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((g) => (
              <TableRow key={g.key}>
                <TableCell>{g.keys.join(', ')}</TableCell>
                <TableCell>{g.recordId ?? 'None (within the file)'}</TableCell>
                <TableCell>{g.lines.join(', ')}</TableCell>
                <TableCell>
                  <ChoiceField
                    label={`Choice for lines ${g.lines.join(', ')}`}
                    value={choices.groups?.[g.key]}
                    onChange={(c) => setGroup(g.key, c)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}
