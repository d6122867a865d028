import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
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
  DEAL_CHANGE_MESSAGES,
  DEAL_TYPE_LABELS,
  DEAL_VOID_REASON_MAX,
  dealVoidBodySchema,
  type Deal,
} from '@frontage/shared';
import { dealKeys, refreshAfterDeal, voidDeal } from '../../../entities/deals/api';
import { ApiError } from '../../../lib/http';

/**
 * Voiding a deal (ADR 0077) asks for the reason first: required, trimmed, at most
 * DEAL_VOID_REASON_MAX characters, checked with the server's own schema. Enter in the field
 * voids; Escape or Cancel keeps the deal. After the void the view shows the deal struck through.
 */
export function VoidDealDialog({ deal, open, onClose }: { deal: Deal; open: boolean; onClose: () => void }) {
  const id = useId();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const close = () => {
    if (saving) return;
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async () => {
    const parsed = dealVoidBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DEAL_CHANGE_MESSAGES.reasonRequired);
      return;
    }
    setSaving(true);
    try {
      const answer = await voidDeal(deal.id, parsed.data.reason);
      qc.setQueryData(dealKeys.one(deal.id), answer.data);
      await refreshAfterDeal(
        qc,
        deal.property ? { kind: 'property', id: deal.property.id } : { kind: 'scheme', id: deal.scheme!.id },
      );
      enqueueSnackbar(DEAL_CHANGE_MESSAGES.voided, { variant: 'success' });
      setReason('');
      setError(null);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422)
        setError(err.fieldErrors.reason ?? DEAL_CHANGE_MESSAGES.reasonRequired);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      slotProps={{
        paper: { sx: { width: CONFIRM_DIALOG_WIDTH * 1.5 } },
        // The reason is what the dialog asks for: the caret waits in it once the dialog is open.
        transition: { onEntered: () => field.current?.focus() },
      }}
    >
      <DialogTitle id={`${id}-title`}>Void this {DEAL_TYPE_LABELS[deal.deal_type]} deal?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
          The deal leaves every list and comparable, and the property gets back the values it had before the
          deal wherever no later change replaced them. The deal stays readable, marked as voided.
        </DialogContentText>
        <TextField
          inputRef={field}
          fullWidth
          required
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
          helperText={error ?? `Why the deal is voided (at most ${DEAL_VOID_REASON_MAX} characters).`}
          slotProps={{ htmlInput: { maxLength: DEAL_VOID_REASON_MAX + 1 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={saving}>
          Void Deal
        </Button>
      </DialogActions>
    </Dialog>
  );
}
