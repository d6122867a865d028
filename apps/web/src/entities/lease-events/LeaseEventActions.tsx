import { useState } from 'react';
import { Box, Button, Tooltip } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DEAL_TYPE_LABELS, LEASE_EVENT_LABELS, formatDate, type LeaseEvent } from '@frontage/shared';
import { withDealWizard } from '../deals/links';
import { useLeaseEventAction } from './api';
import { LeaseEventActionDialog } from './LeaseEventActionDialog';
import { LEASE_EVENT_DEAL_TYPES, leaseEventPlaceName } from './leaseEventDeal';

/**
 * An event's actions, on the work list's rows and the property's card alike: Create Deal (the
 * wizard the event calls for, on its unit), and Done / Dismiss while it is open or Reopen once
 * it is not. Plain buttons and links, so Tab reaches each and Enter acts.
 */
export function LeaseEventActions({ event }: { event: LeaseEvent }) {
  const [search] = useSearchParams();
  const [dialog, setDialog] = useState<'done' | 'dismiss' | null>(null);
  const action = useLeaseEventAction();
  const dealType = LEASE_EVENT_DEAL_TYPES[event.type];
  // Which event a button acts on, for a screen reader moving between buttons out of their row.
  const about = `${LEASE_EVENT_LABELS[event.type]}, ${formatDate(event.date)}`;
  const wizard = withDealWizard(search, dealType, {
    id: event.property.id,
    name: leaseEventPlaceName(event.property),
  });
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={`Opens the ${DEAL_TYPE_LABELS[dealType]} wizard on this unit`} describeChild>
        <Button size="small" component={RouterLink} to={{ search: wizard.toString() }} sx={{ minWidth: 0 }}>
          Create Deal
        </Button>
      </Tooltip>
      {event.status === 'open' ? (
        <>
          <Button
            size="small"
            sx={{ minWidth: 0 }}
            onClick={() => setDialog('done')}
            aria-description={about}
          >
            Done
          </Button>
          <Button
            size="small"
            color="inherit"
            sx={{ minWidth: 0 }}
            onClick={() => setDialog('dismiss')}
            aria-description={about}
          >
            Dismiss
          </Button>
        </>
      ) : (
        <Button
          size="small"
          color="inherit"
          sx={{ minWidth: 0 }}
          disabled={action.isPending}
          onClick={() => action.mutate({ event, kind: 'reopen', reason: null })}
          aria-description={about}
        >
          Reopen
        </Button>
      )}
      {dialog && <LeaseEventActionDialog event={event} kind={dialog} open onClose={() => setDialog(null)} />}
    </Box>
  );
}
