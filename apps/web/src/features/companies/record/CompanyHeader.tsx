import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import EditIcon from '@mui/icons-material/Edit';
import { canEditMaster, formatDate, isAdmin, type Company } from '@frontage/shared';
import { useCompanyCategories } from '../../../entities/companies/api';
import { companyHref } from '../../../entities/companies/links';
import { MergeCompanyDialog } from '../../../entities/companies/MergeCompanyDialog';
import {
  VERIFICATION_TEXT,
  VerificationIndicator,
  verificationOf,
} from '../../../entities/companies/VerificationIndicator';
import { CreateEnquiryDialog } from '../../../entities/enquiries/CreateEnquiryDialog';
import { retailerHref } from '../../../entities/tracked-retailers/links';
import { WatchButton } from '../../../entities/watch/WatchButton';
import { useCurrentUser } from '../../../lib/session';
import { CompanyLogo } from '../components/CompanyLogo';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children || '—'}</dd>
    </div>
  );
}

/**
 * The company page's header: logo, name with the retailer verification indicator (the spec's
 * tooltips), domain, phone, categories, verification, the tracked retailer's page when it is one,
 * and the actions the user may take — Edit (the master-entity rule), Merge (admins) and Create
 * Enquiry (anyone: enquiries are shared research data).
 */
export function CompanyHeader({
  company,
  onEnquiryCreated,
}: {
  company: Company;
  /** A requirement recorded from the header (the page shows it on its Requirements tab). */
  onEnquiryCreated?: () => void;
}) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [merging, setMerging] = useState(false);
  const [enquiring, setEnquiring] = useState(false);
  const { data: categories = [] } = useCompanyCategories();
  const names = categories
    .filter((c) => company.categories.includes(c.id))
    .map((c) => c.name)
    .sort((a, b) => a.localeCompare(b, 'en-GB'));
  const state = verificationOf(company);
  const verifiedAt = company.scraper?.verified_at ?? company.verified_at;

  return (
    <Paper variant="outlined" component="section" aria-label="Company details" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <CompanyLogo name={company.name} logo={company.logo} size={64} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {company.name}
            </Typography>
            <VerificationIndicator company={company} size={14} />
          </Stack>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, auto))' },
              columnGap: 3,
              rowGap: 1,
              justifyContent: 'start',
              '& dt': { typography: 'caption', color: 'text.secondary' },
              '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
            }}
          >
            <Fact term="Domain">
              {company.domain && (
                <Link href={`https://${company.domain}`} target="_blank" rel="noopener noreferrer">
                  {company.domain}
                </Link>
              )}
            </Fact>
            <Fact term="Phone">
              {company.phone && (
                <Link href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</Link>
              )}
            </Fact>
            <Fact term="Categories">
              {names.length > 0 && (
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {names.map((n) => (
                    <Chip key={n} size="small" label={n} />
                  ))}
                </Stack>
              )}
            </Fact>
            <Fact term="Verification">
              {state && VERIFICATION_TEXT[state]}
              {verifiedAt ? ` (last verified ${formatDate(verifiedAt)})` : ''}
            </Fact>
            <Fact term="Tracked retailer">
              {company.core_id && (
                <Link component={RouterLink} to={retailerHref(company.id)}>
                  Stores and timeline
                </Link>
              )}
            </Fact>
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }} useFlexGap>
          {canEditMaster(me, company.id) && (
            <Button component={RouterLink} to={`/companies/${company.id}/edit`} startIcon={<EditIcon />}>
              Edit
            </Button>
          )}
          {isAdmin(me) && (
            <Button startIcon={<CallMergeIcon />} onClick={() => setMerging(true)}>
              Merge
            </Button>
          )}
          <WatchButton type="company" id={company.id} size="medium" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEnquiring(true)}>
            Create Enquiry
          </Button>
        </Stack>
      </Stack>
      <MergeCompanyDialog
        company={merging ? company : null}
        onClose={() => setMerging(false)}
        onMerged={(target) => void navigate(companyHref(target.id), { replace: true })}
      />
      <CreateEnquiryDialog
        open={enquiring}
        subject={null}
        company={company}
        onClose={() => setEnquiring(false)}
        onCreated={() => onEnquiryCreated?.()}
      />
    </Paper>
  );
}
