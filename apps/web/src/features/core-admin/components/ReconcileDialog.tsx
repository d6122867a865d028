import { useId, useState } from 'react';
import { enqueueSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import {
  STORE_LIST_MESSAGES,
  type StoreListAction,
  type StoreListApplyEvent,
  type StoreListPreview,
  type TrackedRetailer,
} from '@frontage/shared';
import { ApiError } from '../../../lib/http';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import { StoreListRefused, applyStoreList, previewStoreList, useInvalidateAfterApply } from '../api';
import { NO_CHOICES, actionsOf, errorPlace, type ReconcileChoices } from '../reconcile';
import { StoreListUpload } from './StoreListUpload';
import { StoreListPreviewView } from './StoreListPreviewView';

type Outcome =
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; event: StoreListApplyEvent }
  | { kind: 'refused'; lines: string[] };

/** Messages of a refused file (413 / 422), one per line. */
const refusalLines = (err: unknown): string[] => {
  if (err instanceof ApiError) {
    const fields = Object.values(err.fieldErrors);
    if (fields.length) return fields;
    const msg = (err.body as { msg?: unknown } | null)?.msg;
    if (err.status === 413) return [STORE_LIST_MESSAGES.fileTooLarge];
    return [typeof msg === 'string' ? msg : err.message];
  }
  return [String(err)];
};

/**
 * Reconcile a retailer's store list: upload (step 1), preview and choose (step 2), apply with
 * progress (step 3). Nothing is written before Apply; the server applies the chosen rows in one
 * transaction and reports a failing row by its line (then nothing was written).
 */
export function ReconcileDialog({
  retailer,
  onClose,
}: {
  retailer: TrackedRetailer | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<StoreListPreview | null>(null);
  const [choices, setChoices] = useState<ReconcileChoices>(NO_CHOICES);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const invalidate = useInvalidateAfterApply();
  const guard = useDiscardGuard();

  const running = outcome?.kind === 'running';
  const actions: StoreListAction[] = preview ? actionsOf(preview, choices) : [];

  const reset = () => {
    setUploadError(null);
    setPreview(null);
    setChoices(NO_CHOICES);
    setOutcome(null);
  };
  const close = () => {
    if (running) return;
    reset();
    onClose();
  };

  const upload = async (file: File) => {
    if (!retailer) return;
    setUploading(true);
    setUploadError(null);
    try {
      setPreview(await previewStoreList(retailer.id, file));
      setChoices(NO_CHOICES);
    } catch (err) {
      setUploadError(refusalLines(err));
    } finally {
      setUploading(false);
    }
  };

  const apply = async () => {
    if (!retailer || !actions.length) return;
    const sent = actions;
    setOutcome({ kind: 'running', done: 0, total: sent.length });
    try {
      const event = await applyStoreList(retailer.id, sent, (done, total) =>
        setOutcome({ kind: 'running', done, total }),
      );
      setOutcome({ kind: 'done', event });
      if (event.type === 'result') {
        invalidate();
        enqueueSnackbar(event.msg || STORE_LIST_MESSAGES.applied, { variant: 'success' });
      }
    } catch (err) {
      if (err instanceof StoreListRefused) {
        const lines = Object.entries(err.errors).map(([k, m]) => `${errorPlace(k, sent)}: ${m}`);
        setOutcome({ kind: 'refused', lines: lines.length ? lines : [err.message] });
      } else setOutcome({ kind: 'refused', lines: [err instanceof Error ? err.message : String(err)] });
    }
  };

  const step = outcome && outcome.kind !== 'refused' ? 3 : preview ? 2 : 1;
  // A preview with rows chosen but not applied is input Escape or a click outside would lose.
  guard.setDirty(step === 2 && actions.length > 0);

  return (
    <Dialog
      open={!!retailer}
      onClose={() => guard.confirm(close)}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        Reconcile store list — {retailer?.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Step {step} of 3: {step === 1 ? 'upload' : step === 2 ? 'preview and choose' : 'apply'}
          {preview ? ` · ${preview.file_name}` : ''}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {step === 1 && (
          <StoreListUpload busy={uploading} error={uploadError} onFile={(f) => void upload(f)} />
        )}
        {step === 2 && preview && (
          <Stack spacing={2}>
            {outcome?.kind === 'refused' && (
              <Alert severity="error" role="alert">
                <strong>Nothing was written.</strong>
                {outcome.lines.map((l) => (
                  <div key={l}>{l}</div>
                ))}
              </Alert>
            )}
            <StoreListPreviewView preview={preview} choices={choices} onChange={setChoices} />
          </Stack>
        )}
        {step === 3 && outcome && <ApplyOutcome outcome={outcome} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {step === 2 && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} aria-live="polite">
              {actions.length} row{actions.length === 1 ? '' : 's'} chosen
            </Typography>
            <Button onClick={reset}>Upload another file</Button>
          </>
        )}
        {step === 3 && outcome?.kind === 'done' && outcome.event.type === 'error' && (
          <Button onClick={() => setOutcome(null)}>Back to the preview</Button>
        )}
        <Button onClick={close} disabled={running}>
          {step === 3 && !running ? 'Close' : 'Cancel'}
        </Button>
        {step === 2 && (
          <Button variant="contained" disabled={!actions.length} onClick={() => void apply()}>
            Apply
          </Button>
        )}
      </DialogActions>
      {guard.dialog}
    </Dialog>
  );
}

function ApplyOutcome({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'running') {
    const pct = outcome.total ? Math.round((outcome.done / outcome.total) * 100) : 0;
    return (
      <Stack spacing={1}>
        <Typography variant="body2">
          Applying {outcome.done} of {outcome.total}…
        </Typography>
        <LinearProgress variant="determinate" value={pct} aria-label="Applying the store list" />
      </Stack>
    );
  }
  if (outcome.kind !== 'done') return null;
  const { event } = outcome;
  if (event.type === 'error')
    return (
      <Alert severity="error" role="alert">
        {event.line !== null ? `Line ${event.line}: ` : ''}
        {event.message} Nothing was written.
      </Alert>
    );
  if (event.type !== 'result') return null;
  return (
    <Box>
      <Alert severity="success">{event.msg || STORE_LIST_MESSAGES.applied}</Alert>
      <Box component="ul" sx={{ mt: 1 }}>
        <li>Units created: {event.created}</li>
        <li>Tracked-retailer changes recorded: {event.changed}</li>
        <li>Closures recorded: {event.closed}</li>
      </Box>
    </Box>
  );
}
