import { useEffect, useId, type FormEvent } from 'react';
import { enqueueSnackbar } from 'notistack';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DIALOG_WIDTHS } from '@frontage/shared';
import { submitOnEnter } from '../../components/RecordForm';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { applyServerErrors } from '../../lib/applyServerErrors';
import { ApiError } from '../../lib/http';
import type { CompanyRef } from '../companies/api';
import { useCreateEnquiry, type Enquiry } from './api';
import { EnquiryFields } from './EnquiryFields';
import {
  emptyEnquiryForm,
  enquiryCreateOf,
  enquiryFieldOf,
  enquiryOfFields,
  useEnquiryForm,
  type EnquirySubject,
} from './enquiryForm';
import { useCompletedEnquiryQuestion } from './useCompletedEnquiryQuestion';

export interface CreateEnquiryDialogProps {
  open: boolean;
  /** The property or scheme the enquiry is for; its label follows the title. */
  subject: EnquirySubject | null;
  /**
   * Opened on a company (its page) instead: the company is preset and the scheme and the property
   * are fields of the form, one of which the requirement names (ADR 0092).
   */
  company?: CompanyRef | null;
  onClose: () => void;
  onCreated?: (enquiry: Enquiry) => void;
}

/** The title of Create Enquiry (spec A §2): 'New Enquiry for' plus the entity label. */
export const newEnquiryTitle = (label: string) => `New Enquiry for ${label}`;

/**
 * Create Enquiry (max width 600, spec A §2): opens over other dialogs (the Manage Enquiries
 * dialog, a view). Save checks the spec's rules on the pickers and the stage; a 422 goes to the
 * fields. A created enquiry that is completed asks whether to create a deal (spec A §4).
 */
export function CreateEnquiryDialog({
  open,
  subject,
  company = null,
  onClose,
  onCreated,
}: CreateEnquiryDialogProps) {
  const titleId = useId();
  const guard = useDiscardGuard();
  const question = useCompletedEnquiryQuestion();
  return (
    <>
      <Dialog
        open={open && (!!subject || !!company)}
        onClose={() => guard.confirm(onClose)}
        fullWidth
        maxWidth={false}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.createEnquiry } } }}
      >
        <DialogTitle id={titleId}>
          {subject ? newEnquiryTitle(subject.label) : company ? newEnquiryTitle(company.name) : 'New Enquiry'}
        </DialogTitle>
        {/* Mounted while open only, so every opening starts from a fresh form. */}
        {(subject || company) && (
          <CreateEnquiryForm
            subject={subject}
            company={company}
            onClose={onClose}
            onDirtyChange={guard.setDirty}
            onCreated={(e) => {
              onCreated?.(e);
              onClose();
              question.ask(e);
            }}
          />
        )}
        {guard.dialog}
      </Dialog>
      {question.element}
    </>
  );
}

function CreateEnquiryForm({
  subject,
  company,
  onClose,
  onCreated,
  onDirtyChange,
}: {
  subject: EnquirySubject | null;
  company: CompanyRef | null;
  onClose: () => void;
  onCreated: (enquiry: Enquiry) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useEnquiryForm({ ...emptyEnquiryForm(), company }, subject);
  const create = useCreateEnquiry();
  const {
    handleSubmit,
    formState: { isSubmitting, isDirty },
  } = form;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    try {
      onCreated(
        await create.mutateAsync(subject ? enquiryCreateOf(values, subject) : enquiryOfFields(values)),
      );
    } catch (err) {
      if (
        !applyServerErrors(err, form.setError, enquiryFieldOf) &&
        err instanceof ApiError &&
        err.status === 422
      )
        enqueueSnackbar(Object.values(err.fieldErrors).join(', ') || err.message, { variant: 'error' });
    }
  });

  const onSubmit = (e: FormEvent) => {
    // A form nested in another dialog's form must not submit that one too.
    e.stopPropagation();
    void submit(e);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter in a field saves (ADR 0010)
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={submitOnEnter(() => void submit())}
      aria-label="New Enquiry"
    >
      <DialogContent sx={{ pt: '8px !important' }}>
        <EnquiryFields form={form} withSubject={!subject} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
