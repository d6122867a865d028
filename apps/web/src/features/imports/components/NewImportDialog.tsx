import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
} from '@mui/material';
import { sameImportMapping, type Import, type ImportApplyBody, type ImportEntity } from '@frontage/shared';
import { ApiError } from '../../../lib/http';
import {
  applyImport,
  remapImport,
  uploadImport,
  useImport,
  useImportChanged,
  useRecordsRefresh,
} from '../api';
import { readyEntities } from '../importLabels';
import { ImportApplyStep } from './ImportApplyStep';
import { ImportFileStep } from './ImportFileStep';
import { ImportMappingStep } from './ImportMappingStep';
import { ImportPreviewStep } from './ImportPreviewStep';

const STEPS = ['File', 'Mapping', 'Preview', 'Apply'] as const;

/** A refused call as messages by field ('' for one without a field), shown in place. */
const errorsOf = (err: unknown): Record<string, string> => {
  if (err instanceof ApiError) {
    if (Object.keys(err.fieldErrors).length) return err.fieldErrors;
    const msg = (err.body as { msg?: unknown } | null)?.msg;
    return { '': typeof msg === 'string' ? msg : err.message };
  }
  return { '': String(err) };
};

/** The step an import is at when the dialog opens on it (from the history). */
const stepOf = (imp: Import | undefined): number =>
  !imp ? 0 : imp.status === 'preview' || imp.status === 'validating' ? 2 : 3;

/**
 * The "New import" flow as four steps: the entity and the file (uploaded and validated whole),
 * the mapping, the preview with the duplicate choices, then the apply's progress and result.
 * `importId` opens it on an import in preview (Continue in the history).
 */
export function NewImportDialog({
  open,
  importId: startId,
  onClose,
}: {
  open: boolean;
  importId: number | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const [entity, setEntity] = useState<ImportEntity>(readyEntities()[0]!);
  const [id, setId] = useState<number | null>(startId);
  const [step, setStep] = useState(startId === null ? 0 : -1);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [templateName, setTemplateName] = useState('');
  const [choices, setChoices] = useState<ImportApplyBody>({});
  const query = useImport(id);
  const changed = useImportChanged();
  const imp = query.data;
  // Opened from the history: the step follows the import once it has loaded.
  const current = step === -1 ? (imp ? stepOf(imp) : -1) : step;
  if (step === -1 && imp) {
    setStep(stepOf(imp));
    setMapping(imp.mapping);
  }

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) =>
    run(async () => {
      const answer = await uploadImport(entity, file);
      changed(answer);
      setId(answer.id);
      setMapping(answer.mapping);
      setStep(1);
    });

  const saveMapping = () =>
    run(async () => {
      if (imp && (!sameImportMapping(mapping, imp.mapping) || templateName.trim())) {
        changed(await remapImport(imp.id, mapping, templateName));
        setTemplateName('');
      }
      setStep(2);
    });

  const apply = () =>
    run(async () => {
      if (!imp) return;
      changed(await applyImport(imp.id, choices));
      setStep(3);
    });

  const done = current === 3 && imp?.status === 'applied';
  useRecordsRefresh(imp ? [imp] : []);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>New import</DialogTitle>
      <DialogContent dividers>
        <Stepper activeStep={Math.max(0, current)} sx={{ mb: 2 }} aria-label="Import steps">
          {STEPS.map((s, i) => (
            <Step key={s} completed={current > i || done}>
              <StepLabel>{s}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {current === -1 && <LinearProgress aria-label="Loading the import" />}
        {current === 0 && (
          <ImportFileStep
            entity={entity}
            onEntity={setEntity}
            busy={busy}
            errors={errors}
            onFile={(f) => void upload(f)}
          />
        )}
        {current === 1 && imp && (
          <ImportMappingStep
            imp={imp}
            mapping={mapping}
            onMapping={setMapping}
            templateName={templateName}
            onTemplateName={setTemplateName}
            errors={errors}
          />
        )}
        {current === 2 && imp && (
          <ImportPreviewStep
            imp={imp}
            choices={choices}
            onChoices={setChoices}
            error={Object.values(errors).join(' ') || null}
          />
        )}
        {current === 3 && imp && <ImportApplyStep imp={imp} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {current === 2 && (
          <Button onClick={() => setStep(1)} disabled={busy}>
            Back to mapping
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {current === 3 ? 'Close' : 'Cancel'}
        </Button>
        {current === 1 && (
          <Button variant="contained" onClick={() => void saveMapping()} loading={busy}>
            Preview
          </Button>
        )}
        {current === 2 && imp && (
          <Button
            variant="contained"
            onClick={() => void apply()}
            loading={busy}
            disabled={imp.status !== 'preview'}
          >
            Apply
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
