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
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { staleRows, useStaleEdit } from '../../../lib/staleEdit';

/** /users/{id}/edit — the contact form, saved with PUT /api/users/{id}. */
export default function EditContactPage() {
  const id = Number(useParams().id) || null;
  const { data: contact, isPending, isError, isFetchedAfterMount } = useContact(id);
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="Edit Contact" />
      {isPending && <LinearProgress aria-label="Loading contact" />}
      {isError && <Alert severity="error">The contact could not be loaded.</Alert>}
      {/* Opened on a fresh read whose version a save names; a refetch never resets the input. */}
      {contact && isFetchedAfterMount && <EditContactForm key={contact.id} contact={contact} />}
    </Box>
  );
}

const CONTACT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  company_id: 'Company',
  direct_dial: 'Direct Dial',
  mobile: 'Mobile',
};

function EditContactForm({ contact }: { contact: Contact }) {
  const me = useCurrentUser();
  const allowed = canEditMaster(me, contact.company_id) || me.id === contact.id;
  const admin = isAdmin(me);
  const navigate = useNavigate();
  const update = useUpdateContact();
  const stale = useStaleEdit('contact', contact);
  const initial = contactFormOf(contact, admin);
  const form = useContactForm(initial);
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: contact.id,
        body: contactWriteOf(values, initial),
        version: stale.version,
      });
      void navigate(`/users/${contact.id}`);
    } catch (err) {
      if (stale.catchStale(err)) return;
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
      {stale.current && (
        <StaleEditNotice
          rows={staleRows(stale, (f) => CONTACT_FIELD_LABELS[f] ?? f)}
          onTakeCurrent={() => stale.takeCurrent((c) => form.reset(contactFormOf(c, admin)))}
          onKeepMine={stale.keepMine}
        />
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
