import type { ReactNode } from 'react';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { MESSAGES } from '@frontage/shared';

/**
 * The dialog of both property forms. Its body is mounted only while open, so every opening starts
 * from a fresh form (spec B §4: the form is cleared after a save). The body reports whether it
 * holds input (`setDirty`): Escape or a click outside then asks before throwing it away (ADR 0039).
 */
export function PropertyDialog(p: {
  open: boolean;
  width: number;
  titleId: string;
  onClose: () => void;
  children: (setDirty: (dirty: boolean) => void) => ReactNode;
}) {
  const guard = useDiscardGuard();
  return (
    <Dialog
      open={p.open}
      onClose={() => guard.confirm(p.onClose)}
      fullWidth
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { maxWidth: p.width } } }}
      aria-labelledby={p.titleId}
    >
      {p.open && p.children(guard.setDirty)}
      {guard.dialog}
    </Dialog>
  );
}

export interface BodyProps {
  title: string;
  titleId: string;
  saving: boolean;
  refused: boolean;
  onCancel: () => void;
  onSave: () => void;
  children: ReactNode;
}

/** Title, scrolling sections, Cancel and Save (with its loading state). */
export function PropertyDialogBody(p: BodyProps) {
  return (
    <>
      <DialogTitle id={p.titleId}>{p.title}</DialogTitle>
      <DialogContent dividers>
        {p.refused && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {MESSAGES.validationError} Please correct the highlighted fields.
          </Alert>
        )}
        {p.children}
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onCancel} disabled={p.saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={p.onSave} loading={p.saving}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}
