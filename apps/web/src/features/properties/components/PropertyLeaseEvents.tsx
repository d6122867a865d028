import { useId, useState } from 'react';
import {
  Box,
  Button,
  Collapse,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Link as RouterLink } from 'react-router';
import {
  LEASE_EVENTS_MAX_RANGE_DAYS,
  PER_PAGE_MAX,
  formatDate,
  todayIso,
  type LeaseEvent,
  type Property,
} from '@frontage/shared';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { isoDaysFrom, useLeaseEvents } from '../../../entities/lease-events/api';
import { LeaseEventActions } from '../../../entities/lease-events/LeaseEventActions';
import { LEASE_EVENT_RELETS } from '../../../entities/lease-events/leaseEventDeal';
import { LeaseEventLabel, LeaseEventStatusChip } from '../../../entities/lease-events/LeaseEventLabel';
import { LoadingBlock } from '../../../components/LoadingBlock';

type Unit = Pick<Property, 'id' | 'tenant' | 'archived_at' | 'lease_start_date' | 'lease_end_date'>;

export const LEASE_EVENTS_CARD_TEXT = {
  vacant: 'No lease events: the unit is vacant.',
  archived: 'No lease events: the unit is archived.',
  none: 'No lease events: no lease dates are recorded for this unit.',
  failed: 'The lease events could not be loaded.',
} as const;

/**
 * The range the card asks for (ADR 0088): from the lease start (a year back when it is not
 * known) to a year past the lease end (20 years ahead when none), so the expiry, holding over
 * and every review show; cut at its start to the widest range one request may span.
 */
export const cardRangeOf = (p: Unit, today: string = todayIso()): { from: string; to: string } => {
  const end = p.lease_end_date && p.lease_end_date > today ? p.lease_end_date : today;
  const to = isoDaysFrom(p.lease_end_date ? end : isoDaysFrom(today, 366 * 20), 366);
  const earliest = isoDaysFrom(to, -(LEASE_EVENTS_MAX_RANGE_DAYS - 1));
  const from = p.lease_start_date ?? isoDaysFrom(today, -365);
  return { from: from < earliest ? earliest : from, to };
};

/**
 * The property view's Lease events card: the unit's events, upcoming first and the past ones
 * collapsed under a toggle, each with its date, label, Hard chip, status (and why) and the same
 * actions as the work list. A vacant or archived unit has none, so nothing is asked.
 */
export function PropertyLeaseEvents({ property }: { property: Unit }) {
  const live = !!property.tenant && !property.archived_at;
  const q = useLeaseEvents(
    { property_id: property.id, ...cardRangeOf(property), status: 'all', page: 1, per_page: PER_PAGE_MAX },
    live,
  );
  const today = todayIso();
  const rows = q.data?.data ?? [];
  const upcoming = rows.filter((e) => e.date >= today);
  const past = rows.filter((e) => e.date < today).reverse();
  const more = (q.data?.meta.pagination.total ?? 0) - rows.length;

  let body;
  if (!live)
    body = (
      <Empty text={property.archived_at ? LEASE_EVENTS_CARD_TEXT.archived : LEASE_EVENTS_CARD_TEXT.vacant} />
    );
  else if (q.isPending) body = <LoadingBlock label="Loading lease events" height={64} />;
  else if (q.isError)
    body = (
      <Typography variant="body2" color="error">
        {LEASE_EVENTS_CARD_TEXT.failed}
      </Typography>
    );
  else if (rows.length === 0) body = <Empty text={LEASE_EVENTS_CARD_TEXT.none} />;
  else
    body = (
      <>
        {upcoming.length ? (
          <EventTable label="Upcoming lease events" events={upcoming} />
        ) : (
          <Empty text="No upcoming lease events." />
        )}
        {past.length > 0 && <PastEvents events={past} />}
        {more > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {more.toLocaleString('en-GB')} more in the{' '}
            <Link component={RouterLink} to="/lease-events">
              Lease Events
            </Link>{' '}
            list.
          </Typography>
        )}
      </>
    );

  return (
    <Paper variant="outlined" component="section" aria-label="Lease events" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Lease Events
      </Typography>
      {body}
    </Paper>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

function PastEvents({ events }: { events: LeaseEvent[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={
          <ExpandMoreIcon
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        }
      >
        Past events ({events.length})
      </Button>
      <Collapse in={open} id={id} unmountOnExit>
        <EventTable label="Past lease events" events={events} />
      </Collapse>
    </Box>
  );
}

function EventTable({ label, events }: { label: string; events: LeaseEvent[] }) {
  // Done and Dismiss in one column: a row without New Letting keeps its place when another has it.
  const reserveRelet = events.some((e) => LEASE_EVENT_RELETS.has(e.type));
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 100 }}>Date</TableCell>
            <TableCell>Event</TableCell>
            <TableCell sx={{ width: 110 }}>Status</TableCell>
            <TableCell sx={{ width: 215 }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</TableCell>
              <TableCell>
                <LeaseEventLabel event={e} />
                {e.status !== 'open' && (e.status_reason || e.status_by) && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[e.status_by?.name, e.status_at ? formatDate(e.status_at) : null]
                      .filter(Boolean)
                      .join(', ')}
                    {e.status_reason ? `: ${e.status_reason}` : ''}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <LeaseEventStatusChip event={e} />
              </TableCell>
              <TableCell>
                <LeaseEventActions event={e} reserveRelet={reserveRelet} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
