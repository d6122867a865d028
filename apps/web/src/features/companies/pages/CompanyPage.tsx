import { useId } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Breadcrumbs, LinearProgress, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import { ActivityTimeline } from '../../../entities/activity/ActivityTimeline';
import { useCompany } from '../../../entities/companies/api';
import { CommentsPanel } from '../../../entities/comments';
import { ApiError } from '../../../lib/http';
import { CompanyHeader } from '../record/CompanyHeader';
import { DealsTab } from '../record/DealsTab';
import { PeopleTab } from '../record/PeopleTab';
import { PortfolioTab } from '../record/PortfolioTab';
import { RequirementsTab } from '../record/RequirementsTab';

export const COMPANY_TABS = [
  { value: 'portfolio', label: 'Portfolio' },
  { value: 'deals', label: 'Deals' },
  { value: 'requirements', label: 'Requirements' },
  { value: 'people', label: 'People' },
  { value: 'activity', label: 'Activity' },
  { value: 'comments', label: 'Comments' },
] as const;
type TabValue = (typeof COMPANY_TABS)[number]['value'];

/** A positive integer id from the route, else null (a bad link says "not found", never asks the API). */
const idOf = (raw: string | undefined): number | null =>
  raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;

/**
 * /companies/:id — a company as a record to work from (ADR 0092): its header (logo, name,
 * verification, details and the actions the user may take) and tabs for its portfolio, deals,
 * requirements, people, activity and comments. The tab is `?tab=` in the URL, so a tab is a link
 * and Back returns to the previous one.
 */
export default function CompanyPage() {
  const id = idOf(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: TabValue = COMPANY_TABS.find((t) => t.value === params.get('tab'))?.value ?? 'portfolio';
  const baseId = useId();
  const company = useCompany(id);
  const showTab = (v: TabValue) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('tab', v);
      return next;
    });

  const crumbs = (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to="/companies">
        Companies
      </Link>
      {company.data && <Typography color="text.primary">{company.data.name}</Typography>}
    </Breadcrumbs>
  );

  if (id === null || company.isError) {
    const notFound = id === null || (company.error instanceof ApiError && company.error.status === 404);
    return (
      <Box>
        {crumbs}
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          Company
        </Typography>
        <Alert severity={notFound ? 'info' : 'error'}>
          {notFound
            ? 'This company does not exist (it may have been merged or deleted).'
            : 'The company could not be loaded.'}
        </Alert>
      </Box>
    );
  }
  const c = company.data;

  return (
    <Box>
      {crumbs}
      {!c ? (
        <LinearProgress aria-label="Loading company" />
      ) : (
        <>
          {/* A requirement created from the header is shown where it now is: the Requirements tab. */}
          <CompanyHeader company={c} onEnquiryCreated={() => showTab('requirements')} />
          <Tabs
            value={tab}
            onChange={(_e, v: TabValue) => showTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Company sections"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {COMPANY_TABS.map((t) => (
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
            {tab === 'portfolio' && <PortfolioTab companyId={c.id} />}
            {tab === 'deals' && <DealsTab companyId={c.id} />}
            {tab === 'requirements' && <RequirementsTab company={c} />}
            {tab === 'people' && <PeopleTab company={c} />}
            {tab === 'activity' && (
              <Paper variant="outlined" component="section" aria-label="Activity" sx={{ p: 2 }}>
                <ActivityTimeline owner={`/companies/${c.id}`} label={`Activity of ${c.name}`} />
              </Paper>
            )}
            {tab === 'comments' && (
              <Paper variant="outlined" component="section" aria-label="Comments" sx={{ p: 2 }}>
                <CommentsPanel entityType="company" entityId={c.id} />
              </Paper>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
