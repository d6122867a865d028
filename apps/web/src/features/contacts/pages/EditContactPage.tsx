import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Paper, Stack } from '@mui/material';
import { canEditMaster } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { type Contact, useContact, useUpdateContact } from '../../../entities/contacts/api';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactFormOf,
  contactWriteOf,
  useContactForm,
} from '../../../entities/contacts/ContactForm';
import { submitOnEnter } from '../../../entities/companies/CreateCompanyDialog';
import { useCurrentUser } from '../../../lib/session';

/** /users/{id}/edit — the contact form, saved with PUT /api/users/{id}. */
export default function EditContactPage() {
  const id = Number(useParams().id) || null;
  const { data: contact, isPending, isError } = useContact(id);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="Edit Contact" />
      {isPending && <LinearProgress aria-label="Loading contact" />}
      {isError && <Alert severity="error">The contact could not be loaded.</Alert>}
      {contact && <EditContactForm key={`${contact.id}-${contact.updated_at}`} contact={contact} />}
    </Box>
  );
}

function EditContactForm({ contact }: { contact: Contact }) {
  const me = useCurrentUser();
  const allowed = canEditMaster(me, contact.company_id) || me.id === contact.id;
  const navigate = useNavigate();
  const update = useUpdateContact();
  const form = useContactForm(contactFormOf(contact));
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: contact.id, body: contactWriteOf(values) });
      void navigate(`/users?id=${contact.id}`);
    } catch (err) {
      applyContactServerErrors(err, form);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {!allowed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only an administrator or someone of the contact&apos;s company can change this contact.
        </Alert>
      )}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits even while Save is disabled (ADR 0010) */}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        onKeyDown={submitOnEnter(() => void submit())}
        aria-label="Edit Contact"
      >
        <fieldset disabled={!allowed} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <ContactFormFields form={form} />
        </fieldset>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to="/users">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!allowed || !isDirty || !isValid || isSubmitting}
            loading={isSubmitting}
          >
            Save
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
