import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Tab, Tabs } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { canEditMaster } from '@frontage/shared';
import { PageHeading } from '../../../components/PageHeading';
import { useContact } from '../../../entities/contacts/api';
import { useCurrentUser } from '../../../lib/session';
import { ContactAccount, ContactDetails } from '../components/ContactDetails';
import { ContactDeals } from '../components/ContactDeals';
import { ContactEnquiries } from '../components/ContactEnquiries';
import { ContactActivity } from '../components/ContactActivity';

/** The page's tabs by their `?tab=` key; Deals when none is named. */
const TABS = [
  { key: 'deals', label: 'Deals' },
  { key: 'enquiries', label: 'Enquiries' },
  { key: 'comments', label: 'Comments and mentions' },
  { key: 'activity', label: 'Activity' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const idOf = (raw: string | undefined): number | null => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/**
 * /users/{id}: a contact as a record to work from — details and company, and tabs of
 * their deals, enquiries, comments and mentions, and activity. Admins see the account too. Edit is
 * offered to whoever may change the contact (spec A: an admin or the contact's company; oneself).
 */
export default function ContactPage() {
  const id = idOf(useParams().id);
  const me = useCurrentUser();
  const { data: contact, isPending, isError } = useContact(id);
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'deals';

  if (id === null || isError)
    return (
      <Box>
        <PageHeading title="Contact" />
        <Alert severity="error">The contact could not be loaded.</Alert>
      </Box>
    );
  if (isPending || !contact)
    return (
      <Box>
        <PageHeading title="Contact" />
        <LinearProgress aria-label="Loading contact" />
      </Box>
    );

  const canEdit = canEditMaster(me, contact.company_id) || me.id === contact.id;
  return (
    <Box>
      <PageHeading
        title={contact.name}
        actions={
          canEdit && (
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              component={RouterLink}
              to={`/users/${contact.id}/edit`}
            >
              Edit
            </Button>
          )
        }
      />
      {/* The details above, the tabs below at the page's full width: the deals table needs it. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          alignItems: 'start',
          mb: 2,
        }}
      >
        <ContactDetails contact={contact} />
        <ContactAccount contact={contact} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: TabKey) =>
            setParams(
              (p) => {
                const n = new URLSearchParams(p);
                if (next === 'deals') n.delete('tab');
                else n.set('tab', next);
                return n;
              },
              { replace: true },
            )
          }
          aria-label="Contact records"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={`contact-tab-${t.key}`}
              aria-controls={t.key === tab ? `contact-panel-${t.key}` : undefined}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`contact-panel-${tab}`} aria-labelledby={`contact-tab-${tab}`}>
          {tab === 'deals' && <ContactDeals userId={contact.id} />}
          {tab === 'enquiries' && <ContactEnquiries userId={contact.id} />}
          {tab === 'comments' && <ContactActivity userId={contact.id} comments />}
          {tab === 'activity' && <ContactActivity userId={contact.id} />}
        </Box>
      </Box>
    </Box>
  );
}
