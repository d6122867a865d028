import { useNavigate } from 'react-router';
import { Box, Button, Paper, Stack } from '@mui/material';
import { PageHeading } from '../../../components/PageHeading';
import { useCreateContact } from '../../../entities/contacts/api';
import {
  ContactFormFields,
  applyContactServerErrors,
  contactWriteOf,
  emptyContactForm,
  useContactForm,
} from '../../../entities/contacts/ContactForm';
import { submitOnEnter } from '../../../entities/companies/CreateCompanyDialog';

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
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits even while Save is disabled (ADR 0010) */}
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          onKeyDown={submitOnEnter(() => void submit())}
          aria-label="New Contact"
        >
          <ContactFormFields form={form} focusFirst />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={() => void navigate(-1)}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isValid || isSubmitting}
              loading={isSubmitting}
            >
              Save
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
