import { Link as RouterLink } from 'react-router';
import {
  Box,
  Checkbox,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime, type VerificationQueueGroup } from '@frontage/shared';
import { fieldLabel } from '../../../entities/properties/labels';
import { shownValue } from '../../../entities/history/labels';
import { visuallyHidden } from '../../../components/visuallyHidden';

const TYPE_LABELS: Record<VerificationQueueGroup['entity_type'], string> = {
  property: 'Property',
  scheme: 'Scheme',
  address: 'Address',
};

/** Where a group's record opens: /properties?id= or /schemes?id=. */
const hrefOf = (g: VerificationQueueGroup): string | null =>
  g.link ? `/${g.link.kind === 'property' ? 'properties' : 'schemes'}?id=${g.link.id}` : null;

/** One record of the queue with its waiting changes, each with a checkbox, and one for them all. */
export function QueueGroupCard({
  group,
  selected,
  onToggle,
}: {
  group: VerificationQueueGroup;
  selected: ReadonlySet<number>;
  onToggle: (ids: number[], on: boolean) => void;
}) {
  const ids = group.changes.map((c) => c.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  const href = hrefOf(group);

  return (
    <Paper variant="outlined" component="section" aria-label={group.label} sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Checkbox
          size="small"
          checked={chosen === ids.length && ids.length > 0}
          indeterminate={chosen > 0 && chosen < ids.length}
          onChange={(e) => onToggle(ids, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select every change of ${group.label}` } }}
        />
        <Chip size="small" label={TYPE_LABELS[group.entity_type]} />
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {href ? (
            <Link component={RouterLink} to={href}>
              {group.label}
            </Link>
          ) : (
            group.label
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {group.total_changes > group.changes.length
            ? `${group.changes.length} of ${group.total_changes} changes shown`
            : `${group.total_changes} change${group.total_changes === 1 ? '' : 's'}`}
        </Typography>
      </Stack>
      <Table size="small" aria-label={`Changes of ${group.label}`}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                Select
              </Box>
            </TableCell>
            <TableCell>Field</TableCell>
            <TableCell>Change</TableCell>
            <TableCell>By</TableCell>
            <TableCell>When</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.changes.map((c) => {
            const label = fieldLabel(c.field);
            return (
              <TableRow key={c.id} selected={selected.has(c.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.has(c.id)}
                    onChange={(e) => onToggle([c.id], e.target.checked)}
                    slotProps={{ input: { 'aria-label': `Select the change of ${label} on ${group.label}` } }}
                  />
                </TableCell>
                <TableCell>{label}</TableCell>
                <TableCell>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {shownValue(c, 'old')}
                  </Typography>
                  {' → '}
                  <Typography component="span" variant="body2">
                    {shownValue(c, 'new')}
                  </Typography>
                </TableCell>
                <TableCell>{c.user?.name ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.created_at)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
