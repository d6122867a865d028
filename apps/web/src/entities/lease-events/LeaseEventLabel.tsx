import { Box, Chip, Tooltip } from '@mui/material';
import { LEASE_EVENT_LABELS, type LeaseEvent, type LeaseEventStatus } from '@frontage/shared';

export const LEASE_EVENT_STATUS_LABELS: Record<LeaseEventStatus, string> = {
  open: 'Open',
  done: 'Done',
  dismissed: 'Dismissed',
};

export const HARD_EVENT_HINT = 'Time is of the essence: missed by a day, the right is lost.';

/** The "Hard" mark of an event where time is of the essence (a break, a statutory deadline, the expiry). */
export function HardChip() {
  return (
    <Tooltip title={HARD_EVENT_HINT} describeChild>
      <Chip label="Hard" size="small" color="warning" variant="outlined" sx={{ height: 20, flexShrink: 0 }} />
    </Tooltip>
  );
}

/** An event's label with its Hard chip, on one line. */
export function LeaseEventLabel({ event }: { event: Pick<LeaseEvent, 'type' | 'hard'> }) {
  return (
    <Box
      component="span"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, maxWidth: '100%' }}
    >
      <Box
        component="span"
        title={LEASE_EVENT_LABELS[event.type]}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {LEASE_EVENT_LABELS[event.type]}
      </Box>
      {event.hard && <HardChip />}
    </Box>
  );
}

/** The event's status; a done or dismissed one says who and why on hover (the card shows it as text). */
export function LeaseEventStatusChip({ event }: { event: LeaseEvent }) {
  const label = LEASE_EVENT_STATUS_LABELS[event.status];
  if (event.status === 'open')
    return <Chip label={label} size="small" variant="outlined" sx={{ height: 20 }} />;
  const why = [event.status_by?.name, event.status_reason].filter(Boolean).join(': ');
  return (
    <Tooltip title={why || label} describeChild>
      <Chip
        label={label}
        size="small"
        color={event.status === 'done' ? 'success' : 'default'}
        sx={{ height: 20 }}
      />
    </Tooltip>
  );
}
