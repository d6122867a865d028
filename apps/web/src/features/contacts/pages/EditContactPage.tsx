import { useNavigate, useParams } from 'react-router';
import { Alert, Box, LinearProgress, Paper } from '@mui/material';
import { canEditMaster, isAdmin } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { type Contact, useContact, useUpdateContact } from '../../../entities/contacts/api';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactFormOf,
  contactWriteOf,
  useContactForm,
} from '../../../entities/contacts/ContactForm';
import { ContactAccountSection } from '../../../entities/contacts/ContactAccountSection';
import { RecordForm } from '../../../components/RecordForm';
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
  const admin = isAdmin(me);
  const navigate = useNavigate();
  const update = useUpdateContact();
  const initial = contactFormOf(contact, admin);
  const form = useContactForm(initial);
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: contact.id, body: contactWriteOf(values, initial) });
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
      <RecordForm
        label="Edit Contact"
        submit={() => void submit()}
        locked={!allowed}
        canSave={isDirty && isValid}
        saving={isSubmitting}
        cancelTo="/users"
      >
        <ContactFormFields form={form} />
        {admin && <ContactAccountSection form={form} self={me.id === contact.id} />}
      </RecordForm>
    </Paper>
  );
}
