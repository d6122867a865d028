import { useId, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import {
  CONFIRM_DIALOG_WIDTH,
  LEASE_EVENT_LABELS,
  LEASE_EVENT_MESSAGES,
  formatDate,
  leaseEventActionSchema,
  type LeaseEvent,
} from '@frontage/shared';
import { ApiError } from '../../lib/http';
import { useLeaseEventAction } from './api';
import { leaseEventPlaceName } from './leaseEventDeal';

/** The reason's longest text (leaseEventActionSchema). */
export const LEASE_EVENT_REASON_MAX = 1000;

interface Props {
  event: LeaseEvent;
  kind: 'done' | 'dismiss';
  open: boolean;
  onClose: () => void;
}

/**
 * Marking an event done or dismissing it asks for a reason: required for a hard event (time is of
 * the essence, so who let it pass and why must be on record), optional for a soft one. Enter in
 * the field confirms; Escape or Cancel keeps the event open.
 */
export function LeaseEventActionDialog({ event, kind, open, onClose }: Props) {
  const id = useId();
  const action = useLeaseEventAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const verb = kind === 'done' ? 'Mark Done' : 'Dismiss';

  const close = () => {
    if (action.isPending) return;
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = leaseEventActionSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LEASE_EVENT_MESSAGES.reasonRequired);
      return;
    }
    const text = parsed.data.reason ?? null;
    if (event.hard && !text) {
      setError(LEASE_EVENT_MESSAGES.reasonRequired);
      return;
    }
    try {
      await action.mutateAsync({ event, kind, reason: text });
      setReason('');
      setError(null);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setError(err.fieldErrors.reason ?? LEASE_EVENT_MESSAGES.reasonRequired);
    }
  };

  const label = LEASE_EVENT_LABELS[event.type];
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      slotProps={{
        paper: { sx: { width: CONFIRM_DIALOG_WIDTH * 1.5 } },
        transition: { onEntered: () => field.current?.focus() },
      }}
    >
      <DialogTitle id={`${id}-title`}>
        {kind === 'done' ? 'Mark done' : 'Dismiss'}: {label}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          {formatDate(event.date)} · {leaseEventPlaceName(event.property)}
          {event.tenant ? ` · ${event.tenant.name}` : ''}
        </DialogContentText>
        <TextField
          inputRef={field}
          fullWidth
          required={event.hard}
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          error={!!error}
          helperText={
            error ??
            (event.hard
              ? 'Required: a hard event’s time is of the essence.'
              : 'Optional: a note for whoever reads this event later.')
          }
          slotProps={{ htmlInput: { maxLength: LEASE_EVENT_REASON_MAX + 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={action.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={action.isPending}>
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
