import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { Import } from '@frontage/shared';
import { ApiError } from '../../../lib/http';
import { revertImport, useImportChanged } from '../api';
import { ENTITY_LABELS } from '../importLabels';

/**
 * Asks before a revert. An applied import: its created records are deleted and its updated ones
 * restored, records edited since are left alone and listed as conflicts. A reverted import with
 * conflicts: lists them, and reverts them too (force) if confirmed.
 */
export function RevertImportDialog({ imp, onClose }: { imp: Import | null; onClose: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = useImportChanged();
  const force = imp?.status === 'reverted';

  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!imp) return;
    setBusy(true);
    setError(null);
    try {
      changed(await revertImport(imp.id, force));
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? Object.values(err.fieldErrors) : [];
      setError(fields.length ? fields.join(' ') : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!imp}
      onClose={busy ? undefined : close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>
        {force ? 'Revert the conflicts too?' : 'Revert this import?'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {force
            ? `These ${ENTITY_LABELS[imp.entity].toLowerCase()} were edited after the import of ${imp.file_name}, so its revert left them as they are. Reverting them too discards those edits.`
            : imp
              ? `${ENTITY_LABELS[imp.entity]} the import of ${imp.file_name} created will be deleted and those it updated restored. Records edited since the import are left as they are and listed as conflicts.`
              : ''}
        </DialogContentText>
        {force && imp && (
          <List dense aria-label="Conflicts">
            {imp.conflicts.map((c) => (
              <ListItem key={`${c.line}-${c.record_id}`} disableGutters>
                <ListItemText primary={`Line ${c.line}: record ${c.record_id}`} />
              </ListItem>
            ))}
          </List>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={() => void confirm()} loading={busy}>
          {force ? 'Revert conflicts' : 'Revert'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
