import { useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { ARCHIVE_MESSAGES, ARCHIVE_REASON_MAX, archiveBodySchema } from '@frontage/shared';
import { ApiError } from '../../lib/http';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { useArchiveAction, type ArchiveKind } from './api';

export const ARCHIVE_TEXT: Record<ArchiveKind, { title: string; message: string }> = {
  property: {
    title: 'Archive property',
    message:
      'It leaves the lists, search, the map, comparables and matching. It stays readable, with its deals and history, and can be restored.',
  },
  scheme: {
    title: 'Archive scheme',
    message:
      'The scheme and its units leave the lists, search, the map, comparables and matching. They stay readable, with their deals and history, and can be restored.',
  },
};

/**
 * Asks for the reason and archives (ADR 0078). The reason is required (the shared rule, so the
 * message is the server's); Escape or a click outside closes it, asking first once a reason is typed.
 */
export function ArchiveDialog({
  kind,
  id,
  open,
  onClose,
}: {
  kind: ArchiveKind;
  id: number;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const guard = useDiscardGuard();
  const input = useRef<HTMLInputElement>(null);
  const archive = useArchiveAction(kind, id);
  const close = () => {
    setReason('');
    setError(null);
    guard.setDirty(false);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = archiveBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ARCHIVE_MESSAGES.reasonRequired);
      return;
    }
    archive.mutate(parsed.data.reason, {
      onSuccess: close,
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors.reason) setError(err.fieldErrors.reason);
      },
    });
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={() => guard.confirm(close)}
        aria-labelledby={titleId}
        aria-describedby={textId}
        fullWidth
        maxWidth="xs"
        // The reason is what the dialog asks for: focused once it has opened.
        slotProps={{ transition: { onEntered: () => input.current?.focus() } }}
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id={titleId}>{ARCHIVE_TEXT[kind].title}</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId} sx={{ mb: 2 }}>
              {ARCHIVE_TEXT[kind].message}
            </DialogContentText>
            <TextField
              label="Reason"
              required
              inputRef={input}
              fullWidth
              multiline
              minRows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                guard.setDirty(e.target.value.trim() !== '');
                if (error) setError(null);
              }}
              error={!!error}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: ARCHIVE_REASON_MAX } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" color="error" disabled={archive.isPending}>
              Archive
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {guard.dialog}
    </>
  );
}
