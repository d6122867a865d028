import { useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DEAL_TYPE_LABELS, LEASE_EVENT_LABELS, formatDate, type LeaseEvent } from '@frontage/shared';
import { withDealWizard } from '../deals/links';
import { useLeaseEventAction } from './api';
import { LeaseEventActionDialog } from './LeaseEventActionDialog';
import { LEASE_EVENT_DEAL_TYPES, LEASE_EVENT_RELETS, leaseEventPlaceName } from './leaseEventDeal';

/**
 * An event's actions, on the work list's rows and the property's card alike: Create Deal (the
 * wizard the event calls for, on its unit), New Letting where the tenant may leave, and Done / Dismiss while it is open or Reopen once
 * it is not. Plain links and buttons, so Tab reaches each and Enter acts. `compact` draws them as
 * icon buttons named by their action (the dense list's narrow column); the card spells them out.
 * `reserveRelet` keeps New Letting's place empty on a row without it, so that Done and Dismiss
 * line up down a column whose other rows have it.
 */
export function LeaseEventActions({
  event,
  compact = false,
  reserveRelet = false,
}: {
  event: LeaseEvent;
  compact?: boolean;
  reserveRelet?: boolean;
}) {
  const [search] = useSearchParams();
  const [dialog, setDialog] = useState<'done' | 'dismiss' | null>(null);
  const action = useLeaseEventAction();
  const dealType = LEASE_EVENT_DEAL_TYPES[event.type];
  // Which event a control acts on, for a screen reader moving between controls out of their row.
  const about = `${LEASE_EVENT_LABELS[event.type]}, ${formatDate(event.date)}`;
  const unit = { id: event.property.id, name: leaseEventPlaceName(event.property) };
  const wizard = withDealWizard(search, dealType, unit);
  const relet = LEASE_EVENT_RELETS.has(event.type) ? withDealWizard(search, 'new_letting', unit) : null;
  const reopen = () => action.mutate({ event, kind: 'reopen', reason: null });

  const controls = compact ? (
    <>
      <Tooltip title={`Create Deal: ${DEAL_TYPE_LABELS[dealType]}`} describeChild>
        <IconButton
          size="small"
          color="primary"
          component={RouterLink}
          to={{ search: wizard.toString() }}
          aria-label="Create Deal"
        >
          <HandshakeOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {relet && (
        <Tooltip title={`Create Deal: ${DEAL_TYPE_LABELS.new_letting}`} describeChild>
          <IconButton
            size="small"
            color="primary"
            component={RouterLink}
            to={{ search: relet.toString() }}
            aria-label={DEAL_TYPE_LABELS.new_letting}
          >
            <StorefrontOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {!relet && reserveRelet && (
        <Placeholder>
          <IconButton size="small" disabled tabIndex={-1}>
            <StorefrontOutlinedIcon fontSize="small" />
          </IconButton>
        </Placeholder>
      )}
      {event.status === 'open' ? (
        <>
          <Tooltip title="Mark done" describeChild>
            <IconButton
              size="small"
              onClick={() => setDialog('done')}
              aria-label="Done"
              aria-description={about}
            >
              <CheckIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Dismiss" describeChild>
            <IconButton
              size="small"
              onClick={() => setDialog('dismiss')}
              aria-label="Dismiss"
              aria-description={about}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      ) : (
        <Tooltip title="Reopen" describeChild>
          <IconButton
            size="small"
            disabled={action.isPending}
            onClick={reopen}
            aria-label="Reopen"
            aria-description={about}
          >
            <UndoIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </>
  ) : (
    <>
      <Tooltip title={`Opens the ${DEAL_TYPE_LABELS[dealType]} wizard on this unit`} describeChild>
        <Button
          size="small"
          component={RouterLink}
          to={{ search: wizard.toString() }}
          sx={{ minWidth: 0 }}
          // Named with its event: the property view's own Create Deal stays the one so named.
          aria-label={`Create Deal: ${about}`}
        >
          Create Deal
        </Button>
      </Tooltip>
      {relet && (
        <Tooltip title={`Opens the ${DEAL_TYPE_LABELS.new_letting} wizard on this unit`} describeChild>
          <Button
            size="small"
            component={RouterLink}
            to={{ search: relet.toString() }}
            sx={{ minWidth: 0 }}
            aria-label={`${DEAL_TYPE_LABELS.new_letting}: ${about}`}
          >
            {DEAL_TYPE_LABELS.new_letting}
          </Button>
        </Tooltip>
      )}
      {!relet && reserveRelet && (
        <Placeholder>
          <Button size="small" disabled tabIndex={-1} sx={{ minWidth: 0 }}>
            {DEAL_TYPE_LABELS.new_letting}
          </Button>
        </Placeholder>
      )}
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
          onClick={reopen}
          aria-description={about}
        >
          Reopen
        </Button>
      )}
    </>
  );

  return (
    <Box
      sx={{
        display: compact ? 'flex' : 'inline-flex',
        alignItems: 'center',
        gap: compact ? 0.25 : 0.5,
        // A label never breaks inside itself ("Create / Deal"): the cell widens instead.
        whiteSpace: 'nowrap',
        // In a grid cell: centred on the row's height.
        height: compact ? '100%' : undefined,
      }}
    >
      {controls}
      {dialog && <LeaseEventActionDialog event={event} kind={dialog} open onClose={() => setDialog(null)} />}
    </Box>
  );
}

/** The space of a control this row does not have: the same control, unseen and out of reach. */
function Placeholder({ children }: { children: ReactNode }) {
  return (
    <Box component="span" aria-hidden sx={{ visibility: 'hidden', display: 'inline-flex' }}>
      {children}
    </Box>
  );
}
