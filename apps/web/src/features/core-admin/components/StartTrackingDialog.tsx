import { useId, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { DIALOG_WIDTHS, TRACKED_RETAILER_MESSAGES } from '@frontage/shared';
import { CompanyPicker } from '../../../entities/companies/CompanyPicker';
import type { CompanyRef } from '../../../entities/companies/api';
import { useSetTracking } from '../api';

/** Start tracking: choose a company; the server assigns its core_id and it joins the queue. */
export function StartTrackingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const [company, setCompany] = useState<CompanyRef | null>(null);
  const tracking = useSetTracking();

  const close = () => {
    setCompany(null);
    onClose();
  };

  const start = async () => {
    if (!company) return;
    try {
      await tracking.mutateAsync({ id: company.id, tracked: true });
      enqueueSnackbar(TRACKED_RETAILER_MESSAGES.trackingStarted, { variant: 'success' });
      close();
    } catch {
      /* the http client has shown why */
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.company } } }}
    >
      <DialogTitle id={titleId}>Start tracking a retailer</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            The company becomes a tracked retailer: it is given a core id, appears on Tracked Retailers and
            waits in the queue until its store list is verified.
          </Typography>
          <CompanyPicker label="Company" required allowCreate={false} value={company} onChange={setCompany} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!company || tracking.isPending}
          loading={tracking.isPending}
          onClick={() => void start()}
        >
          Start tracking
        </Button>
      </DialogActions>
    </Dialog>
  );
}
