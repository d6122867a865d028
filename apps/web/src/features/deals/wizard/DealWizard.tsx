import { useEffect, useId, useMemo, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Step,
  StepButton,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { DEAL_TYPE_LABELS, MESSAGES } from '@frontage/shared';
import { useUnsavedCommentGuard } from '../../../entities/comments';
import {
  VerificationWordingProvider,
  VERIFICATION_TEXT,
} from '../../../entities/companies/VerificationIndicator';
import type { DealPlaceRef } from '../../../entities/deals/links';
import { useDiscardGuard } from '../../../components/useDiscardGuard';
import type { WizardDefinition } from './types';
import { useDealWizard } from './useDealWizard';
import { useReview } from './useReview';
import { useStepCheck } from './useStepCheck';
import { WizardContext, type WizardState } from './WizardContext';

/** Spec B §9: every deal wizard is 800 wide. */
export const WIZARD_WIDTH = 800;

export interface DealWizardProps {
  definition: WizardDefinition;
  open: boolean;
  onClose: () => void;
  /**
   * A place passed in (or read from the route): a property (a sale's scheme) is preselected,
   * locked, loaded and step 2 opens; a scheme given to a property wizard limits its search.
   */
  place?: DealPlaceRef | null;
  /** A letting's or sub-letting's new tenant (a completed enquiry's company), prefilled. */
  tenantId?: number | null;
  /** The deal being corrected (ADR 0077): the wizard opens on its values and Finish sends PUT. */
  editId?: number | null;
}

/**
 * The frame every deal wizard is built on (spec B §2): a dialog 800 wide with a vertical stepper.
 * Steps after the first can be revisited once a property is chosen; Next Step moves on (or skips
 * ahead where the wizard says so); closing resets the selection, the step, the prefill and the
 * form, asking first about an unsaved comment; Finish records the deal in one call.
 */
export function DealWizard({
  definition: def,
  open,
  onClose,
  place: preset = null,
  tenantId = null,
  editId = null,
}: DealWizardProps) {
  const titleId = useId();
  const w = useDealWizard(def, open ? preset : null, tenantId, editId);
  const comments = useUnsavedCommentGuard();
  const input = useDiscardGuard();
  input.setDirty(w.form.formState.isDirty);
  const review = useReview(def.type, w, w.values);
  const check = useStepCheck(w.form, w.steps, w.values);
  const panel = useRef<HTMLDivElement>(null);
  // A step whose dates Next Step refused: the first invalid field takes the focus.
  useEffect(() => {
    if (check.focusKey) panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [check.focusKey]);

  const close = () => {
    w.reset();
    review.reset();
    check.reset();
    comments.setDirty(false);
    onClose();
  };
  const askThenClose = () => comments.confirm(close);
  const finish = () =>
    comments.confirm(() => {
      void w.finish().then((done) => done && close());
    }, 'finish');

  const state: WizardState = useMemo(
    () => ({
      property: w.property,
      scheme: w.scheme,
      selected: w.selected,
      mode: w.mode,
      modes: w.modes,
      setMode: w.setMode,
      standaloneOption: !!def.standaloneOption,
      withinScheme: w.withinScheme,
      locked: w.locked,
      loading: w.loading,
      select: w.select,
      setCommentDirty: comments.setDirty,
      review: review.state,
    }),
    [
      w.property,
      w.scheme,
      w.selected,
      w.mode,
      w.modes,
      w.setMode,
      def.standaloneOption,
      w.withinScheme,
      w.locked,
      w.loading,
      w.select,
      comments.setDirty,
      review.state,
    ],
  );

  const { values, steps } = w;
  const last = steps.length - 1;
  const current = steps[w.step]!;
  const finishable = w.chosen && !w.loading && (def.canFinish?.(values) ?? true) && review.state.ready;

  return (
    <Dialog
      open={open}
      onClose={() => input.confirm(askThenClose)}
      fullWidth
      maxWidth={false}
      scroll="paper"
      slotProps={{ paper: { sx: { maxWidth: WIZARD_WIDTH } } }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {w.editing ? `Correct Deal - ${DEAL_TYPE_LABELS[def.type]}` : def.title}
        <IconButton aria-label="Close" onClick={askThenClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {w.refused && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {MESSAGES.validationError} Please correct the highlighted fields.
          </Alert>
        )}
        <VerificationWordingProvider value={def.verificationWording ?? VERIFICATION_TEXT}>
          <WizardContext.Provider value={state}>
            <FormProvider {...w.form}>
              <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
                <Stepper
                  orientation="vertical"
                  nonLinear
                  activeStep={w.step}
                  aria-label="Steps"
                  sx={{ flex: '0 0 200px', position: 'sticky', top: 0 }}
                >
                  {steps.map((s, i) => {
                    const error =
                      check.errorOf(s) ?? (i !== w.step ? (s.errorWhen?.(values, w.furthest) ?? null) : null);
                    return (
                      <Step key={s.label} completed={w.visited.has(s.label) && i !== w.step}>
                        <StepButton
                          id={`${titleId}-step-${i}`}
                          aria-controls={`${titleId}-panel`}
                          onClick={() => w.goTo(i)}
                          disabled={i > 0 && !w.chosen}
                          sx={{ py: 0.5, textAlign: 'left' }}
                          // StepButton hands `optional` to its StepLabel (it overrides the label's own).
                          optional={
                            error ? (
                              <Typography variant="caption" color="error">
                                {error}
                              </Typography>
                            ) : undefined
                          }
                        >
                          <StepLabel error={!!error}>{s.label}</StepLabel>
                        </StepButton>
                      </Step>
                    );
                  })}
                </Stepper>
                <Box
                  ref={panel}
                  role="tabpanel"
                  id={`${titleId}-panel`}
                  aria-labelledby={`${titleId}-step-${w.step}`}
                  sx={{ flex: '1 1 auto', minWidth: 0 }}
                >
                  {steps.map((s, i) =>
                    // A step kept mounted (the comments) keeps an unsaved comment while another is open.
                    i === w.step || (s.keepMounted && w.visited.has(s.label)) ? (
                      <Box key={s.label} hidden={i !== w.step}>
                        {s.content}
                      </Box>
                    ) : null,
                  )}
                  <Box sx={{ display: 'flex', gap: 1, mt: 2.5, justifyContent: 'flex-end' }}>
                    {current.skip && (
                      <Button onClick={() => w.goTo(current.skip!.to)} disabled={!w.chosen}>
                        {current.skip.label}
                      </Button>
                    )}
                    {w.step === last ? (
                      <Button variant="contained" onClick={finish} disabled={!finishable} loading={w.saving}>
                        Finish
                      </Button>
                    ) : (
                      current.next !== undefined && (
                        <Button
                          variant="contained"
                          onClick={() => check.next(current, () => w.goTo(current.next!))}
                          disabled={!w.chosen || w.loading}
                        >
                          Next Step
                        </Button>
                      )
                    )}
                  </Box>
                </Box>
              </Box>
            </FormProvider>
          </WizardContext.Provider>
        </VerificationWordingProvider>
      </DialogContent>
      {comments.dialog}
      {input.dialog}
    </Dialog>
  );
}
