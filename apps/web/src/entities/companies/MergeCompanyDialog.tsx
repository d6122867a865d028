import { useId, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { DIALOG_WIDTHS } from '@frontage/shared';
import { CompanyPicker } from './CompanyPicker';
import { type CompanyRef, useMergeCompany } from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Admins fold a duplicate into the company that stays: every reference moves to the target and the
 * duplicate is removed (one transaction on the server). Choose the target, then confirm.
 */
export function MergeCompanyDialog({
  company,
  onClose,
  onMerged,
}: {
  company: Pick<CompanyRef, 'id' | 'name'> | null;
  onClose: () => void;
  /** After the merge: the company that stays (the duplicate's page moves there). */
  onMerged?: (target: CompanyRef) => void;
}) {
  const titleId = useId();
  const [target, setTarget] = useState<CompanyRef | null>(null);
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeCompany();

  const close = () => {
    setTarget(null);
    setConfirming(false);
    onClose();
  };

  const run = async () => {
    if (!company || !target) return;
    setConfirming(false);
    try {
      await merge.mutateAsync({ id: company.id, target_id: target.id });
      close();
      onMerged?.(target);
    } catch {
      /* the http client has shown why */
    }
  };

  return (
    <>
      <Dialog
        open={!!company}
        onClose={close}
        fullWidth
        maxWidth={false}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.company } } }}
      >
        <DialogTitle id={titleId}>Merge {company?.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              Choose the company to keep. Contacts and every other reference to{' '}
              <strong>{company?.name}</strong> move to it, and <strong>{company?.name}</strong> is removed.
            </Typography>
            <CompanyPicker
              label="Merge into"
              required
              allowCreate={false}
              value={target}
              onChange={setTarget}
              excludeIds={company ? [company.id] : []}
            />
            {target && (
              <Alert severity="warning" variant="outlined">
                This cannot be undone.
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="contained"
            color="warning"
            disabled={!target || merge.isPending}
            loading={merge.isPending}
            onClick={() => setConfirming(true)}
          >
            Merge
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Merge companies"
        message={`Merge ${company?.name ?? ''} into ${target?.name ?? ''}? ${company?.name ?? ''} will be removed.`}
        confirmLabel="Merge"
        cancelLabel="Cancel"
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
