import { useNavigate } from 'react-router';
import { Box, Paper } from '@mui/material';
import { isAdmin } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import {
  CompanyFormFields,
  applyCompanyServerErrors,
  companyWriteOf,
  emptyCompanyForm,
  useCompanyForm,
} from '../../../entities/companies/CompanyForm';
import { warnInvalidCompany } from '../../../entities/companies/CreateCompanyDialog';
import { RecordForm } from '../../../components/RecordForm';
import { useCreateCompany } from '../../../entities/companies/api';
import { SimilarCompanies } from '../../../entities/companies/SimilarCompanies';
import { useCurrentUser } from '../../../lib/session';
import { companyHref } from '../../../entities/companies/links';

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
      void navigate(companyHref(company.id), { replace: true });
    } catch (err) {
      applyCompanyServerErrors(err, form);
    }
  }, warnInvalidCompany);

  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeading title="New Company" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <RecordForm
          label="New Company"
          submit={() => void submit()}
          canSave={isValid}
          saving={isSubmitting}
          onCancel={() => void navigate(-1)}
        >
          <CompanyFormFields form={form} admin={admin} focusFirst />
          <Box sx={{ mt: 2 }}>
            <SimilarCompanies name={form.watch('name')} domain={form.watch('domain') ?? ''} />
          </Box>
        </RecordForm>
      </Paper>
    </Box>
  );
}
