import { useNavigate } from 'react-router';
import { Box, Paper } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';
import { useCreateContact } from '../../../entities/contacts/api';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactWriteOf,
  emptyContactForm,
  useContactForm,
} from '../../../entities/contacts/ContactForm';
import { RecordForm } from '../../../components/RecordForm';

/** /users/create — the Create Contact form as a page; opens the new record afterwards. */
export default function NewContactPage() {
  const navigate = useNavigate();
  const form = useContactForm(emptyContactForm());
  const create = useCreateContact();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const contact = await create.mutateAsync(contactWriteOf(values));
      void navigate(`/users?id=${contact.id}`, { replace: true });
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
        </RecordForm>
      </Paper>
    </Box>
  );
}
