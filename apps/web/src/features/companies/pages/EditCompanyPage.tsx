import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { canEditMaster, isAdmin, type Company } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import {
  CompanyFormFields,
  applyCompanyServerErrors,
  companyWriteOf,
  useCompanyForm,
} from '../../../entities/companies/CompanyForm';
import { warnInvalidCompany } from '../../../entities/companies/CreateCompanyDialog';
import { RecordForm } from '../../../components/RecordForm';
import { VerificationIndicator } from '../../../entities/companies/VerificationIndicator';
import { CreateContactDialog } from '../../../entities/contacts/CreateContactDialog';
import { useCurrentUser } from '../../../lib/session';
import {
  useCompany,
  useCompanyCategories,
  useCompanyContacts,
  useUpdateCompany,
} from '../../../entities/companies/api';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { staleRows, useStaleEdit } from '../../../lib/staleEdit';
import { companyHref } from '../../../entities/companies/links';

/** /companies/{id}/edit — the company form (PUT; the logo replaced or removed separately) and its contacts. */
export default function EditCompanyPage() {
  const id = Number(useParams().id) || null;
  const { data: company, isPending, isError, isFetchedAfterMount } = useCompany(id);

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeading title="Edit Company" />
      {isPending && <LinearProgress aria-label="Loading company" />}
      {isError && <Alert severity="error">The company could not be loaded.</Alert>}
      {/* The form opens on a fresh read (its version is what a save names), and a later refetch
          never resets what the user is typing: a change by someone else is shown on save. */}
      {company && isFetchedAfterMount && <EditCompanyForm key={company.id} company={company} />}
      {company && <CompanyContacts company={company} />}
    </Box>
  );
}

const COMPANY_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  domain: 'Domain',
  phone: 'Phone',
  categories: 'Categories',
  logo: 'Logo',
};

const companyFormOf = (company: Company) => ({
  name: company.name,
  domain: company.domain ?? '',
  phone: company.phone ?? '',
  categories: company.categories,
  logo: null,
  remove_logo: false,
});

function EditCompanyForm({ company }: { company: Company }) {
  const me = useCurrentUser();
  const admin = isAdmin(me);
  const allowed = canEditMaster(me, company.id);
  const navigate = useNavigate();
  const update = useUpdateCompany();
  const stale = useStaleEdit('company', company);
  const categories = useCompanyCategories(stale.current !== null);
  const form = useCompanyForm(companyFormOf(company));
  const {
    handleSubmit,
    formState: { isValid, isSubmitting, isDirty },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: company.id,
        fields: companyWriteOf(values, admin),
        logo: values.logo ?? null,
        removeLogo: values.remove_logo,
        version: stale.version,
      });
      void navigate(companyHref(company.id));
    } catch (err) {
      if (stale.catchStale(err)) return;
      applyCompanyServerErrors(err, form);
    }
  }, warnInvalidCompany);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      {!allowed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Only an administrator or a member of {company.name} can change this company.
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <VerificationIndicator company={company} size={12} />
        <Typography variant="h2" component="h2">
          {company.name}
        </Typography>
      </Stack>
      {stale.current && (
        <StaleEditNotice
          rows={staleRows(
            stale,
            (f) => COMPANY_FIELD_LABELS[f] ?? f,
            (f, c) =>
              f === 'categories'
                ? c.categories
                    .map((id) => categories.data?.find((k) => k.id === id)?.name ?? `#${id}`)
                    .join(', ') || '—'
                : f === 'logo'
                  ? c.logo
                    ? 'A new logo'
                    : 'No logo'
                  : undefined,
          )}
          onTakeCurrent={() => stale.takeCurrent((c) => form.reset(companyFormOf(c)))}
          onKeepMine={stale.keepMine}
        />
      )}
      <RecordForm
        label="Edit Company"
        submit={() => void submit()}
        locked={!allowed}
        canSave={isDirty && isValid}
        saving={isSubmitting}
        cancelTo="/companies"
      >
        <CompanyFormFields form={form} admin={admin} existingLogo={company.logo} />
      </RecordForm>
    </Paper>
  );
}

function CompanyContacts({ company }: { company: Company }) {
  const { data, isPending } = useCompanyContacts(company.id);
  const [adding, setAdding] = useState(false);
  const contacts = data?.data ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="company-contacts" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="company-contacts" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          Contacts
        </Typography>
        <Button startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
          Add contact
        </Button>
      </Stack>
      {isPending && <LinearProgress aria-label="Loading contacts" />}
      {!isPending && contacts.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No contacts yet.
        </Typography>
      )}
      {contacts.length > 0 && (
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            '& td, & th': {
              py: 0.5,
              pr: 2,
              textAlign: 'left',
              borderBottom: 1,
              borderColor: 'divider',
              fontSize: '0.8125rem',
            },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Direct Dial</th>
              <th scope="col">Mobile</th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link component={RouterLink} to={`/users?id=${c.id}`}>
                    {c.name}
                  </Link>
                </td>
                <td>{c.email}</td>
                <td>{c.direct_dial}</td>
                <td>{c.mobile}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
      <CreateContactDialog
        open={adding}
        initialCompany={company}
        onClose={() => setAdding(false)}
        onCreated={() => setAdding(false)}
      />
    </Paper>
  );
}
