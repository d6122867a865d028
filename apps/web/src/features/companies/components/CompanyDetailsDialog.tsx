import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { DIALOG_WIDTHS, canEditMaster, formatDate } from '@frontage/shared';
import { useCompanyCategories, useCompany, useCompanyContacts } from '../../../entities/companies/api';
import {
  VERIFICATION_TEXT,
  VerificationIndicator,
  verificationOf,
} from '../../../entities/companies/VerificationIndicator';
import { useCurrentUser } from '../../../lib/session';
import { CompanyLogo } from './CompanyLogo';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </>
  );
}

/** A company opened by `?id=` (comments and notifications link this way): its fields and contacts. */
export function CompanyDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const titleId = useId();
  const me = useCurrentUser();
  const { data: company, isPending, isError } = useCompany(id);
  const contacts = useCompanyContacts(id);
  const { data: categories = [] } = useCompanyCategories();
  const state = company ? verificationOf(company) : null;
  const categoryNames = company
    ? categories.filter((c) => company.categories.includes(c.id)).map((c) => c.name)
    : [];

  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_WIDTHS.company } } }}
    >
      <DialogTitle id={`${titleId}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        {company && !company.logo && <CompanyLogo name={company.name} logo={null} size={32} />}
        <span id={titleId}>{company?.name ?? 'Company'}</span>
        {company && <VerificationIndicator company={company} size={12} />}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && id !== null && <LinearProgress aria-label="Loading company" />}
        {isError && <Alert severity="error">The company could not be loaded.</Alert>}
        {company && (
          <Stack spacing={2}>
            {company.logo && (
              <Box
                component="img"
                src={company.logo}
                alt={`${company.name} logo`}
                sx={{
                  maxWidth: 200,
                  maxHeight: 120,
                  objectFit: 'contain',
                  alignSelf: 'flex-start',
                  bgcolor: '#fff',
                  p: 0.5,
                  borderRadius: 1,
                }}
              />
            )}
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'max-content 1fr',
                columnGap: 2,
                rowGap: 0.75,
              }}
            >
              <Field label="Domain">{company.domain}</Field>
              <Field label="Phone">{company.phone}</Field>
              <Field label="Categories">
                {categoryNames.length > 0 && (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {categoryNames.map((n) => (
                      <Chip key={n} size="small" label={n} />
                    ))}
                  </Stack>
                )}
              </Field>
              <Field label="Verification">
                {state && VERIFICATION_TEXT[state]}
                {company.verified_at ? ` (last verified ${formatDate(company.verified_at)})` : ''}
              </Field>
              <Field label="Updated">{formatDate(company.updated_at)}</Field>
            </Box>
            <Box>
              <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
                Contacts ({contacts.data?.meta.pagination.total ?? company.contacts_count ?? 0})
              </Typography>
              {contacts.data && contacts.data.data.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  No contacts yet.
                </Typography>
              )}
              <List dense disablePadding aria-label={`Contacts of ${company.name}`}>
                {contacts.data?.data.map((c) => (
                  <ListItem key={c.id} disableGutters sx={{ py: 0 }}>
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`/users?id=${c.id}`}>
                          {c.name}
                        </Link>
                      }
                      secondary={[c.email, c.direct_dial, c.mobile].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {company && canEditMaster(me, company.id) && (
          <Button component={RouterLink} to={`/companies/${company.id}/edit`}>
            Edit
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
