import { useId } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Breadcrumbs, Link, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { TRACKED_RETAILER_MESSAGES, formatDate } from '@frontage/shared';
import {
  VerificationIndicator,
  verificationOf,
  VERIFICATION_TEXT,
} from '../../../entities/companies/VerificationIndicator';
import { CommentsPanel } from '../../../entities/comments';
import { companyHref } from '../../../entities/companies/links';
import { useTrackedRetailer } from '../../../entities/tracked-retailers/api';
import { ApiError } from '../../../lib/http';
import { categoryNames } from '../components/categoryNames';
import { RetailerContacts } from '../components/RetailerContacts';
import { RetailerStores } from '../components/RetailerStores';
import { RetailerTimeline } from '../components/RetailerTimeline';

const TABS = [
  { value: 'stores', label: 'Stores' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'contacts', label: 'Contacts' },
  { value: 'comments', label: 'Comments' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** /core-data/:id — a tracked retailer's page: its stores, timeline, contacts and comments. */
export default function RetailerPage() {
  const id = Number(useParams().id) || null;
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'stores';
  const baseId = useId();
  const retailer = useTrackedRetailer(id);

  const back = (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to="/core-data">
        Tracked Retailers
      </Link>
      {retailer.data && <Typography color="text.primary">{retailer.data.name}</Typography>}
    </Breadcrumbs>
  );

  if (id === null || retailer.isError) {
    const notFound = id === null || (retailer.error instanceof ApiError && retailer.error.status === 404);
    return (
      <Box>
        {back}
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          Tracked Retailer
        </Typography>
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound ? TRACKED_RETAILER_MESSAGES.notTracked : 'The retailer could not be loaded.'}
        </Alert>
      </Box>
    );
  }
  const r = retailer.data;
  const state = r ? verificationOf(r) : null;

  return (
    <Box>
      {back}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        {r && <VerificationIndicator company={r} size={14} />}
        <Typography variant="h1" component="h1">
          {r?.name ?? 'Tracked Retailer'}
        </Typography>
        {r && (
          <Link component={RouterLink} to={companyHref(r.id)} sx={{ pl: 1 }}>
            Company page
          </Link>
        )}
      </Stack>
      {r && (
        <Paper variant="outlined" component="section" aria-label="Summary" sx={{ p: 2, mb: 2 }}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, auto)' },
              gap: 1.5,
              '& dt': { typography: 'caption', color: 'text.secondary' },
              '& dd': { m: 0, typography: 'body2' },
            }}
          >
            <Fact term="Categories" value={categoryNames(r.categories) || 'None'} />
            <Fact term="Stores" value={r.stores.toLocaleString('en-GB')} />
            <Fact term="Openings (12 m)" value={r.openings.toLocaleString('en-GB')} />
            <Fact term="Closures (12 m)" value={r.closures.toLocaleString('en-GB')} />
            <Fact term="Last verified" value={r.verified_at ? formatDate(r.verified_at) : 'Never'} />
            <Fact term="Verification" value={state ? VERIFICATION_TEXT[state] : ''} />
          </Box>
        </Paper>
      )}
      {id !== null && (
        <>
          <Tabs
            value={tab}
            onChange={(_e, v: TabValue) =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  next.set('tab', v);
                  return next;
                },
                { replace: true },
              )
            }
            aria-label="Retailer sections"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {TABS.map((t) => (
              <Tab
                key={t.value}
                value={t.value}
                label={t.label}
                id={`${baseId}-tab-${t.value}`}
                aria-controls={`${baseId}-panel`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
            {tab === 'stores' && <RetailerStores retailerId={id} />}
            {tab === 'timeline' && <RetailerTimeline retailerId={id} />}
            {tab === 'contacts' && <RetailerContacts companyId={id} />}
            {tab === 'comments' && (
              <Paper variant="outlined" component="section" aria-label="Comments" sx={{ p: 2 }}>
                <Typography variant="h2" sx={{ mb: 1 }}>
                  Comments
                </Typography>
                <CommentsPanel entityType="company" entityId={id} />
              </Paper>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
