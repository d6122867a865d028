import { useEffect, useId, type FormEvent } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DIALOG_WIDTHS, MESSAGES, TOAST_DURATION_MS, isAdmin, type Company } from '@frontage/shared';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { submitOnEnter } from '../../components/RecordForm';
import { useCurrentUser } from '../../lib/session';
import { useCreateCompany, type CompanyRef } from './api';
import { SimilarCompanies } from './SimilarCompanies';
import {
  CompanyFormFields,
  applyCompanyServerErrors,
  companyWriteOf,
  emptyCompanyForm,
  useCompanyForm,
} from './CompanyForm';

export interface CreateCompanyDialogProps {
  open: boolean;
  onClose: () => void;
  /** The created company: a picker selects it. */
  onCreated: (company: Company) => void;
  /** Prefills the name (e.g. the text typed into a picker that found nothing). */
  initialName?: string;
  /** A picker's create-in-place: take an existing company the form offers instead (ADR 0082). */
  onUseExisting?: (company: CompanyRef) => void;
}

/** 'Validation Error' / 'Please fill all required fields', top-right for 3 s (spec A §5). */
export const warnInvalidCompany = (): void => {
  enqueueSnackbar(
    <div>
      <strong>{MESSAGES.validationErrorTitle}</strong>
      <div>{MESSAGES.fillRequired}</div>
    </div>,
    {
      variant: 'warning',
      autoHideDuration: TOAST_DURATION_MS,
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      preventDuplicate: false,
    },
  );
};

/** Create Company (max width 600; spec A §2). Resolves with the created company via onCreated. */
export function CreateCompanyDialog({
  open,
  onClose,
  onCreated,
  initialName = '',
  onUseExisting,
}: CreateCompanyDialogProps) {
  const titleId = useId();
  // Escape or a click outside asks first once something was entered (ADR 0039).
  const guard = useDiscardGuard();
  return (
    <Dialog
      open={open}
      onClose={() => guard.confirm(onClose)}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.company } } }}
    >
      <DialogTitle id={titleId}>Create Company</DialogTitle>
      {/* Mounted while open only, so every opening starts from a fresh form. */}
      <CreateCompanyForm
        initialName={initialName}
        onClose={onClose}
        onCreated={onCreated}
        onUseExisting={
          onUseExisting
            ? (company) => {
                onUseExisting(company);
                onClose();
              }
            : undefined
        }
        onDirtyChange={guard.setDirty}
      />
      {guard.dialog}
    </Dialog>
  );
}

function CreateCompanyForm({
  initialName,
  onClose,
  onCreated,
  onUseExisting,
  onDirtyChange,
}: {
  initialName: string;
  onClose: () => void;
  onCreated: (company: Company) => void;
  onUseExisting: ((company: CompanyRef) => void) | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useCompanyForm(emptyCompanyForm(initialName));
  const admin = isAdmin(useCurrentUser());
  const create = useCreateCompany();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    try {
      const company = await create.mutateAsync({
        fields: companyWriteOf(values, admin),
        logo: values.logo ?? null,
      });
      onCreated(company);
      onClose();
    } catch (err) {
      applyCompanyServerErrors(err, form);
    }
  }, warnInvalidCompany);

  const onSubmit = (e: FormEvent) => {
    // The company dialog may open over another dialog's form: keep the submit to this one.
    e.stopPropagation();
    void submit(e);
  };

  return (
    // Enter in a field submits even while Save is disabled (see submitOnEnter); the fields stay the interactive elements.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits even while Save is disabled (ADR 0010)
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={submitOnEnter(() => void submit())}
      aria-label="Create Company"
    >
      <DialogContent sx={{ pt: '8px !important' }}>
        <CompanyFormFields form={form} admin={admin} focusFirst />
        <Box sx={{ mt: 2 }}>
          <SimilarCompanies
            name={form.watch('name')}
            domain={form.watch('domain') ?? ''}
            onUse={onUseExisting}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!isValid || isSubmitting} loading={isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
