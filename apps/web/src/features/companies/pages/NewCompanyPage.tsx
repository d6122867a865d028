import { useNavigate } from 'react-router';
import { Box, Button, Paper, Stack } from '@mui/material';
import { isAdmin } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import {
  CompanyFormFields,
  applyCompanyServerErrors,
  companyWriteOf,
  emptyCompanyForm,
  useCompanyForm,
} from '../../../entities/companies/CompanyForm';
import { submitOnEnter, warnInvalidCompany } from '../../../entities/companies/CreateCompanyDialog';
import { useCreateCompany } from '../../../entities/companies/api';
import { useCurrentUser } from '../../../lib/session';

/** /companies/create — the Create Company form as a page; opens the new record afterwards. */
export default function NewCompanyPage() {
  const admin = isAdmin(useCurrentUser());
  const navigate = useNavigate();
  const form = useCompanyForm(emptyCompanyForm());
  const create = useCreateCompany();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      const company = await create.mutateAsync({
        fields: companyWriteOf(values, admin),
        logo: values.logo ?? null,
      });
      void navigate(`/companies?id=${company.id}`, { replace: true });
    } catch (err) {
      applyCompanyServerErrors(err, form);
    }
  }, warnInvalidCompany);

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="New Company" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter submits even while Save is disabled (ADR 0010) */}
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          onKeyDown={submitOnEnter(() => void submit())}
          aria-label="New Company"
        >
          <CompanyFormFields form={form} admin={admin} focusFirst />
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
