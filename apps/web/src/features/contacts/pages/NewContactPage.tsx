import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Paper } from '@mui/material';
import { isAdmin } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { useCreateContact } from '../../../entities/contacts/api';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactWriteOf,
  emptyContactForm,
  useContactForm,
} from '../../../entities/contacts/ContactForm';
import { ContactAccountSection, accountFormOf } from '../../../entities/contacts/ContactAccountSection';
import { RecordForm } from '../../../components/RecordForm';
import { useCurrentUser } from '../../../lib/session';

/** /users/create — the Create Contact form as a page; opens the new record afterwards. */
export default function NewContactPage() {
  const navigate = useNavigate();
  const admin = isAdmin(useCurrentUser());
  // An admin may give the new contact a sign-in straight away (ADR 0065).
  const [initial] = useState(() => emptyContactForm(admin ? { account: accountFormOf() } : {}));
  const form = useContactForm(initial);
  const create = useCreateContact();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const contact = await create.mutateAsync(contactWriteOf(values, initial));
      void navigate(`/users/${contact.id}`, { replace: true });
    } catch (err) {
      applyContactServerErrors(err, form);
    }
  });

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="New Contact" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <RecordForm
          label="New Contact"
          submit={() => void submit()}
          canSave={isValid}
          saving={isSubmitting}
          onCancel={() => void navigate(-1)}
        >
          <ContactFormFields form={form} focusFirst />
          {admin && <ContactAccountSection form={form} />}
        </RecordForm>
      </Paper>
    </Box>
  );
}
