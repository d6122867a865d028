import { useEffect, useId, type FormEvent } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { DIALOG_WIDTHS } from '@frontage/shared';
import type { CompanyRef } from '../companies/api';
import { submitOnEnter } from '../../components/RecordForm';
import { useDiscardGuard } from '../../components/useDiscardGuard';
import { useCreateContact, type Contact, type ContactRef } from './api';
import { SimilarContacts } from './SimilarContacts';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactWriteOf,
  emptyContactForm,
  useContactForm,
  type ContactFormValues,
} from './ContactForm';

export interface CreateContactDialogProps {
  open: boolean;
  onClose: () => void;
  /** The created contact: a picker selects it. */
  onCreated: (contact: Contact) => void;
  /** Prefills the name (e.g. the text typed into a picker that found nothing). */
  initialName?: string;

  /** Prefills the company (e.g. creating a contact for the company being edited). */
  initialCompany?: CompanyRef | null;
  /** A picker's create-in-place: take an existing contact the form offers instead (ADR 0082). */
  onUseExisting?: (contact: ContactRef) => void;
}

/** Create Contact (600 px; spec A §2). Resolves with the created contact via onCreated. */
export function CreateContactDialog({
  open,
  onClose,
  onCreated,
  initialName = '',
  initialCompany = null,
  onUseExisting,
}: CreateContactDialogProps) {
  const titleId = useId();
  // Escape or a click outside asks first once something was entered (ADR 0039).
  const guard = useDiscardGuard();
  return (
    <Dialog
      open={open}
      onClose={() => guard.confirm(onClose)}
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { width: DIALOG_WIDTHS.contact, maxWidth: 'calc(100% - 32px)', m: 2 } },
      }}
    >
      <DialogTitle id={titleId}>Create Contact</DialogTitle>
      {/* Mounted while open only, so every opening starts from a fresh form. */}
      <CreateContactForm
        defaults={emptyContactForm({ name: initialName, company: initialCompany })}
        onClose={onClose}
        onCreated={onCreated}
        onUseExisting={
          onUseExisting
            ? (contact) => {
                onUseExisting(contact);
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

function CreateContactForm({
  defaults,
  onClose,
  onCreated,
  onUseExisting,
  onDirtyChange,
}: {
  defaults: ContactFormValues;
  onClose: () => void;
  onCreated: (contact: Contact) => void;
  onUseExisting: ((contact: ContactRef) => void) | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useContactForm(defaults);
  const create = useCreateContact();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const company = form.watch('company');

  const submit = handleSubmit(async (values) => {
    try {
      const contact = await create.mutateAsync(contactWriteOf(values));
      onCreated(contact);
      onClose();
    } catch (err) {
      // The http client has shown the 'Validation Error.' notice; the messages go against fields too.
      applyContactServerErrors(err, form);
    }
  });

  const onSubmit = (e: FormEvent) => {
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
      aria-label="Create Contact"
    >
      <DialogContent sx={{ pt: '8px !important' }}>
        <ContactFormFields form={form} focusFirst />
        <Box sx={{ mt: 2 }}>
          <SimilarContacts
            name={form.watch('name') ?? ''}
            companyId={company?.id ?? null}
            onUse={
              onUseExisting
                ? (c) =>
                    onUseExisting({
                      ...c,
                      company_id: company?.id ?? null,
                      ...(company ? { company: company as Contact['company'] } : {}),
                    })
                : undefined
            }
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
